"""Captures on the square board, as tables: setup diagram, moves, expected board, captures."""

import pytest

from rules import BLACK, WHITE, square
from tests.rules.helpers import assert_board, check_board, game_from, play_table

# (name, setup, moves, expected board, captures of the last move, prisoners by (black, white))
CASES = [
    (
        "single stone in the middle",
        """
        . . . . .
        . . X . .
        . X O X .
        . . . . .
        . . . . .
        """,
        "B C2",
        """
        . . . . .
        . . X . .
        . X . X .
        . . X . .
        . . . . .
        """,
        ["C3"],
        (1, 0),
    ),
    (
        "group of three",
        """
        . . . . .
        . X X X .
        X O O O X
        . X X . .
        . . . . .
        """,
        "B D2",
        """
        . . . . .
        . X X X .
        X . . . X
        . X X X .
        . . . . .
        """,
        ["B3", "C3", "D3"],
        (3, 0),
    ),
    (
        "bent group of four",
        """
        . . . . .
        . X X . .
        X O O X .
        X O X . .
        . . . . .
        """,
        "W pass  B A1  W pass  B B1",
        """
        . . . . .
        . X X . .
        X . . X .
        X . X . .
        X X . . .
        """,
        ["B2", "B3", "C3"],
        (3, 0),
    ),
    (
        "stones on the edge",
        """
        . O O O .
        . X X X .
        . . . . .
        . . . . .
        . . . . .
        """,
        "B A5  W pass  B E5",
        """
        X . . . X
        . X X X .
        . . . . .
        . . . . .
        . . . . .
        """,
        ["B5", "C5", "D5"],
        (3, 0),
    ),
    (
        "a stone in the corner",
        """
        . . . . .
        . . . . .
        . . . . .
        X . . . .
        O . . . .
        """,
        "B B1",
        """
        . . . . .
        . . . . .
        . . . . .
        X . . . .
        . X . . .
        """,
        ["A1"],
        (1, 0),
    ),
    (
        "a black group in the corner",
        """
        . . . . .
        . . . . .
        . . . . .
        . . . O .
        . . O X X
        """,
        "W E2",
        """
        . . . . .
        . . . . .
        . . . . .
        . . . O O
        . . O . .
        """,
        ["D1", "E1"],
        (0, 2),
    ),
    (
        "a two-stone group and a single stone at once",
        """
        . X X . .
        X O O . .
        . X X O X
        . . . X .
        . . . . .
        """,
        "B D4",
        """
        . X X . .
        X . . X .
        . X X . X
        . . . X .
        . . . . .
        """,
        ["B4", "C4", "D3"],
        (3, 0),
    ),
    (
        "four stones at once, one of them on the edge",
        """
        . X O X .
        X O . O X
        . X O X .
        . . X . .
        . . . . .
        """,
        "B C4",
        """
        . X . X .
        X . X . X
        . X . X .
        . . X . .
        . . . . .
        """,
        ["B4", "C3", "C5", "D4"],
        (4, 0),
    ),
    (
        "a capture that looks like suicide",
        """
        . O X . .
        O . O X .
        X O O X .
        . X X . .
        . . . . .
        """,
        "B B4",
        """
        . O X . .
        O X . X .
        X . . X .
        . X X . .
        . . . . .
        """,
        ["B3", "C3", "C4"],
        (3, 0),
    ),
]


@pytest.mark.parametrize(
    ("setup", "moves", "expected", "captured", "prisoners"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_capture_table(setup, moves, expected, captured, prisoners):
    first = moves.split()[0]
    game = game_from(square(5), setup, to_move=BLACK if first == "B" else WHITE)
    check_board(game.board)
    captures = play_table(game, moves)
    assert_board(game, expected)
    assert captures[-1] == captured
    assert tuple(game.prisoners) == prisoners
    assert game.position.prisoners == prisoners
    assert sorted(game.topology.name(p) for p in game.last_captures) == captured


def test_captured_points_become_liberties_again():
    game = game_from(
        square(5),
        """
        . . . . .
        . . X . .
        . X O X .
        . . . . .
        . . . . .
        """,
    )
    t = game.topology
    play_table(game, "B C2")
    assert game.board.liberties(t.parse("C2")) == 4  # C3 freed, plus B2, D2, C1
    assert game.board.liberties(t.parse("B3")) == 4
    assert game.board.liberties(t.parse("C3")) == 0  # empty point


def test_a_group_in_atari_is_not_captured_until_its_last_liberty_goes():
    game = game_from(
        square(5),
        """
        . . . . .
        . X X . .
        X O O . .
        . X X . .
        . . . . .
        """,
    )
    t = game.topology
    assert game.board.liberties(t.parse("B3")) == 1
    play_table(game, "B E1  W pass")
    assert_board(
        game,
        """
        . . . . .
        . X X . .
        X O O . .
        . X X . .
        . . . . X
        """,
    )
    assert play_table(game, "B D3") == [["B3", "C3"]]
