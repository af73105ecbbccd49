"""Ownership with confidence (`rules.ownership.count_confidence`): each chain's status, how sure
the count is of it, and which chains are unsure; drawn as diagrams (X/O live, x/o dead)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.scoring_positions import hand
from rules.board import BLACK, EMPTY, WHITE
from rules.deadstones import estimate_status
from rules.game import Game, Position
from rules.ownership import MODERATE, SURE, count_confidence, with_judge
from rules.ruleset import preset
from rules.topology import hexagon, square
from tests.rules.helpers import marked_position, position_of, small_boards


def _by_stone(found, topology, name):
    point = topology.parse(name)
    return next(ch for ch in found.chains if point in ch.stones)


def test_a_settled_game_is_sure_of_every_chain_and_the_invader_is_dead() -> None:
    board = square(9)
    game, dead, _ = marked_position(
        board,
        """
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . x . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        """,
    )
    found = count_confidence(game.position)
    assert found.dead == dead
    assert found.unsure == frozenset()
    invader = _by_stone(found, board, "G7")
    assert invader.dead and invader.confidence >= SURE and invader.reason == ""
    assert all(ch.confidence >= SURE for ch in found.chains)


CORNER_FIGHT = """
    . X X . O . . . .
    O . X O . . . . .
    O O X O . . . . .
    . X O O . . . . .
    X X O . . . . . .
    X X O . . . . . .
    X X O O O O O O O
    X X X X X X X X X
    . . . . . . . . .
"""


def test_a_corner_fight_the_game_stopped_before_is_unsure() -> None:
    """Black B9-C7 and White A8-B7 share A9 and B8 and each has one liberty of its own open to
    the board: nobody can say who wins, so both are unsure, whatever the verdict."""
    board = square(9)
    game, _, _ = marked_position(board, CORNER_FIGHT)
    found = count_confidence(game.position)
    names = {board.name(p) for p in found.unsure}
    assert {"B9", "C9", "C8", "C7", "A8", "A7", "B7"} <= names
    # The big walls below are sure.
    assert not _by_stone(found, board, "A2").unsure
    assert not _by_stone(found, board, "J3").unsure


def test_a_seki_read_out_is_sure_and_alive() -> None:
    """Black A8-C8 has the eye A9, White D8-F9 the eye E9, and they share C9 (the hand-checked
    position "seki-one-eye-each" of bench/scoring_positions.py): local reading proves the
    seki, so nobody is dead and the count is sure of it."""
    board = square(9)
    game, dead, seki = marked_position(board, hand("seki-one-eye-each").diagram)
    found = count_confidence(game.position)
    in_seki = [ch for ch in found.chains if ch.stones[0] in seki]
    assert in_seki and all(not ch.dead and ch.confidence == 1.0 for ch in in_seki)
    assert found.dead == dead == frozenset()


OPEN_AT_THE_TOP = """
    . . . . o . . o .
    . . o o X . . . .
    . X . . . . o . .
    . . X X X X X X o
    X . X . o . . . .
    . o X . . . o X .
    o . . . X . . . .
    . . X . X . . . .
    . . . . . . . . .
"""


def test_a_stone_deep_in_a_territory_is_sure_though_its_far_side_is_open() -> None:
    """A game a newcomer stopped early: every White stone is dead, Black's area is one
    region from the bottom edge to the top, and its top is still open (E9, H9, G7 stand in
    points the playouts often give White). B4 and A3 stand deep in the settled bottom left:
    the unsettled top makes the count unsure of the stones there, not of them."""
    board = square(9)
    game, dead, _ = marked_position(board, OPEN_AT_THE_TOP)
    found = count_confidence(game.position)
    assert found.dead == dead
    for name in ("B4", "A3"):
        chain = _by_stone(found, board, name)
        assert chain.dead and not chain.unsure and chain.confidence >= SURE
    assert _by_stone(found, board, "E9").unsure
    assert _by_stone(found, board, "H9").unsure


def test_a_judge_that_agrees_makes_the_close_calls_sure() -> None:
    """The same newcomer's game with a judge (GNU Go on the site) that calls the same stones
    dead: E9 and C8-D8, close calls that `MODERATE` of the playouts or more agree with, are
    sure; G7 and H9, which fewer of them capture, stay unsure, judge or not."""
    board = square(9)
    game, dead, _ = marked_position(board, OPEN_AT_THE_TOP)
    found = count_confidence(game.position)
    judged = with_judge(found, dead)
    for name in ("E9", "C8"):
        before, after = _by_stone(found, board, name), _by_stone(judged, board, name)
        assert before.reason == "close" and before.confidence >= MODERATE
        assert after.dead and not after.unsure and after.reason == ""
    for name in ("G7", "H9"):
        chain = _by_stone(judged, board, name)
        assert chain.confidence < MODERATE and chain.unsure and chain.reason == "close"
    assert judged.dead == found.dead and judged.ownership == found.ownership
    assert judged.unsure < found.unsure


def test_a_judge_that_disagrees_makes_the_chain_unsure() -> None:
    """The judge calls E5 (a close call) and B4 (dead and sure) alive: both are unsure."""
    board = square(9)
    game, dead, _ = marked_position(board, OPEN_AT_THE_TOP)
    found = count_confidence(game.position)
    assert not _by_stone(found, board, "B4").unsure
    judged = with_judge(found, dead - {board.parse("E5"), board.parse("B4")})
    for name in ("E5", "B4"):
        chain = _by_stone(judged, board, name)
        assert chain.dead and chain.unsure and chain.reason == "judge"
    assert judged.dead == found.dead


def test_a_judge_that_agrees_leaves_a_fight_unsure() -> None:
    """The corner fight is the estimate's own doubt (a race the game stopped before): a judge
    calling the same stones dead does not settle it."""
    board = square(9)
    game, _, _ = marked_position(board, CORNER_FIGHT)
    found = count_confidence(game.position)
    judged = with_judge(found, found.dead)
    for name in ("B9", "A8"):
        chain = _by_stone(judged, board, name)
        assert chain.unsure and chain.reason == "estimate"


def test_on_a_hexagon_a_wall_split_board_is_sure() -> None:
    board = hexagon(5)
    game, dead, _ = marked_position(
        board,
        """
            X O . . .
           . X O . . .
          . . X O . . .
         . . . X O . . .
        . . . . X O . . .
         . . o . X O . .
          . . . . X O .
           . . . . X O
            . . . . X
        """,
    )
    found = count_confidence(game.position)
    assert found.dead == dead
    assert found.unsure == frozenset()


def test_playouts_must_be_positive() -> None:
    game, _, _ = marked_position(square(9), CORNER_FIGHT)
    with pytest.raises(ValueError, match="at least 1"):
        count_confidence(game.position, playouts=0)


def _swapped(position: Position) -> Position:
    swap = {EMPTY: EMPTY, BLACK: WHITE, WHITE: BLACK}
    colours = [swap[c] for c in position.stones]
    topology = position.topology
    key = "go-area" if topology.kind == "square" else "badux"
    return Game.new(
        topology,
        preset(key, topology),
        black_setup=[p for p, c in enumerate(colours) if c == BLACK],
        white_setup=[p for p, c in enumerate(colours) if c == WHITE],
    ).position


positions = small_boards().map(lambda drawn: position_of(*drawn).position)


@settings(max_examples=25, deadline=None)
@given(positions, st.integers(min_value=0, max_value=2**32))
def test_confidence_is_seeded_bounded_and_agrees_with_the_count(position, seed) -> None:
    found = count_confidence(position, seed=seed)
    assert found == count_confidence(position, seed=seed)
    assert found.dead == estimate_status(position, seed=seed).dead
    assert estimate_status(position, seed=seed).uncertain <= found.unsure
    for ch in found.chains:
        assert 0.0 <= ch.confidence <= 1.0
        assert ch.unsure == bool(ch.reason)
        assert not ch.unsure or ch.reason in {"close", "estimate", "boundary"}
        assert ch.confidence >= SURE or ch.unsure
        assert all(position.stones[p] == ch.colour for p in ch.stones)
    stones = [p for p, c in enumerate(position.stones) if c != EMPTY]
    assert sorted(p for ch in found.chains for p in ch.stones) == stones
    assert all(-1.0 <= v <= 1.0 for v in found.ownership)


@settings(max_examples=25, deadline=None)
@given(positions, st.integers(min_value=0, max_value=2**32))
def test_swapping_the_colours_swaps_the_count(position, seed) -> None:
    found = count_confidence(position, seed=seed)
    swapped = count_confidence(_swapped(position), seed=seed)
    assert swapped.ownership == tuple(-v for v in found.ownership)
    assert swapped.dead == found.dead
    assert swapped.unsure == found.unsure
    assert [(ch.stones, ch.confidence, ch.reason) for ch in swapped.chains] == [
        (ch.stones, ch.confidence, ch.reason) for ch in found.chains
    ]


@settings(max_examples=25, deadline=None)
@given(positions, st.integers(min_value=0, max_value=2**32), st.randoms())
def test_a_judge_flags_every_chain_it_judges_otherwise_and_nothing_else_changes(
    position, seed, rng
) -> None:
    found = count_confidence(position, seed=seed)
    stones = [p for p, c in enumerate(position.stones) if c != EMPTY]
    judge = frozenset(p for p in stones if rng.random() < 0.5)
    judged = with_judge(found, judge)
    assert (judged.dead, judged.ownership) == (found.dead, found.ownership)
    for before, after in zip(found.chains, judged.chains, strict=True):
        assert (after.stones, after.dead, after.confidence) == (
            before.stones,
            before.dead,
            before.confidence,
        )
        assert after.unsure == bool(after.reason)
        if any((p in judge) != before.dead for p in before.stones):
            assert after.reason == "judge"
    # A judge that agrees everywhere only clears flags.
    assert with_judge(found, found.dead).unsure <= found.unsure
