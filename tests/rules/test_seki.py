"""Local reading of closed areas (rules.seki): seki and small eye spaces are proven alive,
look-alikes that one side can break are not."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from bench.scoring_positions import hand
from rules.board import BLACK, WHITE
from rules.deadstones import ownership, read_alive
from rules.life import Chain, benson, chains
from rules.seki import closed_areas, proven_alive, read_areas
from rules.topology import hexagon, square
from tests.rules.helpers import marked_position, small_boards


def trust_all(wall: Chain, touching: list[Chain]) -> bool:
    return True


SEKI = [
    ("corner-seki", square(9)),
    ("seki-one-eye-each", square(9)),
    ("seki-no-eyes-edge", square(9)),
    ("hex-seki-one-eye-each", hexagon(6)),
]


@pytest.mark.parametrize(("name", "board"), SEKI)
def test_every_seki_form_is_proven_alive(name: str, board) -> None:
    game, _, seki = marked_position(board, hand(name).diagram)
    assert seki <= proven_alive(board, game.position.stones, trust_all)


def test_the_corner_seki_is_one_closed_area_of_its_two_shared_liberties() -> None:
    game, _, seki = marked_position(square(9), hand("corner-seki").diagram)
    board = game.topology
    stones = game.position.stones
    all_chains, _ = chains(board, stones)
    (area,) = [a for a in closed_areas(board, stones) if len(a.chains) > 1]
    assert {board.name(p) for p in area.empties} == {"A9", "B8"}
    assert {p for k in area.chains for p in all_chains[k].stones} == seki
    # Its walls are the chains beside its stones, none of which has a liberty in it.
    for w in area.walls:
        assert not all_chains[w].libs & set(area.empties)


@pytest.mark.parametrize(
    ("name", "board"),
    [
        ("false-seki-throw-in", square(9)),  # a throw-in, then a two-point eye
        ("hex-corner-false-seki", hexagon(6)),  # a sacrifice of four, then a dead rhombus
    ],
)
def test_a_false_seki_is_not_proven_and_read_dead(name: str, board) -> None:
    game, dead, _ = marked_position(board, hand(name).diagram)
    reading = read_areas(board, game.position.stones, trust_all)
    assert dead and not dead & reading.alive
    assert reading.dead == dead
    # The killer's stones of the area cannot be taken even if the victim plays first.
    killers = {
        p
        for area in closed_areas(board, game.position.stones)
        for k in area.chains
        for p in chains(board, game.position.stones)[0][k].stones
        if p not in dead and any(q in dead for q in board.neighbours[p])
    }
    assert killers and killers <= reading.alive


def test_one_eye_against_none_is_not_proven() -> None:
    # A closed area (the shared A9 and B8, Black's eye D9), but Black captures: no seki.
    game, dead, _ = marked_position(square(9), hand("race-eye-beats-no-eye").diagram)
    board = game.topology
    stones = game.position.stones
    area = next(a for a in closed_areas(board, stones) if len(a.chains) > 1)
    assert {board.name(p) for p in area.empties} == {"A9", "B8", "D9"}
    assert dead and not dead & proven_alive(board, stones, trust_all)
    assert read_areas(board, stones, trust_all).dead == dead


def test_an_untrusted_wall_proves_nothing() -> None:
    game, _, seki = marked_position(square(9), hand("corner-seki").diagram)
    asked: list[tuple[Chain, list[Chain]]] = []

    def refuse(wall: Chain, touching: list[Chain]) -> bool:
        asked.append((wall, touching))
        return False

    proven = proven_alive(game.topology, game.position.stones, refuse)
    assert not proven & seki
    assert asked and all(touching for _, touching in asked)
    assert all({c.colour for c in touching} == {3 - wall.colour} for wall, touching in asked)


def test_only_the_areas_asked_for_are_read() -> None:
    game, _, seki = marked_position(square(9), hand("corner-seki").diagram)
    stones = game.position.stones
    assert proven_alive(game.topology, stones, trust_all, only=set()) == frozenset()
    assert seki <= proven_alive(game.topology, stones, trust_all, only=seki)


@settings(max_examples=40, deadline=None)
@given(drawn=small_boards())
def test_proven_stones_are_whole_chains_and_never_in_a_pass_alive_enemy_area(drawn) -> None:
    board, colours = drawn
    proven = proven_alive(board, colours, trust_all)
    for chain in chains(board, colours)[0]:
        assert len({p in proven for p in chain.stones}) == 1
    for colour in (BLACK, WHITE):
        _, safe = benson(board, colours, colour)
        assert not {p for p in safe if colours[p] == 3 - colour} & proven


def test_the_estimate_reads_a_seki_only_behind_walls_it_trusts() -> None:
    # rules.deadstones.read_alive trusts a wall that is settled, or neither dead nor doubted
    # with as many liberties as the area's chains beside it.
    game, _, seki = marked_position(square(9), hand("seki-no-eyes-edge").diagram)
    pos = game.position
    own = ownership(pos)
    settled = [False] * pos.topology.size
    none: frozenset[int] = frozenset()
    assert read_alive(pos, own, settled, none, seki) == seki
    wall = frozenset({pos.topology.parse("G9")})  # the Black wall beside White's chain
    assert read_alive(pos, own, settled, none, seki | wall) == frozenset()
    assert read_alive(pos, own, settled, wall, seki) == frozenset()
    # The same wall settled (a Benson or big-territory point) is trusted whatever was said.
    settled[pos.topology.parse("G9")] = True
    assert read_alive(pos, own, settled, none, seki | wall) == seki
