"""Renderer speed: `rules.images.render.render_png` on seeded random positions, cold and warm.

Run: .venv/bin/python bench/render_speed.py [--repeat R]

"cold" is the first render of a board shape, size and theme in a fresh cache (it draws the empty
board and the stone sprites); "warm" renders reuse them, as a running site does. Wall times are
medians; CPU is process time per render (a truer figure on a busy machine).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import (
    EMPTY,  # noqa: E402
    Game,  # noqa: E402
    IllegalMove,  # noqa: E402
    preset,  # noqa: E402
)
from rules.images import render  # noqa: E402
from rules.scoring import score  # noqa: E402
from rules.topology import Topology, hexagon, square  # noqa: E402


def position(topology: Topology, moves: int, seed: int = 7):
    rng = random.Random(seed)
    key = "badux" if topology.kind == "hex" else "go-area"
    game = Game.new(topology, preset(key, topology))
    for _ in range(moves):
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
    pos = game.position
    return pos, score(pos, preset(key, topology))


def clear_caches() -> None:
    for cached in (render._empty_board, render._stone, render._ring, render._font):
        cached.cache_clear()
    render.board_layout.cache_clear()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    boards = [(square(9), 60), (square(19), 220), (hexagon(6), 60), (hexagon(12), 260)]
    print(
        f"{'board':<7} {'size':>4} {'theme':<5} {'score':<5} {'cold ms':>8} "
        f"{'warm ms':>8} {'cpu ms':>7} {'png KB':>7}"
    )
    for topology, moves in boards:
        pos, counted = position(topology, moves)
        for size in (600, 300):
            for theme in ("wood", "slate"):
                for result in (None, counted):
                    clear_caches()
                    t0 = time.perf_counter()
                    data = render.render_png(pos, score=result, size=size, theme=theme)
                    cold = time.perf_counter() - t0
                    walls = []
                    c0 = time.process_time()
                    for _ in range(args.repeat):
                        t0 = time.perf_counter()
                        render.render_png(pos, score=result, size=size, theme=theme)
                        walls.append(time.perf_counter() - t0)
                    cpu = (time.process_time() - c0) / args.repeat
                    print(
                        f"{topology.label:<7} {size:>4} {theme:<5} "
                        f"{'yes' if result else 'no':<5} {cold * 1000:>8.1f} "
                        f"{statistics.median(walls) * 1000:>8.1f} {cpu * 1000:>7.1f} "
                        f"{len(data) / 1024:>7.0f}"
                    )


if __name__ == "__main__":
    main()
