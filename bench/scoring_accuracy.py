"""Dead-stone estimation accuracy and speed, with GNU Go as a peer.

Run: .venv/bin/python bench/scoring_accuracy.py [--no-gnugo] [--verbose] [--seed N] [--data DIR]

Positions:
* ../shared/scoring/ogs-score-estimator/ (54 real final positions, 9x9 to 19x19, with the
  stones the players marked dead in expected.json), parsed with sgfmill;
* a few constructed final positions on hexagons (and their known dead stones), below.

For each position `rules.deadstones.estimate_dead` is timed and compared with the players'
marks (exact match of the whole set). GNU Go 3.8 (`/usr/games/gnugo`, Debian package `gnugo`)
gets the same SGF through GTP `loadsgf` + `final_status_list dead`; its column is skipped with
a note when it is not installed. The positions are only measured here, never special-cased.
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

from rules.board import BLACK, WHITE  # noqa: E402
from rules.deadstones import SEED, estimate_dead  # noqa: E402
from rules.diagram import parse_diagram  # noqa: E402
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
    cases = []
    for name, side, text in HEX_CASES:
        topology = hexagon(side)
        marks = "".join(text.split())
        plain = text.translate(str.maketrans("xost", "XOXO"))
        colours = parse_diagram(topology, plain)
        cells = _cells_in_diagram_order(topology)
        dead = frozenset(p for p, ch in zip(cells, marks, strict=True) if ch in "xo")
        seki = frozenset(p for p, ch in zip(cells, marks, strict=True) if ch in "st")
        game = Game.new(
            topology,
            preset("badux", topology),
            black_setup=[p for p, c in enumerate(colours) if c == BLACK],
            white_setup=[p for p, c in enumerate(colours) if c == WHITE],
        )
        cases.append(Case(name, "hex", game.position, dead, seki))
    return cases


def _cells_in_diagram_order(topology: Topology) -> list[int]:
    return [
        topology.point_at(x, y)
        for y in range(topology.sgf_size)
        for x in range(topology.sgf_size)
        if topology.point_at(x, y) is not None
    ]


class GnuGo:
    """GNU Go over GTP, one process for all positions."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [GNUGO, "--mode", "gtp", "--chinese-rules"],
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-gnugo", action="store_true", help="skip the GNU Go column")
    parser.add_argument("--verbose", action="store_true", help="list every miss")
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
    cases = ogs_cases(args.data) + hex_cases()
    gnugo = None
    gnugo_note = ""
    if args.no_gnugo:
        gnugo_note = "GNU Go column skipped (--no-gnugo)."
    elif not (Path(GNUGO).exists() or shutil.which("gnugo")):
        gnugo_note = "GNU Go column skipped: gnugo is not installed (apt-get install gnugo)."
    else:
        gnugo = GnuGo()

    rows: dict[str, list[int]] = {}  # category -> [cases, ours exact, gnugo exact]
    times: dict[str, list[float]] = {}
    seki_dead = 0
    seki_total = 0
    misses = []
    for case in cases:
        t0 = time.process_time()
        dead = estimate_dead(case.position, seed=args.seed)
        elapsed = time.process_time() - t0
        times.setdefault(case.position.topology.label, []).append(elapsed)
        row = rows.setdefault(case.category, [0, 0, 0])
        row[0] += 1
        row[1] += dead == case.expected
        if dead != case.expected:
            misses.append((case, dead))
        seki_total += len(case.seki)
        seki_dead += len(case.seki & dead)
        if case.category == "patterns" and "seki" in case.name:
            # The players left every stone of a seki pattern alive except the ones they
            # marked: count seki stones we marked beyond the players' marks.
            seki_dead += len(dead - case.expected)
        if gnugo is not None and case.sgf is not None:
            row[2] += gnugo.dead(case.sgf, case.position.topology) == case.expected
    if gnugo is not None:
        gnugo.close()

    ogs = [c for c in cases if c.sgf is not None]
    print(
        f"Dead-stone estimation: {len(ogs)} OGS final positions + {len(cases) - len(ogs)} hex"
        f" (seed {args.seed:#x})"
    )
    print()
    print(f"{'category':<14}{'positions':>10}{'ours exact':>12}{'GNU Go exact':>14}")
    total = [0, 0, 0, 0]
    for category, (n, ours, gg) in rows.items():
        gg_text = str(gg) if gnugo is not None and category != "hex" else "-"
        print(f"{category:<14}{n:>10}{ours:>12}{gg_text:>14}")
        if category != "hex":
            total[0] += n
            total[1] += ours
            total[2] += gg
    gg_total = f"{total[2]}/{total[0]}" if gnugo is not None else "-"
    print(f"{'OGS total':<14}{total[0]:>10}{f'{total[1]}/{total[0]}':>12}{gg_total:>14}")
    print()
    print(
        f"seki stones marked dead: {seki_dead} (stones beyond the players' marks in the OGS "
        f"seki patterns, plus {seki_total} stones marked seki in the hex cases)"
    )
    print()
    print(f"{'board':<10}{'positions':>10}{'median ms':>11}{'max ms':>9}  (CPU time)")
    for label, ts in sorted(times.items(), key=lambda kv: (len(kv[0]), kv[0])):
        print(
            f"{label:<10}{len(ts):>10}{statistics.median(ts) * 1000:>11.1f}{max(ts) * 1000:>9.1f}"
        )
    if gnugo_note:
        print()
        print(gnugo_note)
    if args.verbose:
        for case, dead in misses:
            name = case.position.topology.sgf
            extra = sorted(name(p) for p in dead - case.expected)
            missing = sorted(name(p) for p in case.expected - dead)
            print(f"miss {case.name}: extra {extra} missing {missing}")


if __name__ == "__main__":
    main()
