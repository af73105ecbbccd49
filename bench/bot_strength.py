"""Our bot's strength and speed: against a random legal mover on 9×9 and hex 6 at each
strength, against GNU Go levels 1 and 10 on 9×9 (where GNU Go is installed), and the seconds
per move per board and strength.

Run: .venv/bin/python bench/bot_strength.py [--random-games N] [--gnugo-games M]
     [--strengths easy,medium,hard] [--gnugo-strengths easy,medium] [--boards 9x9,hex6]
     [--first-game K] [--gnugo PATH] [--each] [--show-below MARGIN]
(`--first-game` shifts the seeds, so several processes can share a longer run. `--each` prints
one line per game: seed, the bot's colour, its margin (negative: a loss), moves, and the bot's
moves and mean CPU seconds per move. `--show-below MARGIN` prints the final position, the
count's dead stones and the move list of every game the bot lost or won by less than MARGIN
points.)

Each game is seeded (game index and move number), the bot takes Black and White in turn, and a
game is played to its end (two passes, a resignation by GNU Go, or the move cap), then counted
as the site counts it (`rules.scoring.score_estimated`); a game against GNU Go is also counted
by GNU Go (`final_score`; the two can differ on dead stones), and GNU Go's random seed is the
game index plus one, so a game can be replayed. The random mover plays a uniformly
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
from rules.board import BLACK, COLOUR_LETTERS, WHITE  # noqa: E402
from rules.deadstones import estimate_status  # noqa: E402
from rules.diagram import to_diagram  # noqa: E402
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


def play(topology: Topology, strength: str, bot: int, seed: int, opponent, tally: Tally) -> Game:
    """One game, the bot playing `bot`; the opponent is a function (game) -> point|PASS|RESIGN.
    Returns the finished game; its result (and the bot's CPU seconds) go into `tally`."""
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
    return game


def report(game: Game, tally: Tally, seed: int, bot: int, seconds: list[float], args) -> None:
    """The `--each` line and the `--show-below` record of the game just tallied (`seconds`:
    the bot's CPU seconds per move in it)."""
    margin = tally.margins[-1]
    if args.each:
        print(
            f"  seed {seed:<4} bot {COLOUR_LETTERS[bot]}  margin {margin:+7.1f}  "
            f"moves {len(game.moves):>4}  end {game.end_reason}  bot moves {len(seconds):>3}  "
            f"s/move {statistics.mean(seconds):6.3f}",
            flush=True,
        )
    if args.show_below is not None and margin < args.show_below:
        dead = sorted(estimate_status(game.position, game.rules).dead)
        print(f"  --- seed {seed}, bot {COLOUR_LETTERS[bot]}, margin {margin:+.1f}")
        print("  " + to_diagram(game.topology, game.position.stones).replace("\n", "\n  "))
        print("  dead: " + " ".join(game.topology.name(p) for p in dead))
        print("  moves: " + " ".join(m.describe(game.topology) for m in game.moves), flush=True)


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


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--random-games", type=int, default=6, help="games per board/strength")
    parser.add_argument("--gnugo-games", type=int, default=2, help="games per level/strength")
    parser.add_argument("--strengths", default="easy,medium,hard")
    parser.add_argument("--gnugo-strengths", default="easy,medium")
    parser.add_argument("--gnugo", default=GNUGO, help="GNU Go program")
    parser.add_argument("--boards", default="9x9,hex6", help="9x9 and/or hex6")
    parser.add_argument("--first-game", type=int, default=0, help="index of the first seed")
    parser.add_argument("--each", action="store_true", help="print one line per game")
    parser.add_argument(
        "--show-below", type=float, default=None, help="print games won by less than this"
    )
    return parser.parse_args()


# The seconds per move of every game played, by (board label, strength).
Speed = dict[tuple[str, str], list[float]]


def _random_table(args: argparse.Namespace, speed: Speed) -> None:
    """Play and print the games against the random legal mover, each board and strength."""
    strengths = args.strengths.split(",")
    named = {"9x9": square(9), "hex6": hexagon(6)}
    boards = [named[name] for name in args.boards.split(",") if name]
    print(f"bot vs random legal mover, {args.random_games} games per cell")
    print(
        f"{'board':<8} {'strength':<8} {'wins':>14} {'min margin':>11} {'s/move mean':>12} "
        f"{'s/move max':>11}"
    )
    for topology in boards if args.random_games else ():
        for strength in strengths:
            tally = Tally()
            for i in range(args.first_game, args.first_game + args.random_games):
                bot = BLACK if i % 2 == 0 else WHITE
                before = len(tally.seconds)
                game = play(topology, strength, bot, i, random_opponent(i), tally)
                report(game, tally, i, bot, tally.seconds[before:], args)
            speed.setdefault((topology.label, strength), []).extend(tally.seconds)
            print(
                f"{topology.label:<8} {strength:<8} {rate(tally):>14} "
                f"{min(tally.margins):>11.1f} {statistics.mean(tally.seconds):>12.3f} "
                f"{max(tally.seconds):>11.3f}",
                flush=True,
            )
    print()


def _gnugo_games(args: argparse.Namespace, level: int, strength: str, tally: Tally) -> int:
    """Play the games against GNU Go at `level` into `tally`; how many GNU Go's own count
    (final_score) gives to the bot."""
    theirs = 0
    for i in range(args.first_game, args.first_game + args.gnugo_games):
        bot = BLACK if i % 2 == 0 else WHITE
        command = [args.gnugo, "--mode", "gtp", "--level", str(level)]
        command += ["--chinese-rules", "--seed", str(i + 1)]
        try:
            with GtpEngine(command, timeout=60) as engine:
                before = len(tally.seconds)
                game = play(square(9), strength, bot, i, gnugo_opponent(engine), tally)
                report(game, tally, i, bot, tally.seconds[before:], args)
                # GNU Go's board lacks at most the bot's closing pass (or, at the
                # move cap, its last stone): its count of the same position.
                count = engine.command("final_score")
        except GtpError as error:
            print(f"  game {i}: GNU Go failed: {error}")
            continue
        theirs += count.upper().startswith(COLOUR_LETTERS[bot] + "+")
        if args.each:
            print(f"    GNU Go counts {count}", flush=True)
    return theirs


def _gnugo_table(args: argparse.Namespace, speed: Speed) -> None:
    """Play and print the games against GNU Go (levels 1 and 10), when it is installed."""
    if not args.gnugo_games:
        return
    if not available([args.gnugo]):
        print(f"GNU Go not found at {args.gnugo}: no games against it\n")
        return
    print(f"bot vs GNU Go on 9×9 (Chinese rules, komi 7.5), {args.gnugo_games} games per cell")
    print(
        f"{'level':<6} {'strength':<8} {'wins':>14} {'mean margin':>12} "
        f"{'wins by GNU Go count':>21}"
    )
    for level in (1, 10):
        for strength in args.gnugo_strengths.split(","):
            tally = Tally()
            theirs = _gnugo_games(args, level, strength, tally)
            speed.setdefault(("9×9", strength), []).extend(tally.seconds)
            mean = statistics.mean(tally.margins) if tally.margins else 0.0
            print(
                f"{level:<6} {strength:<8} {rate(tally):>14} {mean:>12.1f} "
                f"{theirs:>19}/{tally.games}",
                flush=True,
            )
    print()


def _speed_table(speed: Speed) -> None:
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


def main() -> None:
    args = _arguments()
    speed: Speed = {}
    _random_table(args, speed)
    _gnugo_table(args, speed)
    _speed_table(speed)


if __name__ == "__main__":
    main()
