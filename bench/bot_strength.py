"""Our bot's strength and speed: against a random legal mover on 9×9 and hex 6 at each
strength, against GNU Go levels 1 and 10 on 9×9 (where GNU Go is installed), and the seconds
per move per board and strength.

Run: .venv/bin/python bench/bot_strength.py [--random-games N] [--gnugo-games M]
     [--strengths easy,medium,hard] [--gnugo-strengths easy,medium] [--boards 9x9,hex6]
     [--first-game K] [--gnugo PATH]
(`--first-game` shifts the seeds, so several processes can share a longer run.)

Each game is seeded (game index and move number), the bot takes Black and White in turn, and a
game is played to its end (two passes, a resignation by GNU Go, or the move cap), then counted
as the site counts it (`rules.scoring.score_estimated`). The random mover plays a uniformly
random legal point that is not its own one-point eye and passes when there is none. Seconds per
move are the bot's process CPU time (so other work on a busy machine does not inflate them).
Defaults keep a run to a few minutes; raise the game counts for tighter win rates.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots.engine import STRENGTHS, choose_move, random_move  # noqa: E402
from games.bots.gtp import GtpEngine, GtpError, available  # noqa: E402
from rules.board import BLACK, WHITE  # noqa: E402
from rules.game import PASS, RESIGN, Game  # noqa: E402
from rules.ruleset import default_preset_key, preset  # noqa: E402
from rules.scoring import score_estimated  # noqa: E402
from rules.topology import Topology, hexagon, square  # noqa: E402

GNUGO = "/usr/games/gnugo"


@dataclass
class Tally:
    wins: int = 0
    games: int = 0
    seconds: list[float] = field(default_factory=list)
    margins: list[float] = field(default_factory=list)


def play(topology: Topology, strength: str, bot: int, seed: int, opponent, tally: Tally) -> None:
    """One game, the bot playing `bot`; the opponent is a function (game) -> point|PASS|RESIGN."""
    game = Game.new(topology, preset(default_preset_key(topology), topology))
    while not game.over:
        if game.to_move == bot:
            start = time.process_time()
            choice = choose_move(game, STRENGTHS[strength], seed=seed * 1000 + game.move_number)
            tally.seconds.append(time.process_time() - start)
            if choice.kind == PASS:
                game.pass_turn()
            else:
                game.play(choice.point)
        else:
            move = opponent(game)
            if move == PASS:
                game.pass_turn()
            elif move == RESIGN:
                game.resign(game.to_move)
            else:
                game.play(move)
    if game.winner is not None:
        winner, margin = game.winner, 0.0
    else:
        count = score_estimated(game.position, game.rules)
        winner, margin = count.winner, count.margin
    tally.games += 1
    tally.wins += winner == bot
    tally.margins.append(margin if winner == bot else -margin)


def random_opponent(seed: int):
    rng = random.Random(seed)

    def move(game: Game):
        point = random_move(game, rng)
        return PASS if point is None else point

    return move


def gnugo_opponent(engine: GtpEngine):
    def move(game: Game):
        answer = engine.genmove(game)
        if answer.kind == "play":
            return answer.point
        return PASS if answer.kind == PASS else RESIGN

    return move


def rate(t: Tally) -> str:
    return f"{t.wins}/{t.games} ({100 * t.wins / t.games:.0f}%)" if t.games else "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--random-games", type=int, default=6, help="games per board/strength")
    parser.add_argument("--gnugo-games", type=int, default=2, help="games per level/strength")
    parser.add_argument("--strengths", default="easy,medium,hard")
    parser.add_argument("--gnugo-strengths", default="easy,medium")
    parser.add_argument("--gnugo", default=GNUGO, help="GNU Go program")
    parser.add_argument("--boards", default="9x9,hex6", help="9x9 and/or hex6")
    parser.add_argument("--first-game", type=int, default=0, help="index of the first seed")
    args = parser.parse_args()
    strengths = args.strengths.split(",")
    named = {"9x9": square(9), "hex6": hexagon(6)}
    boards = [named[name] for name in args.boards.split(",") if name]
    print(f"bot vs random legal mover, {args.random_games} games per cell")
    print(
        f"{'board':<8} {'strength':<8} {'wins':>14} {'min margin':>11} {'s/move mean':>12} "
        f"{'s/move max':>11}"
    )
    speed: dict[tuple[str, str], list[float]] = {}
    for topology in boards:
        for strength in strengths:
            tally = Tally()
            for i in range(args.first_game, args.first_game + args.random_games):
                bot = BLACK if i % 2 == 0 else WHITE
                play(topology, strength, bot, i, random_opponent(i), tally)
            speed.setdefault((topology.label, strength), []).extend(tally.seconds)
            print(
                f"{topology.label:<8} {strength:<8} {rate(tally):>14} "
                f"{min(tally.margins):>11.1f} {statistics.mean(tally.seconds):>12.3f} "
                f"{max(tally.seconds):>11.3f}",
                flush=True,
            )
    print()
    if args.gnugo_games and available([args.gnugo]):
        print(f"bot vs GNU Go on 9×9 (Chinese rules, komi 7.5), {args.gnugo_games} games per cell")
        print(f"{'level':<6} {'strength':<8} {'wins':>14} {'mean margin':>12}")
        for level in (1, 10):
            for strength in args.gnugo_strengths.split(","):
                tally = Tally()
                command = [args.gnugo, "--mode", "gtp", "--level", str(level), "--chinese-rules"]
                for i in range(args.gnugo_games):
                    bot = BLACK if i % 2 == 0 else WHITE
                    try:
                        with GtpEngine(command, timeout=60) as engine:
                            play(square(9), strength, bot, i, gnugo_opponent(engine), tally)
                    except GtpError as error:
                        print(f"  game {i}: GNU Go failed: {error}")
                speed.setdefault(("9×9", strength), []).extend(tally.seconds)
                mean = statistics.mean(tally.margins) if tally.margins else 0.0
                print(f"{level:<6} {strength:<8} {rate(tally):>14} {mean:>12.1f}", flush=True)
        print()
    elif args.gnugo_games:
        print(f"GNU Go not found at {args.gnugo}: no games against it\n")
    print("seconds per move (CPU), all games above")
    print(
        f"{'board':<8} {'strength':<8} {'playouts':>9} {'moves':>6} {'mean':>7} {'median':>7} "
        f"{'max':>7}"
    )
    for (label, strength), seconds in speed.items():
        print(
            f"{label:<8} {strength:<8} {STRENGTHS[strength].playouts:>9} {len(seconds):>6} "
            f"{statistics.mean(seconds):>7.3f} {statistics.median(seconds):>7.3f} "
            f"{max(seconds):>7.3f}"
        )


if __name__ == "__main__":
    main()
