"""Counting known final positions under area and territory scoring, with exact totals."""

from __future__ import annotations

from dataclasses import replace

from rules.board import BLACK, EMPTY, WHITE
from rules.diagram import parse_diagram
from rules.game import Game, Position
from rules.ruleset import preset
from rules.scoring import score, score_estimated
from rules.topology import square

FINAL = """
. . . X O . . . .
. . . X O . . . .
. . . X O . . . .
. . . X O . . . .
. O . X O . . . .
. . . X O . . . .
. . . X O O O O O
. . . X O X X X X
. . . X O X . X .
"""


def final_position(diagram: str = FINAL) -> Position:
    board = square(9)
    colours = parse_diagram(board, diagram)
    return Game.new(
        board,
        preset("go-area", board),
        black_setup=[p for p, c in enumerate(colours) if c == BLACK],
        white_setup=[p for p, c in enumerate(colours) if c == WHITE],
    ).position


def test_area_count_with_a_dead_stone_and_komi() -> None:
    pos = final_position()
    counted = score_estimated(pos, preset("go-area", pos.topology))
    assert {pos.topology.name(p) for p in counted.dead} == {"B5"}
    # Black: 15 stones + 27 points on the left (B5 included) + 2 eyes; White: 13 + 24.
    assert (counted.black.stones, counted.black.territory) == (15, 29)
    assert (counted.white.stones, counted.white.territory) == (13, 24)
    assert counted.black.total == 44.0
    assert counted.white.total == 44.5
    assert counted.result == "W+0.5"


def test_territory_count_subtracts_prisoners_and_dead_stones() -> None:
    pos = replace(final_position(), prisoners=(3, 1))  # Black took 3, White took 1
    rules = preset("go-territory", pos.topology)
    counted = score(pos, rules, {pos.topology.parse("B5")})
    # Black 29 territory - 1 lost; White 24 territory - 3 lost - 1 dead + komi 3.5.
    assert counted.black.total == 28.0
    assert counted.white.total == 23.5
    assert counted.result == "B+4.5"


def test_dame_belongs_to_nobody() -> None:
    dame = final_position(
        """
        . . . X . O . . .
        . . . X . O . . .
        . . . X . O . . .
        . . . X . O . . .
        . . . X . O . . .
        . . . X . O . . .
        . . . X . O . . .
        . . . X . O . . .
        . . . X . O . . .
        """
    )
    counted = score(dame, preset("go-area", dame.topology))
    assert counted.ownership[dame.topology.parse("E5")] == EMPTY
    assert counted.black.total == 36.0  # 9 stones + 27 points
    assert counted.white.total == 36.0 + 7.5  # 9 stones + 27 points + komi
    assert counted.result == "W+7.5"


def test_seki_liberty_scores_for_nobody_under_territory_rules() -> None:
    pos = final_position(
        """
        . X . O . O X X .
        X X X O O O X . X
        O O O X X X X X X
        . . O O O . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . O . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """
    )
    counted = score_estimated(pos, preset("go-territory", pos.topology))
    assert counted.dead == frozenset()
    assert counted.ownership[pos.topology.parse("C9")] == EMPTY
