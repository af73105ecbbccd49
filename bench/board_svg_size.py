"""Size and speed of the web board: `games.svg.board_svg` on empty and full boards.

Run: .venv/bin/python bench/board_svg_size.py [--repeat R]

"full" is a seeded random game of about 200 moves on 19x19 (130 on hex 12) with the last move
ringed, every empty point clickable (the game page when it is your turn) and, in the "scored"
row, the count drawn. Bytes are the SVG string as served (before gzip; "gz" is gzip -6).
Times are the median wall time of one render, with the module caches warm.
"""

from __future__ import annotations

import argparse
import gzip
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

from games.svg import board_svg  # noqa: E402
from rules import EMPTY, Game, IllegalMove, preset  # noqa: E402
from rules.scoring import score  # noqa: E402
from rules.topology import Topology, hexagon, square  # noqa: E402


def game(topology: Topology, moves: int, seed: int = 7) -> Game:
    rng = random.Random(seed)
    key = "badux" if topology.kind == "hex" else "go-area"
    g = Game.new(topology, preset(key, topology))
    for _ in range(moves):
        empty = [p for p in topology.points() if g.board.colour[p] == EMPTY]
        rng.shuffle(empty)
        for p in empty:
            if all(g.board.colour[q] == g.to_move for q in topology.neighbours[p]):
                continue
            try:
                g.play(p)
            except IllegalMove:
                continue
            break
    return g


def cases():
    for topology, moves in ((square(19), 200), (hexagon(12), 130)):
        key = "badux" if topology.kind == "hex" else "go-area"
        empty = Game.new(topology, preset(key, topology)).position
        full = game(topology, moves).position
        free = frozenset(p for p in topology.points() if full.stones[p] == EMPTY)
        yield topology.label, "empty", {"position": empty}
        yield topology.label, "full", {"position": full, "clickable": free}
        yield (
            topology.label,
            "scored",
            {"position": full, "score": score(full, preset(key, topology))},
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    print(f"{'board':<8} {'case':<7} {'bytes':>7} {'gz':>6} {'ms':>6}")
    for label, case, kwargs in cases():
        svg = board_svg(**kwargs)
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            board_svg(**kwargs)
            times.append(time.perf_counter() - start)
        size = len(svg.encode())
        gz = len(gzip.compress(svg.encode(), 6))
        print(f"{label:<8} {case:<7} {size:>7} {gz:>6} {statistics.median(times) * 1000:>6.2f}")


if __name__ == "__main__":
    main()
