"""Suicide is refused and changes nothing; self-atari (as in seki) is legal."""

import pytest

from rules import BLACK, WHITE, Suicide, square
from tests.rules.helpers import (
    assert_board,
    assert_refused,
    check_board,
    game_from,
    play_table,
)

# (name, setup, player, point): each move would leave the player's own stones without liberties.
SUICIDES = [
    (
        "single stone in the corner",
        """
        . O . . .
        O . . . .
        . . . . .
        . . . . .
        . . . . .
        """,
        BLACK,
        "A5",
    ),
    (
        "single stone on the edge",
        """
        . . . . .
        . . . . .
        X . . . .
        . X . . .
        X . . . .
        """,
        WHITE,
        "A2",
    ),
    (
        "single stone in the middle",
        """
        . . . . .
        . . O . .
        . O . O .
        . . O . .
        . . . . .
        """,
        BLACK,
        "C3",
    ),
    (
        "filling the last liberty of an own group",
        """
        . . . . .
        O O O . .
        X X . O .
        O O O . .
        . . . . .
        """,
        BLACK,
        "C3",
    ),
    (
        "joining two own stones that share the last liberty",
        """
        . . . . .
        . O O O .
        O X . X O
        . O O O .
        . . . . .
        """,
        BLACK,
        "C3",
    ),
    (
        "in an opponent's eye whose walls have other liberties",
        """
        . X X X .
        X X . X X
        X . X X .
        . X . . .
        . . . . .
        """,
        WHITE,
        "C4",
    ),
]


@pytest.mark.parametrize(
    ("setup", "player", "point"),
    [case[1:] for case in SUICIDES],
    ids=[case[0] for case in SUICIDES],
)
@pytest.mark.parametrize("rules", ["go-area", "go-territory"])
def test_suicide_is_refused_and_changes_nothing(setup, player, point, rules):
    game = game_from(square(5), setup, rules=rules, to_move=player)
    p = game.topology.parse(point)
    assert not game.is_legal(p)
    assert p not in game.legal_points()
    assert_refused(game, Suicide, lambda: game.play(p))
    assert_board(game, setup)
    check_board(game.board)


def test_suicide_error_names_the_reason():
    game = game_from(
        square(5),
        """
        . O . . .
        O . . . .
        . . . . .
        . . . . .
        . . . . .
        """,
    )
    with pytest.raises(Suicide) as refused:
        game.play(game.topology.parse("A5"))
    assert refused.value.code == "suicide"
    assert "suicide" in str(refused.value)
    assert refused.value.point == game.topology.parse("A5")


def test_a_move_that_only_removes_a_liberty_of_a_group_with_another_is_legal():
    game = game_from(
        square(5),
        """
        . . . . .
        O O O . .
        X X . . .
        O O O . .
        . . . . .
        """,
    )
    play_table(game, "B C3")  # the black group keeps D3
    assert game.board.liberties(game.topology.parse("A3")) == 1


SEKI = """
X X . O X . .
. O O O X . .
O O X X X . .
X X X . . . .
. . . . . . .
. . . . . . .
. . . . . . .
"""


def test_seki_stays_on_the_board_when_both_pass():
    game = game_from(square(7), SEKI)
    t = game.topology
    # Black's two stones and White's six share the two liberties C7 and A6, and nothing else.
    assert game.board.liberties(t.parse("A7")) == 2
    assert game.board.liberties(t.parse("B6")) == 2
    play_table(game, "B pass  W pass")
    assert game.over and game.end_reason == "passes"
    assert_board(game, SEKI)


@pytest.mark.parametrize(
    ("first", "then", "captured"),
    [
        ("B C7", "W A6", ["A7", "B7", "C7"]),
        ("W C7", "B A6", ["A5", "B5", "B6", "C6", "C7", "D6", "D7"]),
    ],
)
def test_filling_a_shared_liberty_in_seki_is_legal_self_atari(first, then, captured):
    colour = BLACK if first[0] == "B" else WHITE
    game = game_from(square(7), SEKI, to_move=colour)
    assert game.is_legal(game.topology.parse(first.split()[1]))
    assert play_table(game, f"{first}  {then}") == [[], captured]
