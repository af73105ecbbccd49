"""The count's hard families (issue 16), drawn as diagrams: life and death in corners and on
the first lines, capturing races the game stopped before, unfilled dame; and the estimate
saying where it is unsure.

Marks: `x`/`o` dead black/white stones, `s`/`t` black/white stones in seki. The hand-checked
positions of `bench/scoring_positions.py` (`hand(name)`) are the one source of the diagrams
that the accuracy bench measures too.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from bench.scoring_positions import hand
from rules.board import BLACK, EMPTY, WHITE
from rules.deadstones import estimate_dead, estimate_status
from rules.life import benson, chains
from rules.ruleset import preset
from rules.scoring import score, score_estimated
from rules.topology import hexagon, square
from tests.rules.helpers import marked_position, position_of, small_boards

# --- corners and first lines -----------------------------------------------------------------

# Corner and first-line shapes whose status static reading settles (see each `why`).
SETTLED_SHAPES = [
    "corner-bent-four",
    "corner-square-four",
    "edge-pyramid-four",
    "edge-zigzag-four",
    "edge-false-eye",
    "edge-two-eyes",
]


@pytest.mark.parametrize("shape", SETTLED_SHAPES)
def test_corner_and_edge_shapes_are_read_and_sure(shape: str) -> None:
    game, dead, _ = marked_position(square(9), hand(shape).diagram)
    found = estimate_status(game.position)
    assert found.dead == dead
    assert found.uncertain == frozenset()


CORNER_SEKI = hand("corner-seki").diagram


@pytest.mark.parametrize(
    ("name", "board"),
    [
        ("corner-seki", square(9)),  # no eyes, two shared liberties, in the corner
        ("seki-one-eye-each", square(9)),  # an eye each and one shared liberty, on the edge
        ("seki-no-eyes-edge", square(9)),  # no eyes, two shared liberties, on the edge
        ("hex-seki-one-eye-each", hexagon(6)),  # an eye each, one shared liberty, hexagon
    ],
)
def test_seki_is_read_alive_sure_and_its_liberties_are_nobodys(name: str, board) -> None:
    # Whoever fills a shared liberty is captured: local reading proves it, so the seki
    # stones are alive and the count is sure of them.
    game, dead, seki = marked_position(board, hand(name).diagram)
    found = estimate_status(game.position)
    assert dead == found.dead == frozenset()
    assert seki and found.uncertain == frozenset()
    counted = score_estimated(game.position, game.rules)
    shared = {
        p
        for p, c in enumerate(game.position.stones)
        if c == EMPTY
        and any(q in seki for q in board.neighbours[p])
        and {game.position.stones[q] for q in board.neighbours[p]} >= {BLACK, WHITE}
    }
    assert shared and {counted.ownership[p] for p in shared} == {EMPTY}


def test_a_throw_in_that_breaks_a_false_seki_is_read() -> None:
    # It looks like a seki (two shared liberties, no eyes), but White's throw-in kills.
    game, dead, _ = marked_position(square(9), hand("false-seki-throw-in").diagram)
    found = estimate_status(game.position)
    assert dead and found.dead == dead
    assert found.uncertain == frozenset()


def test_a_false_seki_that_a_sacrifice_breaks_is_read_dead() -> None:
    # Two eyeless groups sharing two liberties in a hexagon's corner: White fills one, Black
    # must take four stones and is left with a dead four-cell rhombus. Local reading finds
    # it (Black dies even playing first; White's stones cannot be taken) and is sure.
    game, dead, _ = marked_position(hexagon(6), hand("hex-corner-false-seki").diagram)
    found = estimate_status(game.position)
    assert dead and found.dead == dead
    assert found.uncertain == frozenset()


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


@pytest.mark.parametrize("seed", [0x5C0DE, 1, 2, 3])
def test_a_corner_fight_left_open_stays_alive_and_flagged(seed: int) -> None:
    # Black B9-C7 and White A8-B7 share A9 and B8, and each has one liberty of its own (D9,
    # A6) open to the rest of the board: no closed area to read, so it is flagged.
    game, _, _ = marked_position(square(9), CORNER_FIGHT)
    found = estimate_status(game.position, seed=seed)
    assert found.dead == frozenset()
    names = {game.topology.name(p) for p in found.uncertain}
    assert names == {"B9", "C9", "C8", "C7", "A8", "A7", "B7"}


HEX_STRAIGHT_THREE = hand("hex-straight-three").diagram
HEX_STRAIGHT_FOUR = hand("hex-straight-four").diagram


def test_hex_group_with_three_cells_in_a_row_is_dead() -> None:
    game, dead, _ = marked_position(hexagon(6), HEX_STRAIGHT_THREE)
    found = estimate_status(game.position)
    assert found.dead == dead
    assert found.uncertain == frozenset()


def test_hex_group_with_four_cells_in_a_row_is_read_alive() -> None:
    # Four cells in a row make two eyes whoever starts: the hex eye-shape table does not say
    # so, but the group and its eye space are a closed area, which local reading proves.
    game, dead, _ = marked_position(hexagon(6), HEX_STRAIGHT_FOUR)
    found = estimate_status(game.position)
    assert found.dead == dead == frozenset()
    assert found.uncertain == frozenset()


EDGE_THREE_WITH_OUTSIDE_LIBERTY = hand("edge-three-with-outside-liberty").diagram


@pytest.mark.parametrize("seed", [0x5C0DE, 1, 2, 3])
def test_a_dead_group_the_estimate_misses_is_flagged(seed: int) -> None:
    # White's straight three has an outside liberty at C7, and the wall beside it (A7-B7)
    # has only three liberties, so neither static reading nor the adrift territory settles
    # it and random play lets White live in about half the playouts. Whatever the seed, the
    # estimate either finds the dead stones or flags them.
    game, dead, _ = marked_position(square(9), EDGE_THREE_WITH_OUTSIDE_LIBERTY)
    found = estimate_status(game.position, seed=seed)
    assert found.dead <= dead  # never a live stone marked dead
    assert dead - found.dead <= found.uncertain  # and every dead stone it missed is flagged


# --- capturing races the game stopped before -------------------------------------------------

# White loses whoever starts: "corner-race" (4 liberties against 2, 2 shared) and
# "race-five-against-three" (5 against 3, none shared).
RACES = ["corner-race", "race-five-against-three"]


@pytest.mark.parametrize("race", RACES)
def test_race_lost_whoever_starts_is_dead(race: str) -> None:
    position = hand(race)
    game, dead, _ = marked_position(square(int(position.board)), position.diagram)
    assert estimate_dead(game.position) == dead


def test_race_won_by_whoever_starts_stays_alive_and_is_flagged() -> None:
    # Three liberties each, none shared: the first to play wins. Nobody can say who is dead.
    game, _, _ = marked_position(
        square(13),
        """
        . . . . . X O . . . . . .
        . . . . . X O . . . . . .
        . . . . . X O . . . . . .
        . . . X X X O O O . . . .
        . . . X X O X O O . . . .
        . . . X X O X O O . . . .
        . . . X . O X . O . . . .
        . . . X . O X . O . . . .
        . . . X . O X . O . . . .
        . . . X X X O O O . . . .
        . . . . . X O . . . . . .
        . . . . . X O . . . . . .
        . . . . . X O . . . . . .
        """,
    )
    found = estimate_status(game.position)
    assert found.dead == frozenset()
    names = {game.topology.name(p) for p in found.uncertain}
    assert names == {f"{c}{r}" for c in "FG" for r in range(5, 10)}


# --- unfilled dame ---------------------------------------------------------------------------

DAME = hand("dame-column").diagram


def test_unfilled_dame_leave_the_dead_stones_dead() -> None:
    game, dead, _ = marked_position(square(9), DAME)
    found = estimate_status(game.position)
    assert found.dead == dead
    assert found.uncertain == frozenset()


def test_area_count_leaves_unfilled_dame_neutral() -> None:
    game, _, _ = marked_position(square(9), DAME)
    counted = score_estimated(game.position, preset("go-area", game.topology))
    board = game.topology
    assert {counted.ownership[board.parse(f"E{r}")] for r in range(1, 10)} == {EMPTY}
    # Black: 9 stones + 27 points (B7 included); White: 9 stones + 27 points + 7.5 komi.
    assert (counted.black.total, counted.white.total) == (36.0, 43.5)


def test_territory_count_is_not_thrown_by_unfilled_dame() -> None:
    game, _, _ = marked_position(square(9), DAME, rules="go-territory")
    counted = score_estimated(game.position, game.rules)
    # Each side: 27 points of territory (the dead stone's point included) - 1 own dead
    # stone; the 9 dame count for nobody.
    assert (counted.black.territory, counted.black.dead) == (27, 1)
    assert (counted.white.territory, counted.white.dead) == (27, 1)
    assert (counted.black.total, counted.white.total) == (26.0, 26.0 + game.rules.komi)


HEX_DAME = """
         . X . O . .
        . . X . O . .
       . . . X . O . .
      . . . . X . O . .
     . o . . . X . O . .
    . . . . . . X . O . .
     . . . . . X . O . x
      . . . . . X . O .
       . . . . . X . O
        . . . . . X .
         . . . . . X
"""


def test_hex_dame_are_neutral_and_the_invaders_dead() -> None:
    game, dead, _ = marked_position(hexagon(6), HEX_DAME)
    counted = score_estimated(game.position, game.rules)
    assert counted.dead == dead
    assert counted.uncertain == frozenset()
    live = [EMPTY if p in dead else c for p, c in enumerate(game.position.stones)]
    between = [
        p
        for p, c in enumerate(live)
        if c == EMPTY and {live[q] for q in game.topology.neighbours[p]} >= {BLACK, WHITE}
    ]
    assert len(between) == 10  # the empty diagonal between the walls
    assert all(counted.ownership[p] == EMPTY for p in between)


# --- the uncertain stones --------------------------------------------------------------------


def test_estimate_dead_is_the_dead_part_of_estimate_status() -> None:
    game, _, _ = marked_position(square(9), CORNER_SEKI)
    assert estimate_dead(game.position) == estimate_status(game.position).dead


def test_score_lists_the_uncertain_stones_only_when_there_are_some() -> None:
    fight, _, _ = marked_position(square(9), CORNER_FIGHT)
    sure, _, _ = marked_position(square(9), DAME)
    board = fight.topology
    flagged = {"B9", "C9", "C8", "C7", "A8", "A7", "B7"}
    unsure_count = score_estimated(fight.position, fight.rules).as_dict(sgf_point=board.sgf)
    sure_count = score_estimated(sure.position, sure.rules).as_dict(sgf_point=board.sgf)
    assert unsure_count["uncertain"] == sorted(board.sgf(board.parse(n)) for n in flagged)
    assert sure_count["uncertain"] == []
    # Given dead stones (a marking the players agreed) carry no doubt.
    assert score(fight.position, fight.rules).uncertain == frozenset()


def test_uncertain_points_must_hold_stones() -> None:
    game, _, _ = marked_position(square(9), DAME)
    with pytest.raises(ValueError, match="no stone to mark uncertain"):
        score(game.position, game.rules, uncertain=[game.topology.parse("E5")])


@settings(max_examples=25, deadline=None)
@given(drawn=small_boards())
def test_uncertain_stones_are_whole_chains_and_pass_alive_ones_never_dead(drawn) -> None:
    board, colours = drawn
    pos = position_of(board, colours).position
    found = estimate_status(pos)
    assert found.dead == estimate_dead(pos)
    for chain in chains(board, pos.stones)[0]:
        inside = {p in found.uncertain for p in chain.stones}
        assert len(inside) == 1  # all of a chain or none of it
    assert all(pos.stones[p] != EMPTY for p in found.uncertain)
    for colour in (BLACK, WHITE):
        alive, _ = benson(board, pos.stones, colour)
        assert not alive & (found.dead | found.uncertain)
