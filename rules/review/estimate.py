"""The estimated score lead after every move of a game, and where it swung most.

The lead at a position is Black's margin in a count of the position as it stands, with the
game's rules (komi; area, or territory with prisoners): the stones that playouts judge dead
(`rules.deadstones.ownership`, then `dead_from_ownership`) are taken off, and an empty region
counts for a side when it touches that side only and is walled in (at most `WALLED` points per
stone around it). An open board thus counts as its stones and komi, and the lead moves with
captures, enclosed territory and groups that die: what turns a game. Positive: Black leads.

Deterministic (fixed seed); a few playouts per position keep a 250-move game to seconds
(bench/review_estimate.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from rules.board import BLACK, EMPTY, WHITE, other
from rules.deadstones import SEED, dead_from_ownership, ownership
from rules.game import PASS, PLAY, Game, Move, Position
from rules.ruleset import AREA, SIMPLE_KO, RuleSet
from rules.topology import Topology

PLAYOUTS = 8
WALLED = 4  # a region counts as territory when it has at most this many points per wall stone


def _regions(topology: Topology, live: Sequence[int]):
    """Each empty region (dead stones' points included) with its owner (the one colour it
    touches, else EMPTY) and how many stones wall it in."""
    seen = [False] * topology.size
    nbrs = topology.neighbours
    for start in topology.points():
        if live[start] != EMPTY or seen[start]:
            continue
        region = [start]
        seen[start] = True
        walls: set[int] = set()
        i = 0
        while i < len(region):
            for q in nbrs[region[i]]:
                if live[q] != EMPTY:
                    walls.add(q)
                elif not seen[q]:
                    seen[q] = True
                    region.append(q)
            i += 1
        colours = {live[q] for q in walls}
        yield region, colours.pop() if len(colours) == 1 else EMPTY, len(walls)


def estimate_lead(position: Position, rules: RuleSet, *, playouts: int = PLAYOUTS) -> float:
    """Black's estimated lead in points at `position` (negative when White leads), to a
    tenth of a point."""
    stones = position.stones
    dead: frozenset[int] = frozenset()
    if any(stones):
        dead = dead_from_ownership(position, ownership(position, playouts, SEED))
    live = [EMPTY if p in dead else c for p, c in enumerate(stones)]
    points = {BLACK: 0.0, WHITE: 0.0}
    for region, who, walls in _regions(position.topology, live):
        if who != EMPTY and len(region) <= WALLED * walls:
            points[who] += len(region)
    if rules.scoring == AREA:
        for c in live:
            if c != EMPTY:
                points[c] += 1
    else:
        for colour in (BLACK, WHITE):
            lost = position.captured_by(other(colour))
            points[colour] -= lost + sum(1 for p in dead if stones[p] == colour)
    lead = points[BLACK] - points[WHITE] - rules.komi
    return round(lead, 1)


def estimate_series(
    *,
    topology: Topology,
    rules: RuleSet,
    moves: Sequence[Move],
    black_setup: Iterable[int] = (),
    white_setup: Iterable[int] = (),
    first: int = BLACK,
    playouts: int = PLAYOUTS,
) -> list[float]:
    """Black's estimated lead at the start (index 0) and after each move (index i = move i).

    Moves are replayed as played (simple ko, no move cap: they were accepted; two of one
    colour in a row, as an uploaded record may have them, too); a resignation ends the
    series. A pass gives the lead before it again.
    """
    game = Game.new(
        topology,
        replace(rules, ko=SIMPLE_KO, move_cap=10**6),
        black_setup=black_setup,
        white_setup=white_setup,
        to_move=first,
    )
    series = [estimate_lead(game.position, rules, playouts=playouts)]
    for move in moves:
        if move.kind not in (PLAY, PASS) or game.over:
            break
        game.to_move = move.colour
        game.apply(move)
        if move.kind == PASS:
            series.append(series[-1])
        else:
            series.append(estimate_lead(game.position, rules, playouts=playouts))
    return series


@dataclass(frozen=True)
class Swing:
    """Move `number` changed Black's lead by `change` points (from `before` to `after`)."""

    number: int
    before: float
    after: float

    @property
    def change(self) -> float:
        return round(self.after - self.before, 1)


def turning_points(
    series: Sequence[float], count: int = 3, *, skip: int = 0, least: float = 0.5
) -> list[Swing]:
    """The `count` moves with the largest swings of the lead, largest first (ties: earlier
    first), each of at least `least` points; the first `skip` moves are left out (the
    opening's estimates are noise)."""
    swings = [Swing(i, series[i - 1], series[i]) for i in range(max(1, skip + 1), len(series))]
    swings.sort(key=lambda s: (-abs(s.change), s.number))
    return [s for s in swings[:count] if abs(s.change) >= least]


__all__ = ["PLAYOUTS", "Swing", "estimate_lead", "estimate_series", "turning_points"]
