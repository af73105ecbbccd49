"""Rules engine speed: full-game replay through `Game.play` against sgfmill, hex against square.

Run: .venv/bin/python bench/rules_speed.py [--games N] [--repeat R]

The games are generated once, seeded, with our engine (random legal moves that never fill a
one-point eye of the mover's own colour, under the superko presets, up to two passes or the move
cap). Both engines then replay the same move lists:

* ours: `Game.new` + `Game.play` / `Game.pass_turn` (turn checks, positional superko, history);
* sgfmill: `sgfmill.boards.Board.play` (captures only; it enforces no ko rule at all).

The final boards of both replays are compared, so the benchmark is also a cross-check.
Times are process CPU time (best of --repeat runs, interleaved), so other work on a busy
machine does not skew the ratios.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import BLACK, EMPTY, Game, IllegalMove, preset  # noqa: E402
from rules.topology import Topology, hexagon, square  # noqa: E402

PASS = -1


def random_game(topology: Topology, seed: int) -> tuple[list[int], Game]:
    """A seeded random legal game; returns its moves (point or PASS) and the finished game."""
    rng = random.Random(seed)
    game = Game.new(topology, preset("go-area" if topology.kind == "square" else "badux", topology))
    nbrs = topology.neighbours
    moves: list[int] = []
    while not game.over:
        colour = game.board.colour
        me = game.to_move
        empties = [p for p in topology.points() if colour[p] == EMPTY]
        rng.shuffle(empties)
        for p in empties:
            if all(colour[q] == me for q in nbrs[p]):
                continue  # never fill an own eye: random games would not end
            try:
                game.play(p)
            except IllegalMove:
                continue
            moves.append(p)
            break
        else:
            game.pass_turn()
            moves.append(PASS)
    return moves, game


def replay_ours(topology: Topology, games: list[list[int]]) -> tuple[float, list[tuple]]:
    """Seconds to replay every game through Game.play, and the final stones of each."""
    rules = preset("go-area" if topology.kind == "square" else "badux", topology)
    finals = []
    start = time.process_time()
    for moves in games:
        game = Game.new(topology, rules)
        play, pass_turn = game.play, game.pass_turn
        for p in moves:
            if p == PASS:
                pass_turn()
            else:
                play(p)
        finals.append(game.board.colour)
    elapsed = time.process_time() - start
    return elapsed, [tuple(f) for f in finals]


def replay_sgfmill(topology: Topology, games: list[list[int]]) -> tuple[float, list[tuple]]:
    """Seconds to replay every game through sgfmill.boards.Board.play, and the final stones."""
    from sgfmill.boards import Board as SgfBoard

    n = topology.n
    rc = [(n - 1 - y, x) for x, y in topology.xy]
    finals = []
    start = time.process_time()
    for moves in games:
        board = SgfBoard(n)
        play = board.play
        colour = "b"
        for p in moves:
            if p != PASS:
                row, col = rc[p]
                play(row, col, colour)
            colour = "w" if colour == "b" else "b"
        finals.append(board)
    elapsed = time.process_time() - start
    code = {None: EMPTY, "b": BLACK, "w": 3 - BLACK}
    return elapsed, [tuple(code[b.get(r, c)] for r, c in rc) for b in finals]


def score_times(games: list[Game]) -> str:
    """Median seconds to estimate dead stones on finished games, or why it cannot be measured."""
    try:
        from rules.deadstones import estimate_dead
    except ImportError:
        return "n/a (rules.deadstones missing)"
    times = []
    for game in games:
        position = game.position
        start = time.process_time()
        estimate_dead(position, game.rules)
        times.append(time.process_time() - start)
    return f"{statistics.median(times) * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per board (default 20)")
    parser.add_argument("--repeat", type=int, default=5, help="timing runs, best kept")
    args = parser.parse_args()

    sq, hx = square(19), hexagon(12)
    print(f"generating {args.games} seeded random games on {sq.label} and {hx.label} ...")
    sq_pairs = [random_game(sq, seed) for seed in range(args.games)]
    hx_pairs = [random_game(hx, 1000 + seed) for seed in range(args.games)]
    sq_games = [m for m, _ in sq_pairs]
    hx_games = [m for m, _ in hx_pairs]
    sq_moves = sum(len(m) for m in sq_games)
    hx_moves = sum(len(m) for m in hx_games)

    runs = [
        (replay_ours(sq, sq_games), replay_sgfmill(sq, sq_games), replay_ours(hx, hx_games))
        for _ in range(args.repeat)
    ]
    ours_sq, mill_sq, ours_hx = (min(run[i][0] for run in runs) for i in range(3))
    finals_ours, finals_mill = runs[0][0][1], runs[0][1][1]
    if finals_ours != finals_mill:
        raise SystemExit("MISMATCH: our final boards differ from sgfmill's")

    rate = lambda moves, secs: moves / secs  # noqa: E731
    rows = [
        ("19x19 moves replayed", f"{sq_moves} in {len(sq_games)} games"),
        ("ours, Game.play with superko (19x19)", f"{rate(sq_moves, ours_sq):,.0f} moves/s"),
        ("sgfmill Board.play, no ko (19x19)", f"{rate(sq_moves, mill_sq):,.0f} moves/s"),
        ("speed ratio ours / sgfmill", f"{mill_sq / ours_sq:.2f}x  (target >= 2x, aim 3x)"),
        ("hex 12 moves replayed", f"{hx_moves} in {len(hx_games)} games"),
        ("ours, hex 12", f"{rate(hx_moves, ours_hx):,.0f} moves/s"),
        (
            "per-move cost hex 12 / 19x19",
            f"{(ours_hx / hx_moves) / (ours_sq / sq_moves):.2f}x  (target <= 1.5x)",
        ),
        ("median auto-score, finished 19x19", score_times([g for _, g in sq_pairs])),
        ("median auto-score, finished hex 12", score_times([g for _, g in hx_pairs])),
        ("final boards identical to sgfmill", "yes"),
    ]
    width = max(len(k) for k, _ in rows)
    print(f"{'measure':<{width}} | value")
    print(f"{'-' * width}-+-{'-' * 40}")
    for key, value in rows:
        print(f"{key:<{width}} | {value}")


if __name__ == "__main__":
    main()
