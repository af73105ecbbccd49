"""Static life analysis: chains, empty regions and Benson's unconditional life.

Everything here works on any topology (square or hex) through `Topology.neighbours`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.topology import Topology

EMPTY = 0


@dataclass(frozen=True)
class Chain:
    """A maximal connected set of stones of one colour, with its liberties."""

    colour: int
    stones: tuple[int, ...]
    libs: frozenset[int]


def chains(topology: Topology, colours: Sequence[int]) -> tuple[list[Chain], list[int]]:
    """All chains, and per point the index of its chain (-1 for empty points)."""
    nbrs = topology.neighbours
    index = [-1] * topology.size
    out: list[Chain] = []
    for p in topology.points():
        c = colours[p]
        if c == EMPTY or index[p] >= 0:
            continue
        k = len(out)
        index[p] = k
        group = [p]
        libs: set[int] = set()
        i = 0
        while i < len(group):
            s = group[i]
            i += 1
            for q in nbrs[s]:
                v = colours[q]
                if v == EMPTY:
                    libs.add(q)
                elif v == c and index[q] < 0:
                    index[q] = k
                    group.append(q)
        out.append(Chain(c, tuple(group), frozenset(libs)))
    return out, index


def regions(
    topology: Topology, colours: Sequence[int], blocked: Sequence[bool]
) -> tuple[list[list[int]], list[int]]:
    """Maximal connected sets of points that are not `blocked`; per point its region or -1."""
    nbrs = topology.neighbours
    index = [-1] * topology.size
    out: list[list[int]] = []
    for p in topology.points():
        if blocked[p] or index[p] >= 0:
            continue
        k = len(out)
        index[p] = k
        region = [p]
        i = 0
        while i < len(region):
            s = region[i]
            i += 1
            for q in nbrs[s]:
                if not blocked[q] and index[q] < 0:
                    index[q] = k
                    region.append(q)
        out.append(region)
    return out, index


def benson(topology: Topology, colours: Sequence[int], colour: int) -> tuple[set[int], set[int]]:
    """Benson's algorithm for `colour`.

    Returns (points of unconditionally alive stones, points of the regions they make safe:
    regions enclosed by alive chains whose every empty point is a liberty of one of them).
    Stones of the other colour inside those regions can never live.
    """
    nbrs = topology.neighbours
    all_chains, chain_at = chains(topology, colours)
    mine = [k for k, ch in enumerate(all_chains) if ch.colour == colour]
    if not mine:
        return set(), set()
    regs, region_at = regions(topology, colours, [c == colour for c in colours])
    # For each region: the chains bordering it, and the chains for which it is vital.
    bordering: list[set[int]] = []
    vital_to: list[set[int]] = []
    for reg in regs:
        border: set[int] = set()
        for p in reg:
            for q in nbrs[p]:
                if colours[q] == colour:
                    border.add(chain_at[q])
        empties = [p for p in reg if colours[p] == EMPTY]
        vital = {k for k in border if all(p in all_chains[k].libs for p in empties)}
        bordering.append(border)
        vital_to.append(vital)
    alive = set(mine)
    live_regions = set(range(len(regs)))
    while True:
        counts = dict.fromkeys(alive, 0)
        for r in live_regions:
            for k in vital_to[r]:
                if k in counts:
                    counts[k] += 1
        dropped = {k for k, n in counts.items() if n < 2}
        if not dropped:
            break
        alive -= dropped
        live_regions = {r for r in live_regions if bordering[r] <= alive}
    stones = {p for k in alive for p in all_chains[k].stones}
    safe = {p for r in live_regions if vital_to[r] & alive for p in regs[r]}
    return stones, safe


__all__ = ["Chain", "benson", "chains", "regions"]
