"""The game around the board: turns, passes, resignation, timeout, the move cap, bad input.

Every refused action is checked to leave the whole game (position, move count, hash, history,
chains) exactly as it was.
"""

import pytest

from rules import (
    BLACK,
    WHITE,
    Game,
    GameOver,
    InvalidSetup,
    NotYourTurn,
    Occupied,
    OffBoard,
    hexagon,
    preset,
    square,
)
from rules.game import END_MOVE_CAP, END_PASSES, END_RESIGN, END_TIMEOUT, Move, replay, shared_move
from rules.ruleset import move_cap_for
from tests.rules.helpers import assert_refused, game_from, play_table


def new(t=None, rules="go-area", **kwargs):
    t = t or square(9)
    return Game.new(t, preset(rules, t), **kwargs)


def test_two_passes_in_a_row_end_the_game():
    game = new()
    play_table(game, "B E5  W pass  B C3  W pass")
    assert not game.over
    play_table(game, "B pass")
    assert game.over and game.end_reason == END_PASSES
    assert game.winner is None and game.result_code is None  # the score decides
    assert game.move_number == 5


def test_play_after_the_end_is_refused_and_changes_nothing():
    game = new()
    play_table(game, "B E5  W pass  B pass")
    t = game.topology
    assert_refused(game, GameOver, lambda: game.play(t.parse("C3")))
    assert_refused(game, GameOver, lambda: game.pass_turn())
    assert_refused(game, GameOver, lambda: game.resign(BLACK))
    assert_refused(game, GameOver, lambda: game.timeout(WHITE))
    assert not game.is_legal(t.parse("C3"))
    assert game.legal_points() == []


@pytest.mark.parametrize(("loser", "code"), [(BLACK, "W+R"), (WHITE, "B+R")])
def test_resignation_on_either_turn(loser, code):
    game = new()
    play_table(game, "B E5")
    game.resign(loser)
    assert game.over and game.end_reason == END_RESIGN
    assert game.winner == 3 - loser and game.result_code == code
    assert game.move_number == 1  # resignation is not a turn
    assert game.position.move_number == 1
    assert game.moves[-1] == Move(loser, "resign")


@pytest.mark.parametrize(("loser", "code"), [(BLACK, "W+T"), (WHITE, "B+T")])
def test_timeout(loser, code):
    game = new()
    game.timeout(loser)
    assert game.over and game.end_reason == END_TIMEOUT
    assert game.winner == 3 - loser and game.result_code == code
    assert game.moves == []


@pytest.mark.parametrize("bad", [0, 3, None, "B"])
def test_resign_and_timeout_need_a_colour(bad):
    game = new()
    assert_refused(game, ValueError, lambda: game.resign(bad))
    assert_refused(game, ValueError, lambda: game.timeout(bad))


def test_not_your_turn_changes_nothing():
    game = new()
    t = game.topology
    assert_refused(game, NotYourTurn, lambda: game.play(t.parse("E5"), WHITE))
    assert_refused(game, NotYourTurn, lambda: game.pass_turn(WHITE))
    assert not game.is_legal(t.parse("E5"), WHITE)
    play_table(game, "B E5")
    assert_refused(game, NotYourTurn, lambda: game.play(t.parse("C3"), BLACK))


def test_occupied_point_changes_nothing():
    game = new()
    play_table(game, "B E5")
    e5 = game.topology.parse("E5")
    assert_refused(game, Occupied, lambda: game.play(e5))


@pytest.mark.parametrize("bad", [-1, 81, 10**6, None, "E5", 2.0, True])
def test_off_board_points_are_refused_and_change_nothing(bad):
    game = new()
    play_table(game, "B E5")
    assert_refused(game, OffBoard, lambda: game.play(bad))
    assert not game.is_legal(bad)


@pytest.mark.parametrize(
    ("t", "cap"),
    [
        (square(19), 225),
        (square(13), 125),
        (square(9), 75),
        (hexagon(12), 247),
        (hexagon(8), 125),
        (hexagon(6), 84),
    ],
)
def test_move_caps(t, cap):
    assert move_cap_for(t) == cap
    for key in ("go-area", "go-territory", "badux"):
        assert preset(key, t).move_cap == cap


@pytest.mark.parametrize("t", [square(9), square(13), square(19), hexagon(6), hexagon(12)])
def test_the_move_cap_ends_the_game_after_both_players_made_cap_moves(t):
    """225 moves on 19x19 = 450 turns (passes count too); the game ends on the last one."""
    game = new(t)
    cap = game.rules.move_cap
    for turn in range(2 * cap):
        assert not game.over
        if turn % 2 == 0:
            game.play(turn // 2)  # Black fills points in index order: never a capture
        else:
            game.pass_turn()
    assert game.over and game.end_reason == END_MOVE_CAP
    assert game.move_number == 2 * cap and game.full_moves == cap
    assert_refused(game, GameOver, lambda: game.play(t.size - 1))


def test_move_cap_counts_from_whoever_moves_first_in_a_handicap_game():
    t = square(9)
    rules = preset("go-area", t, handicap=2)
    game = Game.new(t, rules, handicap=2)
    free = [p for p in t.points() if p not in t.handicap_points(2)]
    for turn in range(2 * rules.move_cap - 1):
        if turn % 2 == 0:
            game.pass_turn()  # White
        else:
            game.play(free[turn // 2])
    assert not game.over
    game.play(free[rules.move_cap - 1])  # Black's 75th move
    assert game.end_reason == END_MOVE_CAP


def test_replay_rebuilds_the_same_game():
    game = new()
    play_table(game, "B E5  W D5  B C3  W pass  B D4")
    again = replay(game.topology, game.rules, game.moves)
    assert again.position == game.position
    assert again.history == game.history


def test_a_copy_plays_on_without_changing_the_original():
    game = new()
    play_table(game, "B E5  W D5  B C3  W pass")
    before = (game.position, set(game.history), list(game.moves), game.consecutive_passes)
    twin = game.copy()
    assert (twin.position, twin.history) == (game.position, game.history)
    play_table(twin, "B D4  W pass  B pass")  # a capture-free line that ends the game
    assert twin.over and not game.over
    assert (game.position, game.history, game.moves, game.consecutive_passes) == before
    play_table(game, "B D4")
    assert game.position.stones == twin.position.stones


def test_position_is_an_immutable_snapshot():
    game = new()
    before = game.position
    play_table(game, "B E5")
    assert before.stones != game.position.stones
    assert before.move_number == 0 and game.position.move_number == 1
    assert game.position.last_move == Move(BLACK, "play", game.topology.parse("E5"))
    with pytest.raises(AttributeError):
        game.position.to_move = BLACK  # type: ignore[misc]


@pytest.mark.parametrize(
    ("black", "white", "to_move", "message"),
    [
        ([-1], [], None, "not on the 9×9 board"),
        ([81], [], None, "not on the 9×9 board"),
        ([4, 4], [], None, "given twice"),
        ([4], [4], None, "given twice"),
        ([0], [1, 9], None, "without liberties"),
        ([], [], 3, "to_move"),
    ],
)
def test_bad_setup_is_refused_with_a_clear_error(black, white, to_move, message):
    t = square(9)
    with pytest.raises(InvalidSetup, match=message):
        Game.new(t, preset("go-area", t), black_setup=black, white_setup=white, to_move=to_move)


def test_setup_stones_on_handicap_points_are_refused():
    t = square(9)
    with pytest.raises(InvalidSetup, match="handicap"):
        Game.new(t, preset("go-area", t), handicap=2, white_setup=[t.parse("C3")])


def test_setup_position_and_to_move_are_kept():
    game = game_from(
        square(5),
        """
        . . . . .
        . X O . .
        . . . . .
        . . . . .
        . . . . .
        """,
        to_move=WHITE,
    )
    assert game.to_move == WHITE
    assert game.position.points_of(BLACK) == [game.topology.parse("B4")]
    assert game.history == {game.position.hash}


def test_a_shared_move_is_the_one_the_game_records():
    """Plays and passes are shared per colour and point: decoding a stored game gives the very
    objects a game played through the rules holds."""
    game = Game.new(square(9), preset("go-area", square(9)))
    game.play(square(9).parse("E5"), BLACK)
    game.pass_turn(WHITE)
    e5 = square(9).parse("E5")
    assert game.moves == [Move(BLACK, "play", e5), Move(WHITE, "pass")]
    assert game.moves[0] is shared_move(BLACK, e5)
    assert game.moves[1] is shared_move(WHITE, None)
    assert shared_move(WHITE, e5) == Move(WHITE, "play", e5)
