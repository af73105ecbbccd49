"""Local life and death read out by search (rules.tsumego), on board diagrams."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import BLACK, EMPTY, WHITE, Board, hexagon, square
from rules.diagram import parse_diagram
from rules.life import benson, chains
from rules.tsumego import DIES, LIVES, PASS, UNSETTLED, local_region, solve

STRAIGHT_THREE = """
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    O O O O O O O
    O X X X X X O
    O X . . . X O
"""

STRAIGHT_FOUR = """
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    O O O O O O O
    O X X X X X X
    O X . . . . X
"""

HEX_STRAIGHT_FIVE = """
        . . . . .
       . . . . . .
      . . . . . . .
     . . . . . . . .
    . . . . . . . . .
     . . . . . . . .
      O O O O O O O
       X X X X X X
        . . . . .
"""

HEX_BENT_FOUR = """
        . . . . .
       . . . . . .
      . . . . . . .
     . . . . . . . .
    . . . . . . . . .
     . . O O O . . .
      O O X X O . .
       X X . X O .
        . . . X O
"""


def _read(topology, diagram, target, to_move, **kwargs):
    colours = parse_diagram(topology, diagram)
    return solve(topology, colours, target=topology.parse(target), to_move=to_move, **kwargs)


def _after(topology, diagram, move, colour, target):
    """The reading after `colour` plays `move`, the other side to move."""
    board = Board(topology, parse_diagram(topology, diagram))
    board.play(topology.parse(move), colour)
    return solve(topology, board.colour, target=topology.parse(target), to_move=3 - colour)


def test_straight_three_lives_only_by_its_middle_point():
    board = square(7)
    assert _read(board, STRAIGHT_THREE, "B2", BLACK).move == board.parse("D1")
    assert _after(board, STRAIGHT_THREE, "D1", BLACK, "B2").value == LIVES
    for wrong in ("C1", "E1"):
        reading = _after(board, STRAIGHT_THREE, wrong, BLACK, "B2")
        assert reading.value == DIES
        assert reading.move == reading.line[0] != PASS


def test_straight_three_dies_when_white_takes_the_middle_first():
    board = square(7)
    reading = _read(board, STRAIGHT_THREE, "B2", WHITE)
    assert reading.value == DIES
    assert reading.move == board.parse("D1")


def test_straight_four_lives_even_with_white_to_play():
    assert _read(square(7), STRAIGHT_FOUR, "B2", WHITE).value == LIVES


def test_straight_five_on_the_hexagon_edge_lives_with_white_to_play_and_after_any_black_move():
    board = hexagon(5)
    assert _read(board, HEX_STRAIGHT_FIVE, "B2", WHITE).value == LIVES
    for move in ("A1", "B1", "C1", "D1", "E1"):
        assert _after(board, HEX_STRAIGHT_FIVE, move, BLACK, "B2").value == LIVES, move


def test_bent_four_in_the_hexagon_corner_has_one_vital_cell():
    board = hexagon(5)
    assert _read(board, HEX_BENT_FOUR, "B2", WHITE).value == DIES
    assert _after(board, HEX_BENT_FOUR, "B1", BLACK, "B2").value == LIVES
    for wrong in ("A1", "C1", "C2"):
        assert _after(board, HEX_BENT_FOUR, wrong, BLACK, "B2").value == DIES, wrong


def test_a_killing_line_ends_with_the_target_captured():
    board = square(7)
    colours = parse_diagram(board, STRAIGHT_THREE)
    reading = solve(board, colours, target=board.parse("B2"), to_move=WHITE)
    game = Board(board, colours)
    me = WHITE
    for move in reading.line:
        if move != PASS:
            game.play(move, me)
        me = 3 - me
    assert game.colour[board.parse("B2")] == EMPTY


def test_an_unconditionally_alive_group_is_decided_without_search():
    board = square(7)
    colours = parse_diagram(
        board,
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        O O O O O O O
        O X X X X X O
        O X . X . X O
        """,
    )
    reading = solve(board, colours, target=board.parse("B2"), to_move=WHITE)
    assert (reading.value, reading.move, reading.nodes) == (LIVES, None, 0)


def test_a_search_past_its_budget_proves_nothing():
    reading = _read(square(7), STRAIGHT_FOUR, "B2", WHITE, budget=1)
    assert (reading.value, reading.move, reading.line) == (UNSETTLED, None, ())


def test_the_region_is_the_chain_and_its_enclosed_space():
    board = square(7)
    colours = parse_diagram(board, STRAIGHT_THREE)
    region = local_region(board, colours, board.parse("B2"))
    empties = sorted(board.name(p) for p in region if colours[p] == EMPTY)
    assert empties == ["C1", "D1", "E1"]
    assert local_region(board, colours, board.parse("A3")) is None  # white: open to the board
    assert local_region(board, colours, board.parse("D5")) is None  # an empty point


def test_no_local_question_is_refused():
    board = square(7)
    colours = parse_diagram(board, STRAIGHT_THREE)
    with pytest.raises(ValueError):
        solve(board, colours, target=board.parse("A3"), to_move=BLACK)
    with pytest.raises(ValueError):
        solve(board, colours, target=board.parse("D5"), to_move=BLACK)


SHAPES = [
    (square(7), STRAIGHT_THREE),
    (square(7), STRAIGHT_FOUR),
    (hexagon(5), HEX_STRAIGHT_FIVE),
    (hexagon(5), HEX_BENT_FOUR),
]


@st.composite
def filled_shapes(draw: st.DrawFn):
    """One of the shapes above with random stones in its eye space (chains left without a
    liberty taken off, the target's last of all), and the side to move."""
    topology, diagram = draw(st.sampled_from(SHAPES))
    colours = parse_diagram(topology, diagram)
    target = topology.parse("B2")
    region = local_region(topology, colours, target)
    for p in sorted(region):
        if colours[p] == EMPTY:
            colours[p] = draw(st.sampled_from([EMPTY, EMPTY, BLACK, WHITE]))
    for colour in (WHITE, BLACK):
        for chain in chains(topology, colours)[0]:
            if chain.colour == colour and not chain.libs:
                for p in chain.stones:
                    colours[p] = EMPTY
    return topology, colours, target, draw(st.sampled_from([BLACK, WHITE]))


@settings(max_examples=80, deadline=None)
@given(filled_shapes())
def test_a_proof_agrees_with_benson_and_its_line_is_legal(drawn):
    topology, colours, target, to_move = drawn
    if colours[target] != BLACK:
        return
    region = local_region(topology, colours, target)
    reading = solve(topology, colours, target=target, to_move=to_move, region=region)
    assert reading.value in (LIVES, DIES)  # regions this small are always settled
    if target in benson(topology, colours, BLACK)[0]:
        assert (reading.value, reading.nodes) == (LIVES, 0)
    board, me = Board(topology, colours), to_move
    for move in reading.line:
        if move != PASS:
            assert move in region
            board.play(move, me)
        me = 3 - me
    if reading.value == DIES:
        assert board.colour[target] == EMPTY


@settings(max_examples=40, deadline=None)
@given(filled_shapes())
def test_having_the_move_never_hurts_the_defender(drawn):
    topology, colours, target, _to_move = drawn
    if colours[target] != BLACK:
        return
    first = solve(topology, colours, target=target, to_move=BLACK).value
    second = solve(topology, colours, target=target, to_move=WHITE).value
    assert first >= second
