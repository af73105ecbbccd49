"""Static life analysis: chains, empty regions and Benson's unconditional life.

Everything here works on any topology (square or hex) through `Topology.neighbours`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.board import flood_chains
from rules.topology import Topology

EMPTY = 0
ROOM = 4  # an area with adrift stones holds at least this many empty points per stone


@dataclass(frozen=True)
class Chain:
    """A maximal connected set of stones of one colour, with its liberties."""

    colour: int
    stones: tuple[int, ...]
    libs: frozenset[int]


def chains(topology: Topology, colours: Sequence[int]) -> tuple[list[Chain], list[int]]:
    """All chains, in the order of their lowest point, and per point the index of its chain
    (-1 for empty points). A chain's stones come breadth first from its lowest point."""
    index, found = flood_chains(topology.neighbours, colours)
    return [Chain(c, tuple(stones), frozenset(libs)) for c, stones, libs in found], index


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


def lone_eye_spaces(
    topology: Topology, colours: Sequence[int], *, smaller_than: int, outside: bool = False
) -> list[tuple[frozenset[int], tuple[int, ...]]]:
    """Groups with a single eye space: (the group's stones, the space).

    A group is a set of chains of one colour linked through the empty areas that only their
    colour touches (their eye spaces). It is listed when it has exactly one eye space, of
    fewer than `smaller_than` points, and no other liberty; with `outside`, also when its
    other liberties lie in areas that both colours touch (outside liberties, no second eye).
    """
    nbrs = topology.neighbours
    all_chains, chain_at = chains(topology, colours)
    spaces, space_at = regions(topology, colours, [c != EMPTY for c in colours])
    touches = [0] * len(spaces)  # colours (bit 1 black, bit 2 white) beside each space
    for i, space in enumerate(spaces):
        for p in space:
            for q in nbrs[p]:
                touches[i] |= colours[q]
    out = []
    seen: set[int] = set()
    for start, ch in enumerate(all_chains):
        if start in seen:
            continue
        group, eyes, others, todo = {start}, set(), set(), [start]
        while todo:
            for p in all_chains[todo.pop()].libs:
                i = space_at[p]
                if i in eyes or i in others:
                    continue
                if touches[i] != ch.colour:
                    others.add(i)
                    continue
                eyes.add(i)
                for e in spaces[i]:
                    for q in nbrs[e]:
                        k = chain_at[q]
                        if k >= 0 and k not in group:
                            group.add(k)
                            todo.append(k)
        seen |= group
        if len(eyes) != 1 or (others and not outside):
            continue
        (i,) = eyes
        if len(spaces[i]) < smaller_than:
            stones = frozenset(p for k in group for p in all_chains[k].stones)
            out.append((stones, tuple(spaces[i])))
    return out


def dead_eye_shape(topology: Topology, space: Sequence[int]) -> bool:
    """Whether a group whose only eye space is `space` (empty points) is dead when the
    opponent plays first: one eye at most, whatever the owner answers.

    Any space of 3 points or fewer. On a square board also the 4- and 5-point shapes with a
    vital point that the opponent takes: the square four, the pyramid four (a point beside
    the three others), the bent four whose bend is the board's corner, the bulky five (a
    square four and one more) and the cross five (a point beside the four others). Other
    shapes of 4 or more points (the straight and bent four, the 1-2-1 zigzag four) make two
    eyes, and on a hexagon only the 3-point rule is claimed.
    """
    n = len(space)
    if n <= 3:
        return True
    if topology.kind != "square" or n > 5:
        return False
    inside = set(space)
    nbrs = topology.neighbours
    degree = {p: sum(1 for q in nbrs[p] if q in inside) for p in space}
    square_four = any(_square_at(topology, p, inside) for p in space)
    if n == 5:
        return square_four or max(degree.values()) == 4
    if square_four or max(degree.values()) == 3:
        return True
    # bent four in the corner: a path whose bend point is a corner of the board
    for p in space:
        if len(nbrs[p]) == 2 and degree[p] == 2:
            return sorted(degree.values()) == [1, 1, 2, 2]
    return False


def eye_shape_known(topology: Topology, space: Sequence[int]) -> bool:
    """Whether `dead_eye_shape` is exact for `space`: any space of 3 points or fewer, and
    on a square board the 4- and 5-point ones (every other shape of that size makes two
    eyes). Larger spaces, and 4+ points on a hexagon, are left to the playouts."""
    return len(space) <= 3 or (topology.kind == "square" and len(space) <= 5)


def _square_at(topology: Topology, p: int, inside: set[int]) -> bool:
    """Whether `p` is the top-left corner of a 2x2 block of points in `inside`."""
    x, y = topology.xy[p]
    block = (
        topology.point_at(x + 1, y),
        topology.point_at(x, y + 1),
        topology.point_at(x + 1, y + 1),
    )
    return all(q is not None and q in inside for q in block)


def adrift_territories(
    topology: Topology, colours: Sequence[int], *, territory: int, adrift: int, short: int
) -> list[tuple[int, list[int]]]:
    """Territories with enemy stones adrift in them: (owner, the area's points).

    A stone is adrift when its chain has `adrift` stones or fewer, no eye (no liberty in an
    empty area that only its colour touches) and no larger chain of its colour beside the
    empty areas it touches; or when its group's only eye space is a dead shape, whatever
    its outside liberties (`lone_eye_spaces`, `dead_eye_shape`). An area is a connected set
    of empty points and adrift stones; it is a territory of colour C when it holds at least
    `territory` empty points, every stone in it is the enemy's, every stone around it is C's
    and every such wall chain has more than `short` liberties (no capturing race against
    it), and it has at least `ROOM` empty points per stone in it (a few stones adrift in a
    wide area, not a wall of small chains cut off from its friends). The game is over: the
    owner answers any attempt to live there, so the stones in it are dead and its points are
    the owner's.
    """
    nbrs = topology.neighbours
    all_chains, chain_at = chains(topology, colours)
    spaces, space_at = regions(topology, colours, [c != EMPTY for c in colours])
    touches = [0] * len(spaces)
    for i, space in enumerate(spaces):
        for p in space:
            for q in nbrs[p]:
                touches[i] |= colours[q]
    # Small eyeless chains may be adrift; they are, unless an empty area beside them also
    # touches a chain of their colour that is neither such a chain nor in a dead shape (a
    # wall they belong to).
    small = [False] * topology.size
    for ch in all_chains:
        if len(ch.stones) <= adrift and all(touches[space_at[q]] != ch.colour for q in ch.libs):
            for p in ch.stones:
                small[p] = True
    dead_shapes = [False] * topology.size
    for stones, space in lone_eye_spaces(topology, colours, smaller_than=territory, outside=True):
        if dead_eye_shape(topology, space):
            for p in stones:
                small[p] = dead_shapes[p] = True
    friends = [0] * len(spaces)  # colours of the other stones beside each empty area
    for i, space in enumerate(spaces):
        for p in space:
            for q in nbrs[p]:
                if colours[q] != EMPTY and not small[q]:
                    friends[i] |= colours[q]
    loose = dead_shapes[:]
    for ch in all_chains:
        if small[ch.stones[0]] and not any(friends[space_at[q]] & ch.colour for q in ch.libs):
            for p in ch.stones:
                loose[p] = True
    areas, _ = regions(
        topology, colours, [c != EMPTY and not loose[p] for p, c in enumerate(colours)]
    )
    out = []
    for area in areas:
        inside = {colours[p] for p in area} - {EMPTY}
        stones = sum(1 for p in area if colours[p] != EMPTY)
        empties = len(area) - stones
        if len(inside) > 1 or empties < territory or stones * ROOM > empties:
            continue
        walls = {chain_at[q] for p in area for q in nbrs[p] if not loose[q] and colours[q]}
        owners = {all_chains[k].colour for k in walls}
        if len(owners) != 1 or owners & inside:
            continue
        if all(len(all_chains[k].libs) > short for k in walls):
            out.append((owners.pop(), area))
    return out


def race_losers(topology: Topology, colours: Sequence[int], candidates: set[int]) -> set[int]:
    """Stones of chains that lose a capturing race whoever plays first, by liberty count.

    Only chains holding a point of `candidates` take part (the caller leaves out settled and
    dead ones). A chain B loses to an adjacent enemy chain A when neither has an eye (a
    liberty only its own colour touches), B cannot escape (no liberty of B touches another
    chain of B's colour or an empty point that is not already B's liberty, and no other
    enemy chain beside B is as short of liberties as B), and with a exclusive liberties for
    A, b for B and s shared: a >= b + max(s, 1). With s >= 2 and fewer, it is a seki or a
    race that the first player wins, and nothing is claimed.
    """
    nbrs = topology.neighbours
    all_chains, chain_at = chains(topology, colours)
    out: set[int] = set()

    def eyeless(ch: Chain) -> bool:
        return all(any(colours[q] == 3 - ch.colour for q in nbrs[p]) for p in ch.libs)

    for k, b in enumerate(all_chains):
        if b.stones[0] not in candidates or not eyeless(b):
            continue
        enemies = {chain_at[q] for p in b.stones for q in nbrs[p] if colours[q] == 3 - b.colour}
        if not _trapped(b, k, chain_at, colours, nbrs):
            continue
        for j in enemies:
            a = all_chains[j]
            if a.stones[0] not in candidates or not eyeless(a):
                continue
            others = [all_chains[i] for i in enemies if i != j]
            if any(len(o.libs) <= len(b.libs) for o in others):
                continue  # B may capture its way out
            shared = len(a.libs & b.libs)
            if len(a.libs) - shared >= len(b.libs) - shared + max(shared, 1):
                out.update(b.stones)
                break
    return out


def _trapped(b: Chain, k: int, chain_at: list[int], colours: Sequence[int], nbrs) -> bool:
    """No liberty of `b` touches another chain of its colour or a new empty point."""
    for p in b.libs:
        for q in nbrs[p]:
            if colours[q] == b.colour and chain_at[q] != k:
                return False
            if colours[q] == EMPTY and q not in b.libs:
                return False
    return True


__all__ = [
    "Chain",
    "adrift_territories",
    "benson",
    "chains",
    "dead_eye_shape",
    "eye_shape_known",
    "lone_eye_spaces",
    "race_losers",
    "regions",
]
