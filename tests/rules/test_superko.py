"""Positional superko: no stone may recreate an earlier board position (superko presets).

Send-two-return-one: Black throws in a second stone, White captures both, Black takes back
one, and the board is the one before the throw-in. Simple ko does not see it (the retake
captures one stone but the capturing stone has two liberties), so go-territory allows it.
"""

import pytest

from rules import SuperkoViolation, preset, square
from tests.rules.helpers import assert_board, assert_refused, check_board, game_from, play_table

SEND_TWO = """
. O . . .
X O . . .
. X . . .
X . . . .
. . . . .
"""

AFTER_WHITE_CAPTURES = """
. O . . .
. O . . .
O X . . .
X . . . .
. . . . .
"""


@pytest.mark.parametrize("rules", ["go-area", "badux"])
def test_send_two_return_one_is_refused_under_superko(rules):
    game = game_from(square(5), SEND_TWO, rules=rules)
    assert play_table(game, "B A5  W A3") == [[], ["A4", "A5"]]
    assert_board(game, AFTER_WHITE_CAPTURES)
    a4 = game.topology.parse("A4")
    # The earlier board had Black to move, the repeat would have White to move: the rule is
    # positional, so it is refused all the same.
    assert not game.is_legal(a4)
    assert_refused(game, SuperkoViolation, lambda: game.play(a4))
    with pytest.raises(SuperkoViolation) as refused:
        game.play(a4)
    assert refused.value.code == "superko"
    assert "repeat" in str(refused.value)
    # Any other move stays available, so the game goes on.
    play_table(game, "B E1")
    check_board(game.board)


def test_send_two_return_one_repeats_under_simple_ko():
    game = game_from(square(5), SEND_TWO, rules="go-territory")
    start = game.position
    assert play_table(game, "B A5  W A3  B A4") == [[], ["A4", "A5"], ["A3"]]
    assert_board(game, SEND_TWO)
    assert game.position.hash == start.hash
    assert game.position.ko_point is None  # not a ko: A4 has two liberties
    # and the cycle can go round again
    assert play_table(game, "W A5  B pass  W pass") == [[], [], []]
    assert game.over


def test_superko_history_grows_by_one_per_stone_and_not_per_pass():
    t = square(9)
    game = game_from(t, "\n".join([". " * 9] * 9), rules="go-area")
    assert len(game.history) == 1
    play_table(game, "B E5  W pass  B C3  W D4")
    assert len(game.history) == 4
    assert preset("go-area", t).superko and not preset("go-territory", t).superko
