"""Seeded random playouts for ownership estimation, on any topology.

A playout fills the board with random legal moves for both sides until both pass, under a
policy that keeps the result meaningful for a finished game:

* a player never fills a one-point eye of their own (on a square board, a point whose
  neighbours are all the player's and at most one diagonal (none on the edge) is the
  opponent's; on a hexagon every such point is a real eye, as its neighbours touch each other);
* a player never puts a chain of two or more stones into atari unless the move captures
  (so seki stays seki: neither side fills the shared liberties);
* simple ko; no superko (a move cap stops long cycles).

The board is a lean array board of its own (chain ids, stone lists, liberty sets) because the
game board checks and raises far more than a playout needs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from rules.board import flood_chains
from rules.topology import Topology

EMPTY = 0
SACRIFICE = 2  # largest chain a playout may put into atari (a nakade throw-in)


@cache
def diagonals(topology: Topology) -> tuple[tuple[int, ...], ...]:
    """Square boards: the diagonal neighbours of each point; hexagons: none (cached per
    topology: topologies are cached and immutable)."""
    if topology.kind != "square":
        return tuple(() for _ in topology.points())
    out = []
    for x, y in topology.xy:
        ds = []
        for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            q = topology.point_at(x + dx, y + dy)
            if q is not None:
                ds.append(q)
        out.append(tuple(ds))
    return tuple(out)


class Playouts:
    """Playouts from one start position. `run(first, rng)` returns the final owner per point."""

    def __init__(
        self,
        topology: Topology,
        colours: Sequence[int],
        frozen: Sequence[bool] | None = None,
    ) -> None:
        """`frozen` points (settled regions) are never played on."""
        self.topology = topology
        self.nbrs = topology.neighbours
        self.diags = diagonals(topology)
        self.on_edge = tuple(len(d) < 4 for d in self.diags)
        self.colours = list(colours)
        size = topology.size
        frozen = frozen or [False] * size
        self.empties = [p for p in range(size) if colours[p] == EMPTY and not frozen[p]]
        self.frozen = list(frozen)
        # Chains of the start position, copied at the start of each playout; a chain's id is
        # its lowest point.
        index, found = flood_chains(self.nbrs, colours)
        ids = [stones[0] for _, stones, _ in found]
        ids.append(-1)  # what index -1, an empty point, finds
        self.cid = [ids[k] for k in index]
        self.stones = {stones[0]: stones for _, stones, _ in found}
        self.libs = {stones[0]: libs for _, stones, libs in found}

    def run(
        self,
        first: int,
        rng: random.Random,
        seki: list[int] | None = None,
        played: list[int] | None = None,
    ) -> list[int]:
        """One playout with `first` to move; the owner (0, 1, 2) of every point at the end.

        With a `played` list, appends every stone the playout places, in order: the point for
        Black, `~point` (-point-1) for White (a tree search's all-moves-as-first statistics).

        With a `seki` list (one count per point), adds 1 for every stone whose chain ends the
        playout with at most one eye (liberty that only its colour touches) and beside an
        empty point that both colours touch: a shared liberty neither side would fill, so a
        seki, or a capturing race that random play left unplayed."""
        # Local names and inlined steps on purpose: this loop runs thousands of times per
        # count, and a Python call per step of the inner loop would show.
        colour = self.colours[:]
        cid = self.cid[:]
        stones = {k: v[:] for k, v in self.stones.items()}
        libs = {k: set(v) for k, v in self.libs.items()}
        empty = self.empties[:]
        where = [-1] * len(colour)
        for i, p in enumerate(empty):
            where[p] = i
        me = first
        passes = 0
        ko = -1
        limit = 3 * len(empty) + 20
        moves = 0
        last = -1
        answer, pick, play = self._answer, self._random_move, self._play
        while passes < 2 and moves < limit:
            chosen = -1
            if last >= 0:
                chosen = answer(last, me, ko, colour, cid, libs, stones)
            if chosen < 0 and empty:
                chosen = pick(rng, me, ko, colour, cid, libs, stones, empty)
            if chosen < 0:
                passes += 1
                ko = -1
                last = -1
                me = 3 - me
                continue
            passes = 0
            moves += 1
            ko = play(chosen, me, colour, cid, libs, stones, empty, where)
            if played is not None:
                played.append(chosen if me == 1 else ~chosen)
            last = chosen
            me = 3 - me
        return self._owners(colour, cid, libs, stones, seki)

    def _random_move(self, rng, me, ko, colour, cid, libs, stones, empty) -> int:
        """A random point of `empty` that `me` may play by the playout policy, or -1: the
        scan starts at a random place in the list and takes the first acceptable point."""
        nbrs, diags, on_edge = self.nbrs, self.diags, self.on_edge
        acceptable = self._acceptable
        n = len(empty)
        start = rng.randrange(n)
        for k in range(n):
            i = start + k
            p = empty[i - n if i >= n else i]
            if p == ko:
                continue
            # Fast path: two empty neighbours make any move fine.
            free = 0
            own = 0
            for q in nbrs[p]:
                k2 = colour[q]
                if k2 == EMPTY:
                    free += 1
                elif k2 == me:
                    own += 1
            if free >= 2:
                return p
            if own == len(nbrs[p]):
                # Own eye? (square: diagonal test for false eyes)
                enemy_diag = 0
                for d in diags[p]:
                    if colour[d] == 3 - me:
                        enemy_diag += 1
                if enemy_diag == 0 or (enemy_diag == 1 and not on_edge[p]):
                    # a real eye unless filling it captures nothing and saves an atari
                    continue
            if acceptable(p, me, colour, cid, libs, stones):
                return p
        return -1

    def _owners(self, colour, cid, libs, stones, seki) -> list[int]:
        """The owner of every point at the playout's end (-1 on frozen empty points), and with
        a `seki` list, the seki count of `run` added to it."""
        nbrs, frozen = self.nbrs, self.frozen
        owner = colour[:]
        shared: set[int] = set()  # chains beside a point both colours touch
        for p, c in enumerate(colour):
            if c == EMPTY:
                seen = 0
                for q in nbrs[p]:
                    seen |= colour[q]
                owner[p] = seen if seen in (1, 2) else 0
                if seen == 3 and seki is not None:
                    shared.update(cid[q] for q in nbrs[p] if colour[q] != EMPTY)
        for chain in shared:
            eyes = sum(1 for q in libs[chain] if owner[q] != EMPTY)
            if eyes <= 1:
                for s in stones[chain]:
                    seki[s] += 1
        for p in range(len(colour)):
            if frozen[p] and colour[p] == EMPTY:
                owner[p] = -1  # settled: the caller knows who owns it
        return owner

    def _answer(self, last, me, ko, colour, cid, libs, stones) -> int:
        """The local reply to the opponent's move at `last`, or -1: capture it when it stands
        in atari, else save a chain of mine it put in atari (capture around it, or extend)."""
        lib = libs[cid[last]]
        if len(lib) == 1:
            (p,) = lib
            if p != ko and not self.frozen[p]:
                return p
        nbrs = self.nbrs
        for q in nbrs[last]:
            if colour[q] != me:
                continue
            mine = libs[cid[q]]
            if len(mine) != 1:
                continue
            # capture a neighbouring chain that is itself in atari
            for s in stones[cid[q]]:
                for t in nbrs[s]:
                    if colour[t] == 3 - me:
                        theirs = libs[cid[t]]
                        if len(theirs) == 1:
                            (p,) = theirs
                            if p != ko and not self.frozen[p]:
                                return p
            (p,) = mine
            if (
                p != ko
                and not self.frozen[p]
                and self._acceptable(p, me, colour, cid, libs, stones)
            ):
                return p
        return -1

    def _acceptable(self, p, me, colour, cid, libs, stones) -> bool:
        """Legal, and not a self-atari of two or more stones (captures always allowed)."""
        newlibs: set[int] = set()
        size = 1
        counted: list[int] = []
        for q in self.nbrs[p]:
            k = colour[q]
            if k == EMPTY:
                newlibs.add(q)
            elif k == me:
                c = cid[q]
                if c not in counted:
                    counted.append(c)
                    size += len(stones[c])
                    newlibs |= libs[c]
            else:
                if len(libs[cid[q]]) == 1:
                    return True  # captures
        newlibs.discard(p)
        n = len(newlibs)
        return n >= 2 or (n == 1 and size <= SACRIFICE)

    def _play(self, p, me, colour, cid, libs, stones, empty, where) -> int:
        """Place and capture; returns the new simple-ko point or -1."""
        nbrs = self.nbrs
        colour[p] = me
        # take p out of the empty list
        i = where[p]
        last = empty.pop()
        if last != p:
            empty[i] = last
            where[last] = i
        where[p] = -1
        mine = -1
        captured: list[int] = []
        newlibs = set()
        for q in nbrs[p]:
            k = colour[q]
            if k == EMPTY:
                newlibs.add(q)
            elif k == me:
                c = cid[q]
                if mine < 0:
                    mine = c
                elif c != mine:
                    if len(stones[c]) > len(stones[mine]):
                        mine, c = c, mine
                    group = stones.pop(c)
                    for s in group:
                        cid[s] = mine
                    stones[mine].extend(group)
                    libs[mine] |= libs.pop(c)
            else:
                c = cid[q]
                lib = libs.get(c)
                if lib is None:
                    continue  # captured already via another neighbour
                lib.discard(p)
                if not lib:
                    group = stones.pop(c)
                    del libs[c]
                    captured.extend(group)
                    for s in group:
                        colour[s] = EMPTY
                        cid[s] = -1
                        if not self.frozen[s]:
                            where[s] = len(empty)
                            empty.append(s)
        if mine < 0:
            mine = p
            stones[p] = [p]
            libs[p] = newlibs
        else:
            stones[mine].append(p)
            lib = libs[mine]
            lib |= newlibs
            lib.discard(p)
        cid[p] = mine
        if captured:
            for s in captured:
                for q in nbrs[s]:
                    if colour[q] == me:
                        libs[cid[q]].add(s)
            if len(captured) == 1 and len(stones[mine]) == 1 and len(libs[mine]) == 1:
                return captured[0]
        return -1
