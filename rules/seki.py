"""Local reading: proving that the chains of a small closed area live (seki included).

A *closed area* is a set of small empty regions and the chains around them such that every
chain touching one of the regions is in the set and every liberty of those chains lies in
one of the regions: a seki (chains of both colours living on shared liberties, with or
without an eye each), a group living on its eye spaces, or a capturing race in which neither
side has a liberty outside. Nothing played elsewhere can reach such an area except by
capturing a chain around it (a *wall*: a chain beside the area's stones, with no liberty in
it), so once the walls are known to be safe the area can be read out exactly.

`proven_alive` reads every closed area of at most `LIMIT` empty points by a search over its
empty points, once with each colour as the attacker, playing first: the attacker may play
any legal move (throw-ins and sacrifices included), the defender any legal move but filling
its own one-point eye, or pass; a chain joined to a standing wall of its colour stands;
positional superko. Every doubt counts for the attacker: a repeated position, a line longer
than `DEPTH_PER_POINT` moves per empty point plus `DEPTH_EXTRA`, a search past `BUDGET`
positions. One bound keeps the search small: when the defender captures more than
`SACRIFICE` of the attacker's stones of the area and the space that opens is bordered by the
defender only and makes two eyes by the eye-shape table (`life.dead_eye_shape` where
`life.eye_shape_known`, or `OPEN` points or more), the defender holds; otherwise the reading
goes on. When neither side can capture any stone of the area, every chain of it lives: its
stones are alive and its shared liberties are nobody's. A capturing race or a false seki
(one side kills by a throw-in or a sacrifice) is not proven. Pure: no Django, no clock.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from rules.life import Chain, chains, dead_eye_shape, eye_shape_known, regions
from rules.topology import Topology

EMPTY = 0
LIMIT = 8  # read closed areas of at most this many empty points
BUDGET = 5_000  # positions a reading may visit before it gives up (proves nothing)
DEPTH_PER_POINT = 4  # a line longer than this many moves per empty point (+ DEPTH_EXTRA) is a doubt
DEPTH_EXTRA = 8
SACRIFICE = 2  # the attacker may give up this many of its stones of the area, no more
OPEN = 7  # an eye space this large makes two eyes (no dead shape is)


@dataclass(frozen=True)
class Area:
    """A closed area: its chains (indices into `life.chains`), empty points and walls."""

    chains: frozenset[int]
    empties: tuple[int, ...]
    walls: frozenset[int]


def closed_areas(topology: Topology, colours: Sequence[int], *, limit: int = LIMIT) -> list[Area]:
    """Every closed area of at most `limit` empty points (see the module docstring)."""
    nbrs = topology.neighbours
    all_chains, chain_at = chains(topology, colours)
    spaces, space_at = regions(topology, colours, [c != EMPTY for c in colours])
    beside: list[set[int]] = []  # chains touching each empty region
    for space in spaces:
        beside.append({chain_at[q] for p in space for q in nbrs[p] if colours[q] != EMPTY})
    seen: set[int] = set()
    out: list[Area] = []
    for start, space in enumerate(spaces):
        if start in seen or len(space) > limit:
            continue
        area_spaces, area_chains, todo = {start}, set(), [start]
        empties = len(space)
        while todo and empties <= limit:
            i = todo.pop()
            for k in beside[i]:
                if k in area_chains:
                    continue
                area_chains.add(k)
                for p in all_chains[k].libs:
                    j = space_at[p]
                    if j not in area_spaces:
                        area_spaces.add(j)
                        empties += len(spaces[j])
                        todo.append(j)
        seen |= area_spaces
        if empties > limit or not area_chains:
            continue
        walls = {
            chain_at[q]
            for k in area_chains
            for p in all_chains[k].stones
            for q in nbrs[p]
            if colours[q] != EMPTY and chain_at[q] not in area_chains
        }
        points = tuple(p for i in sorted(area_spaces) for p in spaces[i])
        out.append(Area(frozenset(area_chains), points, frozenset(walls)))
    return out


@dataclass(frozen=True)
class Reading:
    """What local reading proved: the stones that live (`alive`) and those that die
    (`dead`)."""

    alive: frozenset[int]
    dead: frozenset[int]


def proven_alive(
    topology: Topology,
    colours: Sequence[int],
    safe_wall: Callable[[Chain, list[Chain]], bool],
    *,
    limit: int = LIMIT,
    only: Collection[int] | None = None,
) -> frozenset[int]:
    """The stones of the closed areas (at most `limit` empty points) whose every chain lives:
    neither side, playing first, can capture any of its stones (seki, or eyes enough).

    `safe_wall(wall, touching)` says whether a wall chain can be trusted to stand (it is
    never captured in the reading); `touching` are the area's chains beside it. An area with
    any untrusted wall proves nothing. With `only` (points), only the areas holding one of
    them are read.
    """
    return read_areas(topology, colours, safe_wall, limit=limit, only=only).alive


def read_areas(
    topology: Topology,
    colours: Sequence[int],
    safe_wall: Callable[[Chain, list[Chain]], bool],
    *,
    limit: int = LIMIT,
    only: Collection[int] | None = None,
) -> Reading:
    """`proven_alive`'s stones, and the stones that reading proves dead: in a closed area
    that is not all alive, the only chain of a colour there when the other colour captures
    a stone of it even if it plays first (a false seki, a lost race, a dead eye space). Here
    every doubt counts for that chain, so a line cut short proves nothing. The killer's
    chains of that area are then alive too when none of their stones can be captured even
    if the killer plays first (so it need not answer)."""
    all_chains, chain_at = chains(topology, colours)
    nbrs = topology.neighbours
    alive: set[int] = set()
    dead: set[int] = set()
    for area in closed_areas(topology, colours, limit=limit):
        if only is not None and not any(
            p in only for k in area.chains for p in all_chains[k].stones
        ):
            continue
        trusted = True
        for w in area.walls:
            wall = all_chains[w]
            touching = sorted(
                {chain_at[q] for p in wall.stones for q in nbrs[p] if chain_at[q] in area.chains}
            )
            if not safe_wall(wall, [all_chains[k] for k in touching]):
                trusted = False
                break
        if not trusted:
            continue
        stones = [p for k in area.chains for p in all_chains[k].stones]
        local = _Local(topology, colours, stones, area.empties)
        if local.nobody_captures():
            alive.update(stones)
            continue
        for colour in (1, 2):
            mine = [k for k in area.chains if all_chains[k].colour == colour]
            if len(mine) == 1 and local.dies_first(colour):
                dead.update(all_chains[mine[0]].stones)
                # The killer's chains live when nothing of theirs falls, even moving first.
                if local.holds_first(3 - colour):
                    alive.update(
                        p
                        for k in area.chains
                        if all_chains[k].colour != colour
                        for p in all_chains[k].stones
                    )
                break
    return Reading(frozenset(alive), frozenset(dead))


class _GiveUp(Exception):
    """The reading ran past its budget, or met a position it cannot judge."""


class _Local:
    """The local board of a closed area: its `stones` and `empties` (everything else
    stands)."""

    def __init__(
        self,
        topology: Topology,
        colours: Sequence[int],
        stones: list[int],
        empties: tuple[int, ...],
    ) -> None:
        local = stones + list(empties)
        index = {p: i for i, p in enumerate(local)}
        nbrs = topology.neighbours
        self.topology = topology
        self.points = local
        self.original = len(stones)
        self.links = tuple(tuple(index[q] for q in nbrs[p] if q in index) for p in local)
        self.walls = tuple(
            _mask(colours[q] for q in nbrs[p] if q not in index and colours[q] != EMPTY)
            for p in local
        )
        self.start = tuple(colours[p] for p in local)
        self.depth = DEPTH_PER_POINT * len(empties) + DEPTH_EXTRA

    def lives(self, space: list[int]) -> bool:
        """Whether a space of local points makes two eyes by the eye-shape table."""
        points = [self.points[i] for i in space]
        if len(points) >= OPEN:
            return True
        topology = self.topology
        return eye_shape_known(topology, points) and not dead_eye_shape(topology, points)

    def nobody_captures(self) -> bool:
        """Whether no stone of the area can be captured: for each colour as the attacker,
        playing first and free to sacrifice, the defender keeps every one of its stones."""
        for attacker in (1, 2):
            reader = _Reader(self.links, self.walls, attacker, self.original, self.lives)
            try:
                if reader.wins(self.start, attacker, -1, self.depth):
                    return False
            except _GiveUp:
                return False
        return True

    def holds_first(self, colour: int) -> bool:
        """Whether no stone of `colour` of the area can be captured when `colour` plays
        first (every doubt counting for the attacker)."""
        reader = _Reader(self.links, self.walls, 3 - colour, self.original, self.lives)
        try:
            return not reader.wins(self.start, colour, -1, self.depth)
        except _GiveUp:
            return False

    def dies_first(self, colour: int) -> bool:
        """Whether the other colour captures a stone of `colour` of the area even when
        `colour` plays first, every doubt counting for `colour`."""
        reader = _Reader(self.links, self.walls, 3 - colour, self.original, self.lives, doubt=False)
        try:
            return reader.wins(self.start, colour, -1, self.depth)
        except _GiveUp:
            return False


def _mask(colours) -> int:
    out = 0
    for c in colours:
        out |= c
    return out


class _Reader:
    """Whether `attacker`, playing first, captures a stone of the defender that stood on
    the local board at the start (the points below `original`), whatever the defender does.

    The defender may pass or play any legal move except filling its own one-point eye; the
    attacker plays any legal move (passing only lets the defender end the reading). A move
    that repeats a position of the line is illegal (positional superko); a result that such
    a cut shaped is not kept for other lines. A line longer than the depth given counts for
    the attacker, and so does running past `BUDGET` (`_GiveUp`). So, but for the `SACRIFICE`
    bound (module docstring), a `False` proves that the defender keeps all of its stones."""

    def __init__(
        self,
        links: tuple[tuple[int, ...], ...],
        walls: tuple[int, ...],
        attacker: int,
        original: int,
        lives: Callable[[list[int]], bool],
        doubt: bool = True,
    ) -> None:
        self.links = links
        self.walls = walls  # per local point, the colours of the standing stones beside it
        self.attacker = attacker
        self.original = original
        self.lives = lives  # whether a space of local points makes two eyes
        self.doubt = doubt  # who a line cut short counts for: True the attacker
        self.memo: dict[tuple, bool] = {}
        self.path: set[tuple[int, ...]] = set()
        self.nodes = 0

    def wins(self, state: tuple[int, ...], me: int, ko: int, depth: int) -> bool:
        return self._wins(state, me, ko, depth)[0]

    def _wins(self, state: tuple[int, ...], me: int, ko: int, depth: int) -> tuple[bool, bool]:
        """(whether the attacker wins, whether superko cut a move below: such a result
        depends on the line that led here and is not kept)."""
        key = (state, me, ko)
        known = self.memo.get(key)
        if known is not None:
            return known, False
        if depth <= 0:
            return self.doubt, False
        self.nodes += 1
        if self.nodes > BUDGET:
            raise _GiveUp
        self.path.add(state)
        cut = False
        if me == self.attacker:  # one winning move is enough; passing wins nothing
            result = False
            for board, captured, next_ko in self._moves(state, me, ko):
                if any(p < self.original for p in captured):
                    result = True
                    break
                if board in self.path:
                    cut = True  # positional superko: not a move
                    continue
                won, below = self._wins(board, 3 - me, next_ko, depth - 1)
                cut = cut or below
                if won:
                    result = True
                    break
        else:  # the defender holds with a pass or with any one move
            result, cut = self._wins(state, 3 - me, -1, depth - 1)
            if result:
                for board, captured, next_ko in self._moves(state, me, ko):
                    if sum(p < self.original for p in captured) > SACRIFICE and self._two_eyes_in(
                        board, captured, me
                    ):
                        result = False  # the attacker gave up a chain of its own
                        break
                    if board in self.path:
                        # Positional superko: not a move. That helps the attacker, so a
                        # result it shaped is not kept when doubts count for the defender.
                        cut = cut or not self.doubt
                        continue
                    won, below = self._wins(board, 3 - me, next_ko, depth - 1)
                    cut = cut or below
                    if not won:
                        result = False
                        break
        self.path.discard(state)
        if not cut:
            self.memo[key] = result
        return result, cut

    def _two_eyes_in(self, board: tuple[int, ...], captured: list[int], me: int) -> bool:
        """Whether the space that capturing `captured` opened (with the empty points joined
        to it) is bordered by `me` only and makes two eyes whoever plays first by the eye
        shape table (`life.dead_eye_shape`, where `life.eye_shape_known`; any 7+ points)."""
        space, seen, border = [], set(captured), 0
        todo = list(captured)
        while todo:
            p = todo.pop()
            space.append(p)
            border |= self.walls[p]
            for q in self.links[p]:
                if board[q] == EMPTY:
                    if q not in seen:
                        seen.add(q)
                        todo.append(q)
                else:
                    border |= board[q]
        return border == me and self.lives(space)

    def _moves(self, state: tuple[int, ...], me: int, ko: int):
        """The legal moves of `me` (the defender never fills its own one-point eye): the
        board after each, the points it captured and the new ko point."""
        defending = me != self.attacker
        for i, c in enumerate(state):
            if c != EMPTY or i == ko or (defending and self._own_eye(state, i, me)):
                continue
            played = self._play(state, i, me)
            if played is not None:
                yield played

    def _own_eye(self, state: tuple[int, ...], i: int, me: int) -> bool:
        """Whether `i` is a one-point eye of `me` (every neighbour, local or standing, is
        `me`'s): the defender never fills one."""
        return self.walls[i] in (0, me) and all(state[q] == me for q in self.links[i])

    def _play(
        self, state: tuple[int, ...], i: int, me: int
    ) -> tuple[tuple[int, ...], list[int], int] | None:
        """The local board after `me` plays at `i`, the number of stones captured and the new
        ko point; None when the move is suicide."""
        board = list(state)
        board[i] = me
        captured: list[int] = []
        for j in self.links[i]:
            if board[j] == 3 - me and j not in captured:
                group, libs = self._chain(board, j)
                if not libs:
                    captured.extend(group)
        for p in captured:
            board[p] = EMPTY
        group, libs = self._chain(board, i)
        if not libs:
            return None
        ko = captured[0] if len(captured) == 1 and len(group) == 1 and len(libs) == 1 else -1
        return tuple(board), captured, ko

    def _chain(self, board: list[int], start: int) -> tuple[list[int], set[int]]:
        """The chain at `start` and its liberties; a chain joined to a standing stone of its
        colour stands too, and gets the liberty -1 (it is never captured)."""
        colour = board[start]
        group, libs, seen = [start], set(), {start}
        i = 0
        while i < len(group):
            if self.walls[group[i]] & colour:
                libs.add(-1)
            for q in self.links[group[i]]:
                if board[q] == EMPTY:
                    libs.add(q)
                elif board[q] == colour and q not in seen:
                    seen.add(q)
                    group.append(q)
            i += 1
        return group, libs


__all__ = ["Area", "Reading", "closed_areas", "proven_alive", "read_areas"]
