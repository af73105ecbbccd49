"""The estimate series: Black's lead after every move, and where it swung most."""

import pytest

from rules import BLACK, WHITE, Game, Move, hexagon, preset, square
from rules.diagram import parse_diagram
from rules.game import PASS, PLAY
from rules.review.estimate import Swing, estimate_lead, estimate_series, turning_points
from rules.scoring import score

SPLIT = """
. . X O .
. . X O .
. . X O .
. . X O .
. . X O .
"""


def position(topology, diagram, *, prisoners=(0, 0)):
    colours = parse_diagram(topology, diagram)
    game = Game.new(
        topology,
        preset("go-area", topology),
        black_setup=[p for p, c in enumerate(colours) if c == BLACK],
        white_setup=[p for p, c in enumerate(colours) if c == WHITE],
    )
    game.prisoners = list(prisoners)
    return game.position


@pytest.mark.parametrize("key", ["go-area", "go-territory"])
def test_a_settled_board_estimates_to_its_count(key):
    t = square(5)
    rules = preset(key, t).with_komi(0.5)
    pos = position(t, SPLIT, prisoners=(2, 0))
    counted = score(pos, rules)
    assert estimate_lead(pos, rules) == counted.black.total - counted.white.total


def test_the_lead_follows_the_stones_and_a_pass_keeps_it():
    t = square(9)
    rules = preset("go-area", t)
    moves = [Move(BLACK, PLAY, t.parse(n)) for n in ()] or [
        Move(BLACK, PLAY, t.parse("E5")),
        Move(WHITE, PASS),
        Move(BLACK, PLAY, t.parse("C3")),
        Move(WHITE, PASS),
        Move(BLACK, PLAY, t.parse("G7")),
    ]
    series = estimate_series(topology=t, rules=rules, moves=moves)
    assert len(series) == 6
    assert series[0] == -7.5  # the empty board: komi
    assert series[1] == -6.5  # one stone, open all round
    assert series[2] == series[1]
    assert series[4] == series[3]
    assert series[-1] > series[0]
    assert estimate_series(topology=t, rules=rules, moves=moves) == series  # deterministic


def test_hex_series_starts_at_minus_komi():
    t = hexagon(4)
    series = estimate_series(
        topology=t, rules=preset("badux", t), moves=[Move(BLACK, PLAY, t.from_sgf("dd"))]
    )
    assert series[0] == -6.5 and len(series) == 2


def test_turning_points_are_the_largest_swings_largest_first():
    series = [0.0, 1.0, -9.0, -8.0, 4.0, 4.0]
    assert turning_points(series, 2) == [Swing(4, -8.0, 4.0), Swing(2, 1.0, -9.0)]
    assert turning_points(series, 5, skip=3) == [Swing(4, -8.0, 4.0)]
    assert turning_points(series, 5, least=10) == [Swing(4, -8.0, 4.0), Swing(2, 1.0, -9.0)]
    assert turning_points(series, 5, least=11) == [Swing(4, -8.0, 4.0)]
    assert turning_points([3.0, 3.0]) == []
    assert Swing(2, 1.0, -9.0).change == -10.0
