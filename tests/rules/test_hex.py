"""Badux on hexagons: captures at the centre, edge and corner, suicide, no simple ko, superko.

Hex diagrams have one text row per SGF row, indented so the board looks like a hexagon; a cell
touches the two cells beside it and the two nearest in the rows above and below.
"""

import pytest

from rules import Suicide, SuperkoViolation, hexagon
from tests.rules.helpers import assert_board, assert_refused, check_board, game_from, play_table

H4 = hexagon(4)

CASES = [
    (
        "a centre stone needs six",
        """
           . . . .
          . . . . .
         . . X X . .
        . . X O . . .
         . . X X . .
          . . . . .
           . . . .
        """,
        "B E4",
        """
           . . . .
          . . . . .
         . . X X . .
        . . X . X . .
         . . X X . .
          . . . . .
           . . . .
        """,
        ["D4"],
    ),
    (
        "an edge stone needs four",
        """
           X O X .
          . X . . .
         . . . . . .
        . . . . . . .
         . . . . . .
          . . . . .
           . . . .
        """,
        "B E6",
        """
           X . X .
          . X X . .
         . . . . . .
        . . . . . . .
         . . . . . .
          . . . . .
           . . . .
        """,
        ["E7"],
    ),
    (
        "a corner stone needs three",
        """
           . . . .
          . . . . .
         X . . . . .
        O . . . . . .
         X . . . . .
          . . . . .
           . . . .
        """,
        "B B4",
        """
           . . . .
          . . . . .
         X . . . . .
        . X . . . . .
         X . . . . .
          . . . . .
           . . . .
        """,
        ["A4"],
    ),
    (
        "a group of two needs eight",
        """
           . . . .
          . . . . .
         . . X X X .
        . . X O O . .
         . . X X X .
          . . . . .
           . . . .
        """,
        "B F4",
        """
           . . . .
          . . . . .
         . . X X X .
        . . X . . X .
         . . X X X .
          . . . . .
           . . . .
        """,
        ["D4", "E4"],
    ),
]


@pytest.mark.parametrize(
    ("setup", "moves", "expected", "captured"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_hex_capture_table(setup, moves, expected, captured):
    game = game_from(H4, setup, rules="badux")
    assert play_table(game, moves)[-1] == captured
    assert_board(game, expected)
    assert game.prisoners == [len(captured), 0]


@pytest.mark.parametrize(
    ("setup", "point"),
    [
        (
            """
               . . . .
              . . . . .
             O . . . . .
            . O . . . . .
             O . . . . .
              . . . . .
               . . . .
            """,
            "A4",
        ),
        (
            """
               . . . .
              . . . . .
             . . O O O .
            . . O X . O .
             . . O O O .
              . . . . .
               . . . .
            """,
            "E4",
        ),
    ],
    ids=["corner stone", "group of two"],
)
def test_hex_suicide_is_refused(setup, point):
    game = game_from(H4, setup, rules="badux")
    assert_refused(game, Suicide, lambda: game.play(H4.parse(point)))
    check_board(game.board)


@pytest.mark.parametrize("n", range(3, 14))
def test_hex_has_no_simple_ko_shape(n):
    """Two touching cells always share a neighbour on the board. So a single stone that
    captures a single stone touches that shared cell, which the captured stone's surrounders
    (Black) and the capturer's surrounders (White) would both have to hold: impossible."""
    t = hexagon(n)
    for p in t.points():
        for q in t.neighbours[p]:
            assert set(t.neighbours[p]) & set(t.neighbours[q])


# A cycle found by searching random hex-3 games: 21 moves bring the board back, and the 22nd
# (W E3) would recreate the starting position exactly.
CYCLE_START = """
  X O .
 . X O .
X X O . O
 X O O O
  X O O
"""
CYCLE = (
    "B D3  W E4  B pass  W D3  B E5  W C2  B E4  W D4  B E3  W D5  B D3  W B1  B D2  W B2  "
    "B C1  W C3  B D3  W D2  B E5  W C1  B E4"
)


def test_superko_applies_on_hex_although_simple_ko_never_does():
    t = hexagon(3)
    game = game_from(t, CYCLE_START, rules="badux")
    play_table(game, CYCLE)
    e3 = t.parse("E3")
    assert_refused(game, SuperkoViolation, lambda: game.play(e3))


def test_the_same_cycle_is_allowed_under_simple_ko_and_repeats_the_board():
    t = hexagon(3)
    game = game_from(t, CYCLE_START, rules="go-territory")
    start = game.position
    play_table(game, CYCLE + "  W E3")
    assert_board(game, CYCLE_START)
    assert game.position.hash == start.hash
    assert game.ko_point is None
