"""How far players can trust the count: per chain, how often its status is wrong, and how
often a wrong chain is flagged unsure (`rules.ownership.count_confidence`).

Run: .venv/bin/python bench/count_confidence.py [--games N] [--boards 9,13,19,hex6,hex8]
     [--no-gnugo] [--data DIR] [--fresh] [--pairings random,bot,newcomer] [--recheck N]
     [--cached-only]

Positions and the reference each chain is judged against:

* ../shared/scoring/ogs-score-estimator/ (54 real final positions, see its README): the
  players' own dead marks (expected.json); a chain is dead when the players marked its stones.
* Generated: games of the bot (easy budget on 9x9 and hex 6, 60 playouts a move on 13x13
  and hex 8, 24 on 19x19) against a random legal mover and against itself, `--games` of
  each per board (9x9, 13x13, 19x19, hex 6, hex 8), played to their end like
  bench/bot_strength.py, except that the random mover answers a pass with a pass, as a
  newcomer does (otherwise it fills the board for hundreds of moves). `--pairings newcomer`
  adds games whose random mover stops (passes) after a quarter of the board's points in
  moves (both sides'), as the issue's newcomer did: unsettled stones. The games are cached
  in var/count_confidence/ (`--fresh` plays them again). Reference: on square boards GNU Go
  3.8 (`final_status_list dead`); on hexagons, where no engine judges, the position is
  played out by the bot for both sides (its tree search at 64 playouts a move, never
  passing while it
  has a move) and the chains it captured are dead. GNU Go's `final_status_list` plays the
  aftermath out itself (about a minute a 9x9 newcomer position on a busy machine, several on
  13x13).

Is the reference sound? `--recheck N` asks it N more times with other seeds (GNU Go's
`--seed`; the play-out's seed + 100 k), cached with the game. A chain is then judged by the
majority of the opinions, and a chain they disagree on is contested: nobody can say what is
right, so it is counted apart (the `contested` column, with how many of them the count
flags), neither wrong nor right. Measured on newcomer games: GNU Go gave the same dead
stones under other seeds; the hexagon play-out at 64 playouts a move did not (29% of the
chains contested with --recheck 2), so on hexagons use --recheck 2 or more.

For every chain of every position: is the count's verdict wrong, and is the chain flagged
unsure. Two flag columns: by `rules` alone, and with GNU Go as a judge on square boards
(`rules.ownership.with_judge`: a chain GNU Go judges otherwise is unsure; a close call,
most playouts agreeing, that GNU Go judges the same is sure). On generated square positions
GNU Go is also the reference, so its column is right by construction there (every miss
caught, every agreement cleared): read the `rules` column there, and the GNU Go column on
../shared/scoring, whose reference is the players' own marks. The goal: every wrong chain
flagged, fewer than 1 in 5 right chains flagged. CPU seconds per count (process time of
`count_confidence`). Never special-cased: the estimator does not know these positions.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.scoring_accuracy import DATA, GNUGO, GnuGo, ogs_cases  # noqa: E402
from games.bots.engine import STRENGTHS, Budget, choose_move, random_move, search  # noqa: E402
from rules.board import BLACK, EMPTY, WHITE  # noqa: E402
from rules.game import PASS, Game, Position  # noqa: E402
from rules.ownership import count_confidence, with_judge  # noqa: E402
from rules.ruleset import default_preset_key, preset  # noqa: E402
from rules.topology import Topology, hexagon, square  # noqa: E402

CACHE = ROOT / "var" / "count_confidence"
BOARDS = {"9": square(9), "13": square(13), "19": square(19), "hex6": hexagon(6)}
BOARDS["hex8"] = hexagon(8)
FILL = Budget(playouts=64)
# The bot's playouts a move when generating games on the bigger boards (13x13 and hex 8, 19x19):
# the machine is shared, and a 19x19 game at the easy budget takes many minutes.
GEN = {False: 60, True: 24}
# ../shared/scoring beside the checkout, or beside a parent folder (a git worktree's).
DEFAULT_DATA = next(
    (
        folder / "shared" / "scoring" / DATA.name
        for folder in ROOT.parents
        if (folder / "shared" / "scoring" / DATA.name).is_dir()
    ),
    DATA,
)


@dataclass
class Row:
    chains: int = 0
    wrong: int = 0
    wrong_flagged: int = 0
    wrong_flagged_gg: int = 0
    right_flagged: int = 0
    right_flagged_gg: int = 0
    positions: int = 0
    # With --recheck: chains the reference's opinions disagree on (not in `chains`)
    contested: int = 0
    contested_flagged: int = 0
    seconds: list[float] = field(default_factory=list)


def setup_sgf(position: Position) -> bytes:
    """The position as an SGF setup (square boards), for GNU Go."""
    topology = position.topology
    black = "".join(f"[{topology.sgf(p)}]" for p, c in enumerate(position.stones) if c == BLACK)
    white = "".join(f"[{topology.sgf(p)}]" for p, c in enumerate(position.stones) if c == WHITE)
    return f"(;GM[1]FF[4]SZ[{topology.n}]AB{black}AW{white}PL[B])".encode()


def play_game(topology: Topology, pairing: str, seed: int) -> Position:
    """A game of the bot against a random mover ("random") or itself ("bot") to its end."""
    game = Game.new(topology, preset(default_preset_key(topology), topology))
    budget = STRENGTHS["easy"] if topology.size < 100 else Budget(playouts=GEN[topology.size > 300])
    rng = random.Random(seed)
    bot = BLACK if seed % 2 == 0 else WHITE
    while not game.over:
        if pairing == "bot" or game.to_move == bot:
            choice = choose_move(game, budget, seed=seed * 1000 + game.move_number)
            point = choice.point if choice.kind != PASS else None
        elif game.moves and game.moves[-1].kind == PASS:
            point = None  # a newcomer answers the bot's pass with a pass
        elif pairing == "newcomer" and game.move_number >= topology.size // 4:
            point = None  # a newcomer who stops early: its stones are left unsettled
        else:
            point = random_move(game, rng)
        if point is None:
            game.pass_turn()
        else:
            game.play(point)
    return game.position


def filled_dead(position: Position, seed: int) -> frozenset[int]:
    """The stones the bot captures when it plays the position out for both sides."""
    game = Game.new(
        position.topology,
        preset(default_preset_key(position.topology), position.topology),
        black_setup=[p for p, c in enumerate(position.stones) if c == BLACK],
        white_setup=[p for p, c in enumerate(position.stones) if c == WHITE],
    )
    passes = 0
    for turn in range(3 * position.topology.size):
        moves, visits, rates, *_ = search(game, FILL, seed=seed * 7919 + turn)
        if not moves or game.over:
            game.pass_turn() if not game.over else None
            passes += 1
            if passes >= 2 or game.over:
                break
            continue
        passes = 0
        best = max(range(len(moves)), key=lambda i: (visits[i], rates[i], -moves[i]))
        game.play(moves[best])
    final = game.board.colour
    return frozenset(p for p, c in enumerate(position.stones) if c != EMPTY and final[p] != c)


def generated(
    boards: list[str],
    games: int,
    fresh: bool,
    gnugo: GnuGo | None,
    pairings: list[str],
    recheck: int = 0,
    cached_only: bool = False,
) -> list[tuple]:
    """(board, name, position, reference dead, the `recheck` other references' dead) for the
    generated games, cached."""
    CACHE.mkdir(parents=True, exist_ok=True)
    out = []
    for board in boards:
        topology = BOARDS[board]
        for pairing in pairings:
            for seed in range(1, games + 1):
                path = CACHE / f"{board}-{pairing}-{seed}.json"
                data: dict = {}
                if path.exists() and not fresh:
                    data = json.loads(path.read_text())
                    stones, ref = data["stones"], data.get("dead")
                elif cached_only:
                    continue
                else:
                    t0 = time.time()
                    stones = list(play_game(topology, pairing, seed).stones)
                    ref = None
                    print(f"  played {path.name} in {time.time() - t0:.0f} s", flush=True)
                position = _position(topology, stones)
                if topology.kind == "square" and gnugo is None and ref is None:
                    continue
                if ref is None:
                    ref = sorted(_reference(position, seed, gnugo))
                more = data.get("dead_more", [])
                while len(more) < recheck and (topology.kind != "square" or gnugo is not None):
                    t0 = time.time()
                    more.append(sorted(_reference(position, seed, gnugo, again=len(more) + 1)))
                    print(f"  rechecked {path.name} in {time.time() - t0:.0f} s", flush=True)
                data = {"stones": stones, "dead": ref, "dead_more": more}
                path.write_text(json.dumps(data))
                others = [frozenset(d) for d in more[:recheck]]
                out.append((board, f"{board}-{pairing}-{seed}", position, frozenset(ref), others))
    return out


def _reference(
    position: Position, seed: int, gnugo: GnuGo | None, again: int = 0
) -> frozenset[int]:
    """The reference's dead stones: GNU Go's on square boards, the bot's play-out on
    hexagons. `again` > 0: a second opinion with another seed (GNU Go's `--seed`, the
    play-out's seed)."""
    if position.topology.kind != "square":
        return filled_dead(position, seed + 100 * again)
    assert gnugo is not None
    if not again:
        return gnugo.dead(setup_sgf(position), position.topology)
    other = GnuGo(seed=again)
    try:
        return other.dead(setup_sgf(position), position.topology)
    finally:
        other.close()


def _position(topology: Topology, stones: list[int]) -> Position:
    return Game.new(
        topology,
        preset(default_preset_key(topology), topology),
        black_setup=[p for p, c in enumerate(stones) if c == BLACK],
        white_setup=[p for p, c in enumerate(stones) if c == WHITE],
    ).position


def tally(
    row: Row,
    position: Position,
    reference: frozenset[int],
    gg: frozenset[int] | None,
    others: list[frozenset[int]] = (),
):
    """Judge every chain of `position`'s count against the reference: with `others` (the
    reference asked again), by the majority of the opinions, and a chain they disagree on is
    contested: counted apart, neither wrong nor right."""
    t0 = time.process_time()
    found = count_confidence(position)
    row.seconds.append(time.process_time() - t0)
    row.positions += 1
    judged = with_judge(found, gg) if gg is not None else found
    for ch, ch_gg in zip(found.chains, judged.chains, strict=True):
        votes = [_dead_in(ch.stones, opinion) for opinion in (reference, *others)]
        if len(set(votes)) > 1:
            row.contested += 1
            row.contested_flagged += ch.unsure
            continue
        row.chains += 1
        if votes[0] != ch.dead:
            row.wrong += 1
            row.wrong_flagged += ch.unsure
            row.wrong_flagged_gg += ch_gg.unsure
        else:
            row.right_flagged += ch.unsure
            row.right_flagged_gg += ch_gg.unsure


def _dead_in(stones: tuple[int, ...], dead: frozenset[int]) -> bool:
    return sum(p in dead for p in stones) * 2 > len(stones)


def pct(a: int, b: int) -> str:
    return f"{a}/{b} ({100 * a / b:.0f}%)" if b else "-"


def print_table(rows: dict[str, Row]) -> None:
    head = (
        f"{'set':<14}{'pos':>4}{'chains':>7}{'wrong':>14}{'wrong flagged':>16}"
        f"{'+GNU Go':>12}{'right flagged':>18}{'+GNU Go':>16}{'contested':>11}{'flagged':>9}"
        f"{'s median':>9}{'s max':>7}"
    )
    print(head)
    print("-" * len(head))
    for name, r in rows.items():
        print(
            f"{name:<14}{r.positions:>4}{r.chains:>7}{pct(r.wrong, r.chains):>14}"
            f"{pct(r.wrong_flagged, r.wrong):>16}{pct(r.wrong_flagged_gg, r.wrong):>12}"
            f"{pct(r.right_flagged, r.chains - r.wrong):>18}"
            f"{pct(r.right_flagged_gg, r.chains - r.wrong):>16}"
            f"{r.contested:>11}{r.contested_flagged:>9}"
            f"{statistics.median(r.seconds) if r.seconds else 0:>9.2f}"
            f"{max(r.seconds, default=0):>7.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1, help="games per board and pairing")
    parser.add_argument("--boards", default="9,13,19,hex6,hex8")
    parser.add_argument("--no-gnugo", action="store_true")
    parser.add_argument("--no-ogs", action="store_true")
    parser.add_argument("--fresh", action="store_true", help="play the games again")
    parser.add_argument(
        "--cached-only", action="store_true", help="only the games played before (no new ones)"
    )
    parser.add_argument(
        "--pairings", default="random,bot", help="random, bot, newcomer (random, passing early)"
    )
    parser.add_argument(
        "--recheck",
        type=int,
        default=0,
        help="other references per generated position (other seeds), to find contested chains",
    )
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    args = parser.parse_args()
    gnugo = None if args.no_gnugo or not shutil.which(GNUGO) else GnuGo()
    rows: dict[str, Row] = {}
    if not args.no_ogs:
        for case in ogs_cases(args.data):
            size = case.position.topology.n
            gg = gnugo.dead(case.sgf, case.position.topology) if gnugo and case.sgf else None
            tally(rows.setdefault(f"ogs {size}x{size}", Row()), case.position, case.expected, gg)
    found = generated(
        args.boards.split(","),
        args.games,
        args.fresh,
        gnugo,
        args.pairings.split(","),
        args.recheck,
        args.cached_only,
    )
    for board, name, position, ref, others in found:
        gg = ref if position.topology.kind == "square" else None
        pairing = name.split("-")[1]
        label = f"gen {board}" + (" new" if pairing == "newcomer" else "")
        tally(rows.setdefault(label, Row()), position, ref, gg, others)
    total = Row()
    for r in rows.values():
        for name in (
            "chains",
            "wrong",
            "wrong_flagged",
            "wrong_flagged_gg",
            "right_flagged",
            "contested",
            "contested_flagged",
        ):
            setattr(total, name, getattr(total, name) + getattr(r, name))
        total.right_flagged_gg += r.right_flagged_gg
        total.positions += r.positions
        total.seconds += r.seconds
    rows["all"] = total
    print_table(rows)
    if gnugo is not None:
        gnugo.close()


if __name__ == "__main__":
    main()
