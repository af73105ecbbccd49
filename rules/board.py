"""The mutable fast board: stones, chains with liberty sets, and a Zobrist hash.

`Board.play` is the one place where stones are placed and captured. It checks everything that
depends only on the board (occupied, suicide, simple ko, positional superko) *before* changing
anything, so a refused move leaves the board exactly as it was.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from rules.errors import IllegalMove, KoViolation, Occupied, Suicide, SuperkoViolation
from rules.topology import Topology

EMPTY, BLACK, WHITE = 0, 1, 2
COLOUR_NAMES = {BLACK: "Black", WHITE: "White"}
COLOUR_LETTERS = {BLACK: "B", WHITE: "W"}

_MAX_POINTS = 25 * 25
_rng = random.Random(0xBAD0C5)  # fixed seed: hashes are stable across processes
ZOBRIST = (
    (0,) * _MAX_POINTS,
    tuple(_rng.getrandbits(64) for _ in range(_MAX_POINTS)),
    tuple(_rng.getrandbits(64) for _ in range(_MAX_POINTS)),
)


def other(colour: int) -> int:
    """The opponent's colour."""
    return 3 - colour


def flood_chains(
    neighbours: Sequence[Sequence[int]], colours: Sequence[int], *, depth_first: bool = False
) -> tuple[list[int], list[tuple[int, list[int], set[int]]]]:
    """Every chain of the position: the maximal connected sets of stones of one colour, each
    with its liberties (the empty points beside it). `neighbours[p]` are the points next to
    point p, `colours[p]` its colour (EMPTY, BLACK or WHITE).

    Returns (per point the index of its chain in the list, -1 on an empty point; per chain in
    the order of its lowest point, (colour, stones, liberties)). A chain's stones start with
    its lowest point, then come in the order the fill reaches them: breadth first, or depth
    first (a stack) with `depth_first`. The order matters to callers that replay captures
    stone by stone; the sets of stones and liberties do not depend on it. Linear in the
    points and their neighbours."""
    index = [-1] * len(colours)
    out: list[tuple[int, list[int], set[int]]] = []
    for p, c in enumerate(colours):
        if c == EMPTY or index[p] >= 0:
            continue
        k = len(out)
        index[p] = k
        stones = [p]
        libs: set[int] = set()
        # Breadth first walks `stones` as it grows; depth first pops a stack down to its -1.
        stack = [-1, p] if depth_first else stones
        for s in iter(stack.pop, -1) if depth_first else stones:
            for q in neighbours[s]:
                v = colours[q]
                if v == EMPTY:
                    libs.add(q)
                elif v == c and index[q] < 0:
                    index[q] = k
                    stones.append(q)
                    if depth_first:
                        stack.append(q)
        out.append((c, stones, libs))
    return index, out


class Chain:
    """A connected group of one colour and the set of its liberties."""

    __slots__ = ("colour", "stones", "libs")

    def __init__(self, colour: int, stones: list[int], libs: set[int]) -> None:
        self.colour = colour
        self.stones = stones
        self.libs = libs


class Board:
    """Stones on a topology. Not immutable: `rules.game.Game` owns one and snapshots it."""

    __slots__ = ("topology", "nbrs", "colour", "chain", "hash")

    def __init__(self, topology: Topology, colours: Sequence[int] | None = None) -> None:
        self.topology = topology
        self.nbrs = topology.neighbours
        self.colour: list[int] = list(colours) if colours is not None else [EMPTY] * topology.size
        self.chain: list[Chain | None] = [None] * topology.size
        self.hash = 0
        self._rebuild()

    def _rebuild(self) -> None:
        # Depth first: the stones' order is the order `play` captures them in, and that order
        # is kept (last captures in `Game.snapshot`, the captures a page lists).
        chain = self.chain
        h = 0
        for c, stones, libs in flood_chains(self.nbrs, self.colour, depth_first=True)[1]:
            group = Chain(c, stones, libs)
            z = ZOBRIST[c]
            for s in stones:
                chain[s] = group
                h ^= z[s]
        self.hash = h

    def copy(self) -> Board:
        """An independent copy."""
        return Board(self.topology, self.colour)

    def place_setup(self, points: Iterable[int], colour: int) -> None:
        """Put setup stones (handicap, AB/AW) without captures; rebuilds the chains."""
        for p in points:
            self.colour[p] = colour
        self.chain = [None] * self.topology.size
        self._rebuild()

    def play(
        self,
        p: int,
        c: int,
        ko_point: int | None = None,
        history: set[int] | None = None,
    ) -> tuple[list[int], int | None]:
        """Place a stone of colour c at p and capture.

        Raises Occupied, Suicide, KoViolation (p is the simple-ko point) or SuperkoViolation
        (the resulting position is in `history`) without changing anything.
        Returns (captured points, the new simple-ko point or None).
        """
        libs, friends, enemies, captured, new_hash = self._check(p, c, ko_point, history)
        colour, chain = self.colour, self.chain
        colour[p] = c
        if friends:
            main = friends[0]
            for f in friends[1:]:
                if len(f.stones) > len(main.stones):
                    main = f
            for f in friends:
                if f is not main:
                    main.stones.extend(f.stones)
                    main.libs |= f.libs
                    for s in f.stones:
                        chain[s] = main
            main.stones.append(p)
            main.libs |= libs
            main.libs.discard(p)
        else:
            main = Chain(c, [p], libs)
        chain[p] = main
        for e in enemies:
            e.libs.discard(p)
        if captured:
            nbrs = self.nbrs
            for s in captured:
                colour[s] = EMPTY
                chain[s] = None
            for s in captured:
                for q in nbrs[s]:
                    if colour[q] == c:
                        chain[q].libs.add(s)
        self.hash = new_hash
        if len(captured) == 1 and not friends and len(main.libs) == 1:
            return captured, captured[0]
        return captured, None

    def _check(
        self, p: int, c: int, ko_point: int | None, history: set[int] | None
    ) -> tuple[set[int], list[Chain], list[Chain], list[int], int]:
        colour = self.colour
        if colour[p]:
            raise Occupied(p)
        if p == ko_point:
            raise KoViolation(p)
        chain = self.chain
        libs: set[int] = set()
        friends: list[Chain] = []
        enemies: list[Chain] = []
        for q in self.nbrs[p]:
            k = colour[q]
            if k == EMPTY:
                libs.add(q)
            elif k == c:
                ch = chain[q]
                if ch not in friends:
                    friends.append(ch)
            else:
                ch = chain[q]
                if ch not in enemies:
                    enemies.append(ch)
        captured: list[int] = []
        for e in enemies:
            if len(e.libs) == 1:
                captured.extend(e.stones)
        if not libs and not captured:
            for f in friends:
                if len(f.libs) > 1:
                    break
            else:
                raise Suicide(p)
        new_hash = self.hash ^ ZOBRIST[c][p]
        if captured:
            zopp = ZOBRIST[3 - c]
            for s in captured:
                new_hash ^= zopp[s]
        if history is not None and new_hash in history:
            raise SuperkoViolation(p)
        return libs, friends, enemies, captured, new_hash

    def is_legal(
        self, p: int, c: int, ko_point: int | None = None, history: set[int] | None = None
    ) -> bool:
        """Whether c may play at p; the board is not changed."""
        try:
            self._check(p, c, ko_point, history)
        except IllegalMove:
            return False
        return True

    def liberties(self, p: int) -> int:
        """Liberties of the chain at p (0 for an empty point)."""
        ch = self.chain[p]
        return len(ch.libs) if ch is not None else 0
