"""The exercises on Badux hexagons, in lesson order (see games.learn.exercises)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.learn.exercises.exercise import (
    CAPTURE,
    CONNECT,
    COUNT,
    EYES,
    FORBIDDEN,
    KILL,
    SAVE,
    Exercise,
)
from rules.board import WHITE

HEX_EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="hex-capture-centre",
        topic="capture",
        board="hex",
        n=4,
        diagram="""
               . . . .
              . . . . .
             . . X X . .
            . . X O X . .
             . . X . . .
              . . . . .
               . . . .
        """,
        title=_("Six liberties"),
        prompt=_(
            "On a hexagon a stone in the open has six neighbours. Black has taken five. "
            "Capture the white stone."
        ),
        goal=CAPTURE,
        targets=("D4",),
        answers=("D3",),
        wrong=(("E3", "not_captured"), ("D2", "not_captured")),
        solution=_("D3 is the sixth neighbour of D4: the white stone is captured."),
    ),
    Exercise(
        slug="hex-capture-edge",
        topic="capture",
        board="hex",
        n=4,
        diagram="""
               X . . .
              O X . . .
             . X . . . .
            . . . . . . .
             . . . . . .
              . . . . .
               . . . .
        """,
        title=_("On the edge of the hexagon"),
        prompt=_("A cell on the edge has four neighbours. Capture the white stone."),
        goal=CAPTURE,
        targets=("C6",),
        answers=("B5",),
        wrong=(("B4", "not_captured"), ("C5", "occupied")),
        solution=_("B5 was the last free neighbour of C6."),
    ),
    Exercise(
        slug="hex-capture-corner",
        topic="capture",
        board="hex",
        n=4,
        diagram="""
               . . . .
              . . . . .
             . . . . . .
            . . . . . . .
             . . . . . .
              X X X . .
               O O . .
        """,
        title=_("In the corner"),
        prompt=_("A corner cell has only three neighbours. Capture the two white stones."),
        goal=CAPTURE,
        targets=("A1",),
        answers=("C1",),
        wrong=(("D1", "not_captured"), ("D2", "not_captured")),
        solution=_("The white chain A1-B1 had one liberty left, C1."),
    ),
    Exercise(
        slug="hex-capture-chain",
        topic="capture",
        board="hex",
        n=4,
        diagram="""
               . . . .
              . . . . .
             . . X X X .
            . . X O O X .
             . . X X . .
              . . . . .
               . . . .
        """,
        title=_("Eight liberties"),
        prompt=_(
            "Two white stones side by side share their neighbours: eight liberties in all. "
            "Black has taken seven. Capture them."
        ),
        goal=CAPTURE,
        targets=("D4",),
        answers=("E3",),
        wrong=(("F3", "not_captured"), ("D2", "not_captured")),
        solution=_("E3 touches E4 and was the last liberty of the chain."),
    ),
    Exercise(
        slug="hex-save-extend",
        topic="save",
        board="hex",
        n=4,
        diagram="""
               . . . .
              . . . . .
             . . O O . .
            . . O X O . .
             . . O . . .
              . . . . .
               . . . .
        """,
        title=_("Escape on the hexagon"),
        prompt=_("The black stone has one liberty. Save it."),
        goal=SAVE,
        targets=("D4",),
        answers=("D3",),
        wrong=(("D2", "still_in_atari"), ("E3", "still_in_atari")),
        solution=_("D3 joins the stone and brings three new liberties: C2, D2 and E3."),
    ),
    Exercise(
        slug="hex-save-edge",
        topic="save",
        board="hex",
        n=4,
        diagram="""
               . . . .
              O . . . .
             X O . . . .
            O . . . . . .
             . . . . . .
              . . . . .
               . . . .
        """,
        title=_("Escape along the edge"),
        prompt=_("The black stone on the edge is in atari. Save it."),
        goal=SAVE,
        targets=("B5",),
        answers=("B4",),
        wrong=(("A3", "still_in_atari"), ("C4", "still_in_atari")),
        solution=_("B4 was the stone's last liberty; joined to it, the chain has three."),
    ),
    Exercise(
        slug="hex-suicide-centre",
        topic="suicide",
        board="hex",
        n=4,
        diagram="""
               . . . .
              . . . . .
             . . O O . .
            . . O . O . .
             . . O O . .
              . . . . .
               . . . .
        """,
        title=_("An empty cell inside a ring"),
        prompt=_("One empty cell is forbidden to Black. Which one?"),
        goal=FORBIDDEN,
        reason="suicide",
        answers=("D4",),
        wrong=(("C5", "legal"), ("D5", "other_reason")),
        solution=_(
            "A black stone on D4 would have no liberty and the white ring around it has "
            "plenty: suicide."
        ),
    ),
    Exercise(
        slug="hex-capture-inside",
        topic="suicide",
        board="hex",
        n=4,
        diagram="""
               . . . .
              . . . . .
             . . . . . .
            . . . . . . .
             X X X . . .
              O O X . .
               . O X .
        """,
        title=_("The last liberty is inside"),
        prompt=_(
            "The three white stones have one liberty left, and it has no free neighbour. "
            "Capture them."
        ),
        goal=CAPTURE,
        targets=("B2",),
        answers=("A1",),
        wrong=(("D1", "not_captured"), ("E2", "not_captured")),
        solution=_(
            "A1 captures the three white stones first, so the black stone has liberties "
            "afterwards: not suicide."
        ),
    ),
    Exercise(
        slug="hex-superko",
        topic="ko",
        board="hex",
        n=3,
        diagram="""
              X O .
             . X O .
            X X O . O
             X O O O
              X O O
        """,
        to_move=WHITE,
        history=(
            "D3",
            "E4",
            "pass",
            "D3",
            "E5",
            "C2",
            "E4",
            "D4",
            "E3",
            "D5",
            "D3",
            "B1",
            "D2",
            "B2",
            "C1",
            "C3",
            "D3",
            "D2",
            "E5",
            "C1",
            "E4",
        ),  # fmt: skip
        title=_("Superko on the hexagon"),
        prompt=_(
            "Simple ko cannot happen on a hexagon, but a longer cycle can. The 21 moves since "
            "the position shown under the board have almost brought it back. Which cell "
            "would bring it back exactly?"
        ),
        goal=FORBIDDEN,
        reason="superko",
        answers=("E3",),
        wrong=(("A1", "other_reason"),),
        solution=_(
            "White E3 captures and leaves exactly the stones of the first position: "
            "positional superko forbids any move that repeats a whole-board position."
        ),
    ),
    Exercise(
        slug="hex-connect",
        topic="connect",
        board="hex",
        n=4,
        diagram="""
               . . . .
              . . . . .
             . . . . . .
            . . . X . . .
             . . . O X .
              . . . . .
               . . . .
        """,
        title=_("No cuts on a hexagon"),
        prompt=_(
            "The black stones on D4 and E3 share two neighbours, and White has taken one. Connect."
        ),
        goal=CONNECT,
        targets=("D4", "E3"),
        answers=("E4",),
        wrong=(("F3", "not_connected"), ("D3", "occupied")),
        solution=_(
            "E4 is the other shared neighbour. With two of them, Black can always answer: "
            "the stones could never be cut."
        ),
    ),
    Exercise(
        slug="hex-eyes-three",
        topic="life",
        board="hex",
        n=4,
        diagram="""
               . . . .
              . . . . .
             . . . . . .
            . . . . . . .
             O O O O O .
              X X X X O
               . . . X
        """,
        title=_("Two eyes on the edge"),
        prompt=_("Black's group has three empty cells along the edge. Live."),
        goal=EYES,
        targets=("B2",),
        answers=("B1",),
        wrong=(("A1", "not_alive"), ("C1", "not_alive")),
        solution=_("B1 splits the space into A1 and C1: two eyes."),
    ),
    Exercise(
        slug="hex-kill-three",
        topic="life",
        board="hex",
        n=4,
        diagram="""
               . . . .
              . . . . .
             . . . . . .
            . . . . . . .
             O O O O O .
              X X X X O
               . . . X
        """,
        to_move=WHITE,
        title=_("The vital cell"),
        prompt=_("The same shape, but White moves first. Kill the group."),
        goal=KILL,
        targets=("B2",),
        answers=("B1",),
        wrong=(("A1", "lives"), ("C1", "lives")),
        solution=_("B1 is the cell Black needed to split the space; now only one eye is left."),
    ),
    Exercise(
        slug="hex-eyes-corner",
        topic="life",
        board="hex",
        n=5,
        diagram="""
                . . . . .
               . . . . . .
              . . . . . . .
             . . . . . . . .
            . . . . . . . . .
             . . O O O . . .
              O O X X O . .
               X X . X O .
                . . . X O
        """,
        title=_("A bent space in the corner"),
        prompt=_(
            "Black's group has four empty cells in the corner: three along the edge and one "
            "above them. Only one cell gives it two eyes. Live."
        ),
        goal=EYES,
        targets=("B2",),
        answers=("B1",),
        wrong=(("A1", "not_alive"), ("C1", "not_alive"), ("C2", "not_alive")),
        solution=_(
            "B1 touches each of the other three cells, so it splits the space into A1 and "
            "C1-C2: two eyes. Any other cell leaves White an answer that kills."
        ),
    ),
    Exercise(
        slug="hex-count",
        topic="count",
        board="hex",
        n=4,
        diagram="""
               X O . .
              . X O . .
             . X O . . .
            . X X O . . .
             . . X O . .
              . . X O .
               . X O .
        """,
        title=_("Count a Badux board"),
        prompt=_(
            "The game is over and every stone is alive. How many points of area does Black "
            "have (stones plus surrounded empty cells)?"
        ),
        goal=COUNT,
        answers=("16",),
        wrong=(("19", "wrong_count"),),
        solution=_("Count the black stones, then the empty cells on Black's side."),
    ),
)
