"""Dead-stone estimation on known final positions (diagrams)."""

from __future__ import annotations

from rules.board import BLACK, WHITE
from rules.deadstones import estimate_dead
from rules.diagram import parse_diagram
from rules.game import Game, Position
from rules.ruleset import preset
from rules.topology import Topology, square


def position(topology: Topology, diagram: str) -> Position:
    colours = parse_diagram(topology, diagram)
    return Game.new(
        topology,
        preset("go-area" if topology.kind == "square" else "badux", topology),
        black_setup=[p for p, c in enumerate(colours) if c == BLACK],
        white_setup=[p for p, c in enumerate(colours) if c == WHITE],
    ).position


def names(topology: Topology, points) -> set[str]:
    return {topology.name(p) for p in points}


def test_lone_stone_inside_territory_is_dead() -> None:
    board = square(9)
    pos = position(
        board,
        """
        . . . X O . . . .
        . . . X O . . . .
        . X . X O . X . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        """,
    )
    assert names(board, estimate_dead(pos)) == {"G7"}
