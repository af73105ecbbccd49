"""`Game.snapshot` and `Game.restore`: a game rebuilt from its snapshot is the game its moves
replay to (stones, chains, hash, superko history, ko point, prisoners, turn, passes, end), and
it goes on exactly like it; bytes that are not a snapshot of that game are refused."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import Game, hexagon, preset, square
from rules.game import PASS
from tests.rules.helpers import game_from, state

BOARDS = [square(5), square(9), hexagon(3), hexagon(6)]
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def same(game: Game) -> tuple:
    """`state(game)` with the last captures as a set: a rebuilt board lists a captured chain's
    stones in another order."""
    found = list(state(game))
    found[14] = tuple(sorted(found[14]))
    return tuple(found)


def restored(game: Game) -> Game:
    return Game.restore(
        game.topology, game.rules, game.snapshot(), game.moves, handicap=game.handicap
    )


def random_game(topology, ruleset: str, seed: int, turns: int, handicap: int = 0) -> Game:
    """Random legal turns (a pass now and then), captures and ko fights included."""
    rng = random.Random(seed)
    game = Game.new(topology, preset(ruleset, topology), handicap=handicap)
    for _ in range(turns):
        if game.over:
            break
        legal = game.legal_points()
        if not legal or rng.random() < 0.03:
            game.pass_turn()
        else:
            game.play(rng.choice(legal))
    return game


@SETTINGS
@given(
    board=st.sampled_from(BOARDS),
    ruleset=st.sampled_from(["go-area", "go-territory"]),
    seed=st.integers(0, 10**6),
    turns=st.integers(0, 120),
)
def test_a_restored_game_is_the_replayed_game_and_plays_on_alike(board, ruleset, seed, turns):
    ruleset = "badux" if board.kind == "hex" else ruleset
    game = random_game(board, ruleset, seed, turns)
    twin = restored(game)
    assert same(twin) == same(game)
    rng = random.Random(seed + 1)
    for _ in range(20):
        if game.over:
            break
        legal = game.legal_points()
        assert twin.legal_points() == legal
        point = rng.choice(legal) if legal else None
        for g in (game, twin):
            g.pass_turn() if point is None else g.play(point)
        assert same(twin) == same(game)


def test_a_ko_point_and_the_last_captures_survive_the_snapshot():
    game = game_from(
        square(5),
        """
        . X O . .
        X O . O .
        . X O . .
        . . . . .
        . . . . .
        """,
        rules="go-territory",
    )
    game.play(game.topology.parse("C4"))  # Black takes the ko
    twin = restored(game)
    assert twin.ko_point == game.ko_point is not None
    assert twin.last_captures == game.last_captures == [game.topology.parse("B4")]
    assert not twin.is_legal(game.topology.parse("B4"))


def test_two_passes_and_the_move_cap_end_the_restored_game_as_they_ended_the_game():
    game = random_game(square(5), "go-area", seed=3, turns=6)
    game.pass_turn()
    game.pass_turn()
    assert restored(game).end_reason == game.end_reason == "passes"


def test_handicap_stones_and_white_first_are_kept():
    game = random_game(square(9), "go-area", seed=4, turns=11, handicap=4)
    twin = restored(game)
    assert same(twin) == same(game)
    assert twin.black_setup == game.black_setup


def test_a_snapshot_of_fewer_moves_or_another_board_is_refused():
    game = random_game(square(9), "go-area", seed=5, turns=30)
    data = game.snapshot()
    with pytest.raises(ValueError):
        Game.restore(game.topology, game.rules, data, game.moves[:-1])
    with pytest.raises(ValueError):
        Game.restore(square(13), preset("go-area", square(13)), data, game.moves)
    with pytest.raises(ValueError):
        Game.restore(game.topology, preset("go-territory", game.topology), data, game.moves)
    with pytest.raises(ValueError):
        Game.restore(game.topology, game.rules, data[:-1], game.moves)


@SETTINGS
@given(data=st.binary(max_size=200))
def test_any_bytes_are_a_snapshot_or_a_value_error(data):
    topology = square(5)
    try:
        game = Game.restore(topology, preset("go-area", topology), data, [])
    except ValueError:
        return
    assert len(game.board.colour) == topology.size


def test_a_pass_is_a_move_of_the_snapshot():
    game = random_game(hexagon(3), "badux", seed=6, turns=5)
    game.pass_turn()
    assert game.moves[-1].kind == PASS
    assert same(restored(game)) == same(game)
