"""Dead-stone estimation accuracy and speed, with GNU Go as a peer.

Run: .venv/bin/python bench/scoring_accuracy.py [--no-gnugo] [--verbose] [--seed N] [--data DIR]

Positions:
* ../shared/scoring/ogs-score-estimator/ (54 real final positions, 9x9 to 19x19, with the
  stones the players marked dead in expected.json), parsed with sgfmill;
* a few constructed final positions on hexagons (and their known dead stones), below;
* the hand-checked positions of bench/scoring_positions.py (corner and edge life and death,
  seki and a false one, capturing races left unplayed, unfilled dame; 9x9 to 19x19, hex 6 and
  hex 12), the second table.

For each position `rules.deadstones.estimate_status` is timed and its dead stones compared
with the expected ones (exact match of the whole set). A position is *flagged* when the
estimate marks any stone uncertain; the flag table counts flags on the positions it got right
(they should be rare) and on those it got wrong (they should be nearly all). Seki are read
out, so their stones should be neither dead nor flagged. The last table gives the median and
worst CPU time per board (19x19 and hex 12 among them). GNU Go 3.8
(`/usr/games/gnugo`, Debian package `gnugo`) gets the same SGF through GTP `loadsgf` +
`final_status_list dead`; its column is skipped with a note when it is not installed. The
positions are only measured here, never special-cased.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sgfmill import sgf  # noqa: E402

from bench.scoring_positions import HAND  # noqa: E402
from rules.board import BLACK, WHITE  # noqa: E402
from rules.deadstones import SEED, estimate_status  # noqa: E402
from rules.diagram import parse_marked_diagram  # noqa: E402
from rules.game import Game, Position  # noqa: E402
from rules.ruleset import preset  # noqa: E402
from rules.topology import Topology, hexagon, square  # noqa: E402

DATA = ROOT.parent / "shared" / "scoring" / "ogs-score-estimator"
GNUGO = "/usr/games/gnugo"


@dataclass
class Case:
    name: str
    category: str
    position: Position
    expected: frozenset[int]
    seki: frozenset[int]  # stones known to be in seki (never dead)
    sgf: bytes | None = None  # the SGF as GNU Go gets it
    source: str = "ogs"  # "ogs", "hex" (the hex cases below) or "hand" (scoring_positions)


def position_from_sgf(path: Path) -> tuple[Position, bytes]:
    """A setup position (AB/AW/PL) from an SGF file, parsed with sgfmill; and the SGF again."""
    data = path.read_bytes()
    try:
        game = sgf.Sgf_game.from_bytes(data)
    except ValueError:
        # Some converted files hold value-less setup properties ("ABAW" on an empty board),
        # which SGF does not allow: drop them and parse again.
        empty_setup = re.compile(rb"(?<=[;\]])\s*A[BW](?=\s*[A-Z;)])")
        while empty_setup.search(data):
            data = empty_setup.sub(b"", data, count=1)
        game = sgf.Sgf_game.from_bytes(data)
    size = game.get_size()
    topology = square(size)
    root = game.get_root()
    black, white = [], []
    for prop, out in (("AB", black), ("AW", white)):
        if root.has_property(prop):
            for row, col in root.get(prop):
                out.append(topology.point_at(col, size - 1 - row))
    to_move = WHITE if root.has_property("PL") and root.get("PL") == "w" else BLACK
    rules = preset("go-area", topology)
    game_ = Game.new(topology, rules, black_setup=black, white_setup=white, to_move=to_move)
    return game_.position, game.serialise()


def ogs_cases(data: Path) -> list[Case]:
    expected = json.loads((data / "expected.json").read_text())
    cases = []
    for entry in expected:
        path = data / entry["file"]
        position, sgf_bytes = position_from_sgf(path)
        dead = frozenset(position.topology.from_sgf(p) for p in entry["dead"])
        cases.append(Case(entry["file"], entry["category"], position, dead, frozenset(), sgf_bytes))
    return cases


# Constructed hex finished positions: (name, side, diagram, dead stones as diagram marks).
# In the diagrams `x`/`o` are dead black/white stones, `s`/`t` black/white stones in seki.
# Walls of one colour along a column diagonal split the hexagon into two territories.
HEX_CASES = [
    (
        "hex-invasions",
        6,
        """
             O . . . . .
            X O . x x . .
           . X O . . . . .
          . . X O . . . . .
         o o . X O . . . . .
        . . . . X O . . . . .
         . . o . X O . . . .
          . . . . X O . . .
           . . . . X O . .
            . . . . X O .
             . . . . X O
        """,
    ),
    (
        "hex-lone-invader",
        5,
        """
            X O . . .
           . X O . . .
          . . X O . . .
         . . . X O . . .
        . . . . X O . . .
         . . o . X O . .
          . . . . X O .
           . . . . X O
            . . . . X
        """,
    ),
]


def hex_cases() -> list[Case]:
    return [
        marked_case(name, "hex", hexagon(side), text, source="hex")
        for name, side, text in HEX_CASES
    ]


def hand_cases() -> list[Case]:
    boards = {"hex6": hexagon(6), "hex12": hexagon(12)}
    return [
        marked_case(
            hand.name,
            hand.family,
            boards.get(hand.board) or square(int(hand.board)),
            hand.diagram,
            source="hand",
        )
        for hand in HAND
    ]


def marked_case(name: str, category: str, topology: Topology, text: str, source: str) -> Case:
    """A case from a diagram with `x`/`o` dead and `s`/`t` seki stones (Black to move)."""
    colours, dead, seki = parse_marked_diagram(topology, text)
    black = [p for p, c in enumerate(colours) if c == BLACK]
    white = [p for p, c in enumerate(colours) if c == WHITE]
    key = "go-area" if topology.kind == "square" else "badux"
    game = Game.new(topology, preset(key, topology), black_setup=black, white_setup=white)
    sgf_bytes = None
    if topology.kind == "square":  # GNU Go plays square boards only
        stones = ["AB" + "".join(f"[{topology.sgf(p)}]" for p in black)]
        stones.append("AW" + "".join(f"[{topology.sgf(p)}]" for p in white))
        sgf_bytes = f"(;GM[1]FF[4]SZ[{topology.n}]{''.join(stones)}PL[B])".encode()
    return Case(name, category, game.position, dead, seki, sgf_bytes, source)


class GnuGo:
    """GNU Go over GTP, one process for all positions."""

    def __init__(self, seed: int | None = None) -> None:
        """`seed`: GNU Go's random seed (`--seed`), for a second opinion; its default else."""
        extra = [] if seed is None else ["--seed", str(seed)]
        self.proc = subprocess.Popen(
            [GNUGO, "--mode", "gtp", "--chinese-rules", *extra],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask(self, command: str) -> str:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"gnugo exited during '{command}'")
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.strip())
        answer = " ".join(lines)
        if not answer.startswith("="):
            raise RuntimeError(f"gnugo: {command}: {answer}")
        return answer[1:].strip()

    def dead(self, sgf_bytes: bytes, topology: Topology) -> frozenset[int]:
        with tempfile.NamedTemporaryFile(suffix=".sgf") as handle:
            handle.write(sgf_bytes)
            handle.flush()
            self.ask(f"loadsgf {handle.name}")
        out = set()
        for vertex in self.ask("final_status_list dead").split():
            out.add(topology.parse(vertex))
        return frozenset(out)

    def close(self) -> None:
        self.ask("quit")
        self.proc.wait()


@dataclass
class Result:
    case: Case
    dead: frozenset[int]
    uncertain: frozenset[int]
    seconds: float
    gnugo_exact: bool | None

    @property
    def exact(self) -> bool:
        return self.dead == self.case.expected


def measure(cases: list[Case], seed: int, gnugo: GnuGo | None) -> list[Result]:
    """Run the estimate on every case (CPU time) and, when given, GNU Go on the SGF ones."""
    results = []
    for case in cases:
        t0 = time.process_time()
        found = estimate_status(case.position, seed=seed)
        elapsed = time.process_time() - t0
        gg = None
        if gnugo is not None and case.sgf is not None:
            gg = gnugo.dead(case.sgf, case.position.topology) == case.expected
        results.append(Result(case, found.dead, found.uncertain, elapsed, gg))
    return results


def print_exact(results: list[Result], title: str, total_label: str) -> None:
    """Exact matches per category, with a total line for the cases of `source`."""
    print(f"{title:<14}{'positions':>10}{'ours exact':>12}{'GNU Go exact':>14}")
    rows: dict[str, list[Result]] = {}
    for r in results:
        rows.setdefault(r.case.category, []).append(r)
    for category, rs in rows.items():
        print(f"{category:<14}{len(rs):>10}{sum(r.exact for r in rs):>12}{_gnugo(rs):>14}")
    counted = [r for r in results if r.case.category != "hex"]
    ours = f"{sum(r.exact for r in counted)}/{len(counted)}"
    print(f"{total_label:<14}{len(counted):>10}{ours:>12}{_gnugo(counted, total=True):>14}")


def _gnugo(results: list[Result], total: bool = False) -> str:
    asked = [r.gnugo_exact for r in results if r.gnugo_exact is not None]
    if not asked:
        return "-"
    return f"{sum(asked)}/{len(asked)}" if total else str(sum(asked))


def print_flags(results: list[Result]) -> None:
    """How often the estimate flags something as uncertain, on right and on wrong answers."""
    print(f"{'uncertain flag':<14}{'right':>8}{'flagged':>9}{'wrong':>8}{'flagged':>9}")
    for label, source in (("OGS", "ogs"), ("hex", "hex"), ("hand-checked", "hand")):
        rs = [r for r in results if r.case.source == source]
        right = [r for r in rs if r.exact]
        wrong = [r for r in rs if not r.exact]
        print(
            f"{label:<14}{len(right):>8}{sum(bool(r.uncertain) for r in right):>9}"
            f"{len(wrong):>8}{sum(bool(r.uncertain) for r in wrong):>9}"
        )
    seki = [r for r in results if r.case.seki]
    flagged = sum(bool(r.case.seki & r.uncertain) for r in seki)
    print(f"seki stones flagged uncertain in {flagged} of the {len(seki)} cases with seki marks")


def print_times(results: list[Result]) -> None:
    """Median and worst CPU time per board."""
    times: dict[str, list[float]] = {}
    for r in results:
        times.setdefault(r.case.position.topology.label, []).append(r.seconds)
    print(f"{'board':<10}{'positions':>10}{'median ms':>11}{'max ms':>9}  (CPU time)")
    for label, ts in sorted(times.items(), key=lambda kv: (len(kv[0]), kv[0])):
        print(
            f"{label:<10}{len(ts):>10}{statistics.median(ts) * 1000:>11.1f}{max(ts) * 1000:>9.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-gnugo", action="store_true", help="skip the GNU Go column")
    parser.add_argument("--verbose", action="store_true", help="list every miss and flag")
    parser.add_argument(
        "--seed",
        type=lambda text: int(text, 0),
        default=SEED,
        help="playout seed, e.g. 7 or 0x5c0de (default: the one the site uses)",
    )
    parser.add_argument(
        "--data",
        type=Path,
        default=DATA,
        help="the OGS positions (default ../shared/scoring/ogs-score-estimator; a git worktree"
        " elsewhere passes the path)",
    )
    args = parser.parse_args()

    if not args.data.is_dir():
        sys.exit(f"missing {args.data}: clone the repository with shared/ beside it, or --data")
    cases = ogs_cases(args.data) + hex_cases() + hand_cases()
    gnugo = None
    gnugo_note = ""
    if args.no_gnugo:
        gnugo_note = "GNU Go column skipped (--no-gnugo)."
    elif not (Path(GNUGO).exists() or shutil.which("gnugo")):
        gnugo_note = "GNU Go column skipped: gnugo is not installed (apt-get install gnugo)."
    else:
        gnugo = GnuGo()
    results = measure(cases, args.seed, gnugo)
    if gnugo is not None:
        gnugo.close()

    shared = [r for r in results if r.case.source != "hand"]
    hand = [r for r in results if r.case.source == "hand"]
    print(
        f"Dead-stone estimation: {len(shared) - len(HEX_CASES)} OGS final positions +"
        f" {len(HEX_CASES)} hex, and {len(hand)} hand-checked positions (seed {args.seed:#x})"
    )
    print()
    print_exact(shared, "category", "OGS total")
    print()
    # The players left every stone of a seki pattern alive except the ones they marked:
    # count seki stones marked beyond the players' marks, plus marked seki stones found dead.
    seki_dead = sum(
        len(r.dead - r.case.expected)
        for r in results
        if r.case.category == "patterns" and "seki" in r.case.name
    )
    seki_dead += sum(len(r.case.seki & r.dead) for r in results)
    print(
        f"seki stones marked dead: {seki_dead} (stones beyond the players' marks in the OGS "
        f"seki patterns, plus stones marked seki in the constructed cases)"
    )
    print()
    print_exact(hand, "hand family", "hand total")
    print()
    print_flags(results)
    print()
    print_times(results)
    if gnugo_note:
        print()
        print(gnugo_note)
    if args.verbose:
        for r in results:
            name = r.case.position.topology.sgf
            if not r.exact:
                extra = sorted(name(p) for p in r.dead - r.case.expected)
                missing = sorted(name(p) for p in r.case.expected - r.dead)
                print(f"miss {r.case.name}: extra {extra} missing {missing}")
            if r.uncertain:
                print(f"flag {r.case.name}: {sorted(name(p) for p in r.uncertain)}")


if __name__ == "__main__":
    main()
