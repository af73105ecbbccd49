"""Estimate graph speed: the estimated lead after every move
(`rules.review.estimate.estimate_series`) and its SVG chart (`games.reviews.chart.estimate_chart`),
for a 19×19 game of 250 moves and a
hex 12 game of 250 moves (seeded random games that avoid filling their own eyes).

Run: .venv/bin/python bench/review_estimate.py [--repeat R]

The series is worked out once per game by a Celery task when the game ends (or on request for
an uploaded record) and kept; pages only draw the chart from the kept numbers. CPU is process
time; the figures are medians over the repeats.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baduxsite.settings.test")

import django  # noqa: E402

django.setup()

from games.reviews.chart import estimate_chart  # noqa: E402
from rules import EMPTY, Game, IllegalMove, preset  # noqa: E402
from rules.review.estimate import estimate_series, turning_points  # noqa: E402
from rules.topology import Topology, hexagon, square  # noqa: E402


def moves_of(topology: Topology, count: int, seed: int = 7):
    rng = random.Random(seed)
    key = "badux" if topology.kind == "hex" else "go-area"
    game = Game.new(topology, preset(key, topology))
    while len(game.moves) < count:
        empty = [p for p in topology.points() if game.board.colour[p] == EMPTY]
        rng.shuffle(empty)
        for p in empty:
            if all(game.board.colour[q] == game.to_move for q in topology.neighbours[p]):
                continue
            try:
                game.play(p)
            except IllegalMove:
                continue
            break
        else:
            game.pass_turn()
    return game.rules, list(game.moves)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(
        f"{'board':<8} {'moves':>5} {'series CPU s':>13} {'per move ms':>12} "
        f"{'chart ms':>9} {'chart KB':>9}"
    )
    for topology in (square(19), hexagon(12)):
        rules, moves = moves_of(topology, 250)
        series_times, chart_times = [], []
        for _ in range(args.repeat):
            start = time.process_time()
            series = estimate_series(topology=topology, rules=rules, moves=moves)
            series_times.append(time.process_time() - start)
            start = time.process_time()
            svg = estimate_chart(
                series, href=lambda n: f"?move={n}", swings=turning_points(series, 3, skip=10)
            )
            chart_times.append(time.process_time() - start)
        s = statistics.median(series_times)
        c = statistics.median(chart_times)
        print(
            f"{topology.label:<8} {len(moves):>5} {s:>13.2f} {1000 * s / len(moves):>12.1f} "
            f"{1000 * c:>9.2f} {len(svg) / 1024:>9.1f}"
        )


if __name__ == "__main__":
    main()
