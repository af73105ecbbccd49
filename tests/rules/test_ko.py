"""Simple ko, its release, and ko under the superko presets, as board diagrams."""

import pytest

from rules import BLACK, WHITE, KoViolation, Suicide, SuperkoViolation, square
from tests.rules.helpers import assert_board, assert_refused, check_board, game_from, play_table

KO_SHAPE = """
. . . . .
. X O . .
X O . O .
. X O . .
. . . . .
"""

AFTER_BLACK_TAKES = """
. . . . .
. X O . .
X . X O .
. X O . .
. . . . .
"""


def test_simple_ko_forbids_immediate_retake_and_is_released_after_a_move_elsewhere():
    game = game_from(square(5), KO_SHAPE, rules="go-territory")
    t = game.topology
    assert play_table(game, "B C3") == [["B3"]]
    assert_board(game, AFTER_BLACK_TAKES)
    assert game.position.ko_point == t.parse("B3")
    assert not game.is_legal(t.parse("B3"))
    assert_refused(game, KoViolation, lambda: game.play(t.parse("B3")))
    assert play_table(game, "W E1  B E5  W B3") == [[], [], ["C3"]]
    assert_board(
        game,
        """
        . . . . X
        . X O . .
        X O . O .
        . X O . .
        . . . . O
        """,
    )
    assert game.position.ko_point == t.parse("C3")  # now Black may not retake at once


def test_ko_is_released_when_the_other_player_passes():
    game = game_from(square(5), KO_SHAPE, rules="go-territory")
    play_table(game, "B C3  W pass")
    assert game.position.ko_point is None
    play_table(game, "B E5  W B3")  # White may retake now
    assert game.prisoners == [1, 1]


def test_ko_error_is_readable():
    game = game_from(square(5), KO_SHAPE, rules="go-territory")
    play_table(game, "B C3")
    with pytest.raises(KoViolation) as refused:
        game.play(game.topology.parse("B3"))
    assert refused.value.code == "ko"
    assert "ko" in str(refused.value)


@pytest.mark.parametrize("rules", ["go-area", "badux"])
def test_under_superko_the_immediate_retake_is_a_superko_violation(rules):
    game = game_from(square(5), KO_SHAPE, rules=rules)
    t = game.topology
    play_table(game, "B C3")
    assert game.position.ko_point is None  # superko presets report no simple-ko point
    assert_refused(game, SuperkoViolation, lambda: game.play(t.parse("B3")))
    # After a ko threat and answer the board is new, so the retake is allowed.
    assert play_table(game, "W E1  B E5  W B3") == [[], [], ["C3"]]
    # Black's immediate retake would repeat the board after B E5, so it is refused too.
    assert_refused(game, SuperkoViolation, lambda: game.play(t.parse("C3")))


def test_capturing_two_stones_is_not_a_ko():
    game = game_from(
        square(5),
        """
        . X O . .
        X O . O .
        X O . O .
        . X O . .
        . . . . .
        """,
        rules="go-territory",
    )
    assert play_table(game, "B C4  W pass  B C3") == [[], [], ["B3", "B4"]]
    assert game.position.ko_point is None


def test_a_capture_by_a_stone_with_other_liberties_is_not_a_ko():
    """The retake would not capture (C3 keeps D3), so it is plain suicide, not ko."""
    game = game_from(
        square(5),
        """
        . . . . .
        . X O . .
        X O . . .
        . X O . .
        . . . . .
        """,
        rules="go-territory",
    )
    assert play_table(game, "B C3") == [["B3"]]
    assert game.position.ko_point is None
    b3 = game.topology.parse("B3")
    assert_refused(game, Suicide, lambda: game.play(b3))


SNAPBACK = """
. . . . .
. . . . .
X X X X .
X O O O X
X O . . X
"""


@pytest.mark.parametrize("rules", ["go-area", "go-territory"])
def test_snapback_is_legal_and_is_not_a_ko(rules):
    game = game_from(square(5), SNAPBACK, rules=rules, to_move=BLACK)
    captures = play_table(game, "B C1  W D1  B C1")
    assert captures == [[], ["C1"], ["B1", "B2", "C2", "D1", "D2"]]
    assert_board(
        game,
        """
        . . . . .
        . . . . .
        X X X X .
        X . . . X
        X . X . X
        """,
    )
    assert game.prisoners == [5, 1]
    assert game.to_move == WHITE
    check_board(game.board)
