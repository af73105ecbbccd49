"""Hand-checked final positions: the one source for bench/scoring_accuracy.py (its second
table) and the diagram tests of tests/rules/test_deadstones_families.py.

Each position was built for one family of the count's hard cases (issue 16: corner and first
line life and death, seki and what looks like one, capturing races left unplayed, unfilled
dame), on square boards and hexagons, and its dead stones were decided by hand from the
diagram: `why` says why. In the diagrams `X`/`O` are live stones, `x`/`o` dead ones, `s`/`t`
black/white stones in seki (alive); `rules.diagram.parse_marked_diagram` reads them. They are
measured and tested, never special-cased by the estimator.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Hand:
    name: str
    family: str  # corner (life and death on the edge), seki, race, dame, invasion
    board: str  # "9", "13", "19" or "hex6", "hex12"
    diagram: str
    why: str


HAND: list[Hand] = [
    Hand(
        "corner-bent-four",
        "corner",
        "9",
        """
        . . . o X O . . .
        . o o o X O . . .
        o o X X X O . . .
        X X X . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        """,
        "White's only eye space is a bent four whose bend is the 1-1 point: dead (Black takes B9).",
    ),
    Hand(
        "corner-square-four",
        "corner",
        "9",
        """
        . . o X X O . . .
        . . o X X O . . .
        o o o X X O . . .
        X X X X X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        """,
        "White's only eye space is a square four in the corner: one eye whatever White plays.",
    ),
    Hand(
        "corner-seki",
        "corner",
        "9",
        """
        . s s O . . . . .
        t . s O . . . . .
        t t s O . . . . .
        X X O O . . . . .
        . X O . . . . . .
        X X O . . . . . .
        X X O O O O O O O
        X X X X X X X X X
        . . . . . . . . .
        """,
        "Black B9-C7 and White A8-B7 share A9 and B8 and have no other liberty: seki, nobody dead.",
    ),
    Hand(
        "seki-no-eyes-edge",
        "seki",
        "9",
        """
        . . O s . t X . .
        . . O s . t X . .
        . . O s s t X . .
        . . O O O X X . .
        . . . . O X . . .
        . . . . O X . . .
        . . . . O X . . .
        . . . . O X . . .
        . . . . O X . . .
        """,
        (
            "Black D9-E7 and White F9-F7 have no eye and share E9 and E8, nothing else, "
            "between a White and a Black wall: whoever fills one is captured: seki."
        ),
    ),
    Hand(
        "seki-one-eye-each",
        "seki",
        "9",
        """
        . s . t . t X . .
        s s s t t t X . .
        O O O X X X X . .
        . . O X . . . . .
        . . O X . . . . .
        . . O X . . . . .
        . . O X . . . . .
        . . O X . . . . .
        . . O X . . . . .
        """,
        (
            "Black A8-C8 has the eye A9, White D8-F9 the eye E9, and they share C9: whoever "
            "fills C9 is left with one liberty and captured: seki, nobody dead."
        ),
    ),
    Hand(
        "hex-seki-one-eye-each",
        "seki",
        "hex6",
        """
             . t s s . s
            t t s s s s O
           . s s O O O O .
          s s O O . . . . .
         O O O . . . . . . O
        . . . . . . O O O O X
         . . . . O O X X X X
          O O O O X X . . .
           X X X X . . . .
            . . . . . . .
             . . . . . .
        """,
        (
            "In the corner, three White stones have the eye F11 and Black's group the eye K11; "
            "they share D9. Whoever fills D9 is left with one liberty and captured: seki."
        ),
    ),
    Hand(
        "hex-corner-false-seki",
        "seki",
        "hex6",
        """
             O . x O . .
            O O x O . . O
           . x x O . . O X
          x x O O . . O X .
         O O O . . . O X . .
        . . . . . . O X . . .
         . . . . O O X . . .
          O O O O X X . . .
           X X X X . . . .
            . . . . . . .
             . . . . . .
        """,
        (
            "Three White stones in the corner and six Black ones share two liberties and have no "
            "eye (they share G11 and D9), which looks like a seki; but White fills G11, Black "
            "must take four stones at D9 and is left with a four-cell rhombus, a dead shape on "
            "a hexagon: Black is dead."
        ),
    ),
    Hand(
        "false-seki-throw-in",
        "seki",
        "9",
        """
        . . . . . O x x .
        . . . . . O x . O
        . . . . . O x x x
        . . . . . O O O O
        O O O O O O . . .
        X X X X X X X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """,
        (
            "Black G9-J7 and the White stone J8 share H8 and J9, which looks like a seki, but "
            "White throws in at H8; Black takes two stones and is left with a two-point eye "
            "that White fills again: Black is dead."
        ),
    ),
    Hand(
        "corner-race",
        "race",
        "9",
        """
        . X X . O . . . .
        o . X O O . . . .
        o o X . O . . . .
        X X O O O . . . .
        . X O . . . . . .
        X X O . . . . . .
        X X O O O O O O O
        X X X X X X X X X
        . . . . . . . . .
        """,
        (
            "White A8-B7 has the two shared liberties only, Black B9-C7 two more (D9, D7): White "
            "loses the race whoever starts."
        ),
    ),
    Hand(
        "edge-rectangular-six",
        "corner",
        "9",
        """
        O . . . O X . . .
        O . . . O X . . .
        O O O O O X . . .
        X X X X X X . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """,
        (
            "White's eye space B9-D8 is a rectangular six on the first two lines, not taking the "
            "corner point: whatever Black plays inside, White makes two eyes: alive."
        ),
    ),
    Hand(
        "race-eye-beats-no-eye",
        "race",
        "9",
        """
        . X X . X O . . .
        o . X X X O . . .
        o o X O O O . . .
        X X O O . . . . .
        . X O . . . . . .
        X X O . . . . . .
        X X O O O O O O O
        X X X X X X X X X
        . . . . . . . . .
        """,
        (
            "Black B9-E9 has the eye D9 and shares A9 and B8 with White A8-B7, which has no "
            "eye: one eye beats none, Black fills A9 or B8 and captures: White is dead."
        ),
    ),
    Hand(
        "edge-false-eye",
        "corner",
        "9",
        """
        . o . o X . X O .
        o o o X X . X O .
        X X X X . . X O .
        . . . . . . X O .
        . . . . . . X O .
        . . . . . . X O .
        . . . . . . X O .
        . . . . . . X O .
        . . . . . . X O .
        """,
        "White's C9 eye is false on the first line (Black D8 takes its diagonal): one eye, dead.",
    ),
    Hand(
        "edge-two-eyes",
        "corner",
        "9",
        """
        . O . O . O X O .
        O O O O O O X O .
        X X X X X X X O .
        . . . . . . X O .
        . . . . . . X O .
        . . . . . . X O .
        . . . . . . X O .
        . . . . . . X O .
        . . . . . . X O .
        """,
        "White on the first two lines has three real eyes (A9, C9, E9): alive.",
    ),
    Hand(
        "edge-zigzag-four",
        "corner",
        "9",
        """
        O . . O O X X O .
        O O . . O X X O .
        X O O O O X X O .
        X X X X X X X O .
        . . . . . . X O .
        . . . . . . X O .
        . . . . . . X O .
        . . . . . . X O .
        . . . . . . X O .
        """,
        "White's eye space B9 C9 C8 D8 is a 1-2-1 zigzag: White answers C9 at C8: alive.",
    ),
    Hand(
        "edge-pyramid-four",
        "corner",
        "9",
        """
        o . . . o X X O .
        o o . o o X X O .
        X o o o X X X O .
        X X X X X X X O .
        . . . . . . X O .
        . . . . . . X O .
        . . . . . . X O .
        . . . . . . X O .
        . . . . . . X O .
        """,
        "White's eye space B9 C9 D9 C8 is a pyramid four: Black C9 leaves one eye: dead.",
    ),
    Hand(
        "race-five-against-three",
        "race",
        "13",
        """
        . . . . . X O . . . . . .
        . . . . . X O . . . . . .
        . . . . . X O . . . . . .
        . . . X X X O O O . . . .
        . . . X X o X . O . . . .
        . . . X X o X . O . . . .
        . . . X . o X . O . . . .
        . . . X . o X . O . . . .
        . . . X . o X . O . . . .
        . . . X X X O O O . . . .
        . . . . . X O . . . . . .
        . . . . . X O . . . . . .
        . . . . . X O . . . . . .
        """,
        (
            "White F5-F9 has 3 liberties (E5-E7), Black G5-G9 has 5 (H5-H9), none shared: "
            "White dies whoever starts."
        ),
    ),
    Hand(
        "dame-column",
        "dame",
        "9",
        """
        . . . X . O . . .
        . . . X . O . . .
        . o . X . O . . .
        . . . X . O . . .
        . . . X . O . x .
        . . . X . O . . .
        . . . X . O . . .
        . . . X . O . . .
        . . . X . O . . .
        """,
        "Column E was never filled: dame. The lone stones B7 and H5 are dead all the same.",
    ),
    Hand(
        "race-and-dame-19",
        "race",
        "19",
        """
        . . . . . . . . X O . . . . . . . . .
        . . . . . . . . X O . . . . . . . . .
        . . o . . . . . X O . . . . . . . . .
        . . . . . . . . X O . . . . . x . . .
        . . . . . . X X X O O O . . . . . . .
        . . . . . . X X o X . O . . . . . . .
        . . . . . . X X o X . O . . . . . . .
        . . . . . . X X o X . O . . . . . . .
        . . . . . . X X o X . O . . . . . . .
        . . . . . . X . o X . O . . . . . . .
        . . . . . . X . o X . O . . . . . . .
        . . . . . . X . o X . O . . . . . . .
        . . . . . . X . o X . O . . . . . . .
        . . . . . . X X X O O O . . . . . . .
        . . . . . . . . X O . . . . . . . . .
        . . . o . . . . X O . . . . . . . . .
        . . . . . . . X . . O . . . . . x x .
        . . . . . . . X . . O . . . . . . . .
        . . . . . . . X . . O . . . . . . . .
        """,
        (
            "White J7-J14 has 4 liberties, Black K7-K14 8, none shared: White dies. J1-K3 "
            "are dame; the lone invaders C17, D4, Q16, R3 and S3 are dead."
        ),
    ),
    Hand(
        "hex-straight-three",
        "corner",
        "hex6",
        """
             . X O . . .
            . . X O . . .
           X X X X O . . .
          o o o o X O . . .
         o . . . o X O . . .
        X o o o o X X O . . .
         X X X X X . X O . .
          . . . . . . X O .
           . . . . . . X O
            . . . . . . X
             . . . . . .
        """,
        "White's only eye space is three cells in a row: Black takes the middle: dead.",
    ),
    Hand(
        "hex-straight-four",
        "corner",
        "hex6",
        """
             . X O . . .
            . . X O . . .
           . . . X O . . .
          X X X X X O . . .
         O O O O O X O . . .
        O . . . . O X O . . .
         O O O O O X X O . .
          X X X X X . X O .
           . . . . . . X O
            . . . . . . X
             . . . . . .
        """,
        "White's eye space is four cells in a row on the edge: two eyes whoever starts: alive.",
    ),
    Hand(
        "hex12-invaders",
        "corner",
        "hex12",
        """
                   X O . . . . . . . . . .
                  . X O . . . . . . . . . .
                 . . X O . . . . . . . . . .
                . . . X O . . . . . . . . . .
               . . . . X O . . . x . . . . . .
              . . . . . X O . . . . x . . . . .
             . . . . . . X O . . . . . . . . . .
            . . o . . . . X O . . . . . . . . . .
           . . . . . . . . X O . . . . . . . . . .
          . . . . . . . . . X O . . . . . . . . . .
         . . . o . . . . . . X O . . . . x x . . . .
        . . . . . . . . . . . X O . . . . . . . . . .
         . . . . . . . . . . . X O . . . . . . . . .
          . . . . . . . . . . . X O . . . . . . . .
           . . . X X o X X . . . X O . . . . . . .
            . . X o o o o X . . . X O . . . . . .
             . X o . . . o X . . . X O . . . . .
              . X o o o o X . . . . X O . . . .
               . X X X X X . . . . . X O . . .
                . . . . . . . . . . . X O . .
                 . . . . . . . . . . . X O .
                  . . . . . . . . . . . X O
                   . . . . . . . . . . . X
        """,
        (
            "Lone invaders on both sides, and a White group whose only eye space is three "
            "cells in a row: all dead."
        ),
    ),
    Hand(
        "hex12-dame",
        "dame",
        "hex12",
        """
                   . O . . . . . . . . . .
                  X . O . . . . . . . . . .
                 . X . O . . . . . . . . . .
                . . X . O . . . . . . . . . .
               . . . X . O . . . . . . . . . .
              . . . . X . O . . . . . . . . . .
             . . . . . X . O . . . . . . . . . .
            . . . o . . X . O . . . . . . . . . .
           . . . . . . . X . O . . . . . . . . . .
          . . . . . . . . X . O . . . . . . . . . .
         . . . . o . . . . X . O . . . . . . . . . .
        . . . . . . . . . . X . O . . . . . . . . . .
         . . . . . . . . . . X . O . . . x . . . . .
          . . . . . . . . . . X . O . . . . x . . .
           . . . . . . . . . . X . O . . . . . . .
            . . . . . . . . . . X . O . . . . . .
             . . . . . . . . . . X . O . . . . .
              . . . . . . . . . . X . O . . . .
               . . . . . . . . . . X . O . . .
                . . . . . . . . . . X . O . .
                 . . . . . . . . . . X . O .
                  . . . . . . . . . . X . O
                   . . . . . . . . . . X .
        """,
        "A column of dame between the walls; the four lone invaders are dead.",
    ),
    Hand(
        "hex12-two-eyes",
        "corner",
        "hex12",
        """
                   X O . . . . . . . . . .
                  . X O . . . . . . . . . .
                 . . X O . . . . . . . . . .
                . . . X O . . . . . . . . . .
               . . . . X O . . . . . . . . . .
              X X X X . X O . . . . . . . . . .
             o o o o X . X O . . . . x x . . . .
            o . . . o X . X O . . . . . . . . . .
           X o o o o X . . X O . . . . . . . . . .
          . X X X X X . . . X O . . . . . . . . . .
         . . . . . . . . . . X O . . . . . . . . . .
        . . . . . . . . . . . X O . . . . . . . . . .
         . . . . . . . . . . . X O . . . . . . . . .
          . . . X X X X X . . . X O . . . . . . . .
           . . X O O O O X . . . X O . . . . . . .
            . X O . O . O X . . . X O . . . . . .
             . X O O O O X . . . . X O . . . . .
              . X X X X X . . . . . X O . . . .
               . . . . . . . . . . . X O . . .
                . . . . . . . . . . . X O . .
                 . . . . . . . . . . . X O .
                  . . . . . . . . . . . X O
                   . . . . . . . . . . . X
        """,
        (
            "The lower White group has two one-cell eyes: alive; the upper one has a straight "
            "three only: dead; the Black pair in White's area is dead."
        ),
    ),
    Hand(
        "invasion-lives-19",
        "invasion",
        "19",
        """
        . . . . . . . . . . X O . . . . . . .
        . . . . . . . . . . X O . . . . . . .
        . . . . . . . . . . X O . . . . . . .
        . . . o . . . . . . X O . . . x . . .
        . . . . . . . . . . X O . . . . . . .
        . . . . . . . . . . X O . . . . . . .
        . . . . . . . . . . X O . . . . . . .
        . X X X X X X X . . X O . . . . . . .
        X O O O O O O O X . X O . . . . . . .
        X O . . . . . O X . X O . . . . . . .
        X O O O O O O O X . X O . . . . . . .
        . X X X X X X X . . X O . . . . . . .
        . . . . . . . . . . X O . . . . . . .
        . . . . . . . . . . X O . . . . . . .
        . . . . . . . . . . X O . . . . x . .
        . . . . . . o o . . X O . . . . . . .
        . . . . . . . . . . X O . . . . . . .
        . . . . . . . . . . X O . . . . . . .
        . . . . . . . . . . X O . . . . . . .
        """,
        (
            "White's invasion C9-H11 has a straight five (C10-G10) for its eyes: two eyes "
            "whoever starts, alive. The lone stones D16, G4-H4, Q16 and R5 are dead."
        ),
    ),
    Hand(
        "edge-three-with-outside-liberty",
        "corner",
        "9",
        """
        o . . . o X O . .
        o o o o o X O . .
        X X . X X X O . .
        . . . . . X O . .
        . . . . . X O . .
        . o . . . X O . .
        . . . . . X O . .
        . . . . . X O . .
        . . . . . X O . .
        """,
        (
            "White's eye space B9-D9 is a straight three; its outside liberty C7 is Black's to "
            "fill (Black C7 also joins A7-B7 to the wall): dead, and so is the lone B4."
        ),
    ),
]


def hand(name: str) -> Hand:
    """The hand-checked position called `name`; KeyError when there is none."""
    for position in HAND:
        if position.name == name:
            return position
    raise KeyError(name)
