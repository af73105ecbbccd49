"""Hypothesis properties of the engine on both board shapes, against independent references.

Each example plays a random game: at every turn Hypothesis picks a point (or a pass). The
engine's answer is compared with a reference that shares no code with `rules.board`:
`reference_play` (flood fill) decides captures and suicide, a list of earlier boards decides
ko and superko. After every move the chains, liberty sets and hash must equal a from-scratch
recomputation, no group may be left without liberties, and stones played must equal stones on
the board plus prisoners. Every refused move must leave the game exactly as it was.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import (
    EMPTY,
    CoordinateError,
    Game,
    IllegalMove,
    KoViolation,
    Occupied,
    OffBoard,
    Suicide,
    SuperkoViolation,
    hexagon,
    preset,
    square,
)
from tests.rules.helpers import check_board, reference_play, state

BOARDS = [square(5), square(7), hexagon(3), hexagon(4)]
PASS = -1
# choices are 0..999: about one turn in a hundred is a pass; from `retake_from` up a turn
# plays where the last move captured, if it did (ko and superko)
PASS_FROM = 990
SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def expected_error(game: Game, p: int, boards: list[tuple], plays: list[bool]):
    """Which IllegalMove the plain rules give for the player to move at p (None: legal)."""
    stones = tuple(game.board.colour)
    if stones[p] != EMPTY:
        return Occupied
    after = reference_play(game.topology, stones, p, game.to_move)
    if after is None:
        return Suicide
    if game.rules.superko:
        return SuperkoViolation if after in boards else None
    # simple ko: no move may recreate the board from before the opponent's last stone
    if plays and plays[-1] and len(boards) >= 2 and after == boards[-2]:
        return KoViolation
    return None


def run_game(
    t, rules_key: str, choices: list[int], full_check: bool, retake_from: int = 890
) -> None:
    game = Game.new(t, preset(rules_key, t))
    boards = [tuple(game.board.colour)]  # every board so far, one per turn
    plays: list[bool] = []  # per turn: a stone (True) or a pass
    seen = {boards[0]}
    stones_played = 0
    for choice in choices:
        if game.over:
            break
        if full_check:
            for p in t.points():
                legal = expected_error(game, p, boards, plays) is None
                assert game.is_legal(p) == legal, t.name(p)
        if choice >= PASS_FROM:
            point = PASS
        elif choice >= retake_from and game.last_captures:
            point = game.last_captures[0]  # try to take back at once: ko and superko
        else:
            point = choice % t.size
        while point != PASS:
            error = expected_error(game, point, boards, plays)
            if error is None:
                break
            before = state(game)
            with pytest.raises(error):
                game.play(point)
            assert state(game) == before
            point = point + 1 if point + 1 < t.size else PASS
        if point == PASS:
            game.pass_turn()
            plays.append(False)
            boards.append(boards[-1])
            continue
        expected = reference_play(t, boards[-1], point, game.to_move)
        game.play(point)
        stones_played += 1
        now = tuple(game.board.colour)
        assert now == expected
        check_board(game.board)
        assert stones_played == sum(1 for c in now if c) + sum(game.prisoners)
        if game.rules.superko:
            assert now not in seen
            assert len(game.history) == len(seen) + 1
        if t.kind == "hex":
            assert game.ko_point is None  # no simple ko shape exists on a hexagon
        seen.add(now)
        boards.append(now)
        plays.append(True)


moves = st.lists(st.integers(min_value=0, max_value=999), min_size=20, max_size=150)


@SETTINGS
@given(t=st.sampled_from(BOARDS), choices=moves, rules_key=st.sampled_from(["badux", "go-area"]))
def test_random_games_under_superko_match_the_reference(t, choices, rules_key):
    run_game(t, rules_key, choices, full_check=t.size <= 25)


@SETTINGS
@given(t=st.sampled_from(BOARDS), choices=moves)
def test_random_games_under_simple_ko_match_the_reference(t, choices):
    run_game(t, "go-territory", choices, full_check=t.size <= 25)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    t=st.sampled_from(BOARDS),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_long_dense_games_keep_the_bookkeeping(t, seed):
    """Denser play than Hypothesis's short lists: a seeded random game to its end."""
    rng = random.Random(seed)
    choices = [rng.randrange(1000) for _ in range(300)]
    run_game(t, rng.choice(["badux", "go-territory"]), choices, full_check=False, retake_from=0)


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=st.text(max_size=6), t=st.sampled_from([square(9), square(19), hexagon(6)]))
def test_parse_either_names_a_point_or_raises_coordinate_error(text, t):
    try:
        point = t.parse(text)
    except CoordinateError as error:
        assert str(error)
        return
    name, cleaned = t.name(point), text.strip().upper()
    assert name[0] == cleaned[0] and int(name[1:]) == int(cleaned[1:])


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    point=st.one_of(
        st.integers(min_value=-(2**70), max_value=2**70),
        st.none(),
        st.text(max_size=3),
        st.floats(),
        st.booleans(),
    )
)
def test_any_bad_point_is_refused_and_changes_nothing(point):
    t = square(5)
    game = Game.new(t, preset("go-area", t))
    game.play(t.parse("C3"))
    before = state(game)
    try:
        game.play(point)
    except IllegalMove as error:
        assert isinstance(error, OffBoard | Occupied)
        assert state(game) == before
    else:
        assert type(point) is int and 0 <= point < t.size


def sgfmill_game(seed: int, n: int) -> list[int]:
    """A seeded random legal game on an n x n board under superko, as a list of points."""
    t = square(n)
    rng = random.Random(seed)
    game = Game.new(t, preset("go-area", t))
    points = []
    while not game.over:
        order = list(t.points())
        rng.shuffle(order)
        for p in order:
            if game.board.colour[p] == EMPTY and not all(
                game.board.colour[q] == game.to_move for q in t.neighbours[p]
            ):
                try:
                    game.play(p)
                except IllegalMove:
                    continue
                points.append(p)
                break
        else:
            game.pass_turn()
            points.append(PASS)
    return points


@pytest.mark.parametrize(("seed", "n"), [(1, 19), (2, 19), (3, 9), (4, 13)])
def test_full_games_match_sgfmill_after_every_move(seed, n):
    """sgfmill.boards.Board as a second, independent capture oracle on full-size games."""
    from sgfmill.boards import Board as SgfBoard

    t = square(n)
    game = Game.new(t, preset("go-area", t))
    mill = SgfBoard(n)
    for p in sgfmill_game(seed, n):
        colour = "b" if game.to_move == 1 else "w"
        if p == PASS:
            game.pass_turn()
            continue
        game.play(p)
        x, y = t.xy[p]
        mill.play(n - 1 - y, x, colour)
        code = {None: 0, "b": 1, "w": 2}
        assert tuple(game.board.colour) == tuple(code[mill.get(n - 1 - yy, xx)] for xx, yy in t.xy)
    check_board(game.board)
