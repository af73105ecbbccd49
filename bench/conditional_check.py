"""Cost of checking a tree of conditional moves: `conditional_moves_set` replays every branch of
the tree on the game's position (`games.services.conditional._check_legal`).

Run: .venv/bin/python bench/conditional_check.py [--repeat R]

The position is a seeded random game of 120 moves on 19x19 (130 on hex 12). "wide" is the
largest tree allowed as 200 one-level branches, "deep" as 10 lines of 20 levels. Times are the
median wall time of one whole check (including the replay of the game), no database.
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

from games.models import Game  # noqa: E402
from games.moves import game_state  # noqa: E402
from games.services.conditional import _check_legal  # noqa: E402
from games.services.conditional_tree import MAX_DEPTH, MAX_NODES, tree_add_line  # noqa: E402
from rules import BLACK, EMPTY, IllegalMove  # noqa: E402


def stored_game(kind: str, size: int, moves: int, seed: int = 7) -> Game:
    game = Game(
        board_kind=kind,
        board_size=size,
        ruleset="badux" if kind == "hex" else "go-area",
        first_to_move=BLACK,
        moves="",
        komi=6.5,
        handicap=0,
    )
    state = game_state(game)
    rng = random.Random(seed)
    t = game.topology
    codes = []
    while len(codes) < moves:
        empty = [p for p in t.points() if state.board.colour[p] == EMPTY]
        point = rng.choice(empty)
        try:
            state.play(point)
        except IllegalMove:
            continue
        codes.append(t.sgf(point))
    game.moves = "".join(codes)
    return game


def free_points(game: Game, count: int, seed: int = 3) -> list[str]:
    state = game_state(game)
    t = game.topology
    empty = [p for p in state.legal_points()]
    random.Random(seed).shuffle(empty)
    return [t.sgf(p) for p in empty[:count]]


def wide(game: Game) -> list[dict]:
    codes = free_points(game, MAX_NODES + 1)
    return [{"if": codes[i], "play": codes[i + 1], "then": []} for i in range(MAX_NODES)]


def deep(game: Game) -> list[dict]:
    lines = MAX_NODES // MAX_DEPTH
    codes = free_points(game, 2 * MAX_DEPTH + lines)
    tree: list[dict] = []
    shared = list(zip(codes[: 2 * MAX_DEPTH : 2], codes[1 : 2 * MAX_DEPTH : 2], strict=True))
    for i in range(lines):
        # Each line differs in its first opponent move, then follows the same 19 answers.
        line = [(codes[2 * MAX_DEPTH + i], shared[0][1]), *shared[1:]]
        tree = tree_add_line(tree, line)
    return tree


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"{'board':<10} {'tree':<6} {'nodes':>5} {'median ms':>10}")
    for kind, size, moves in (("square", 19, 120), ("hex", 12, 130)):
        game = stored_game(kind, size, moves)
        for name, build in (("wide", wide), ("deep", deep)):
            tree = build(game)
            nodes = sum(1 for _ in _nodes(tree))
            times = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                _check_legal(game, tree, owner=game_state(game).to_move ^ 3)
                times.append((time.perf_counter() - start) * 1000)
            label = f"{kind} {size}"
            print(f"{label:<10} {name:<6} {nodes:>5} {statistics.median(times):>10.1f}")


def _nodes(tree: list[dict]):
    for node in tree:
        yield node
        yield from _nodes(node["then"])


if __name__ == "__main__":
    main()
