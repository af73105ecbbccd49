"""Local life and death: whether a target chain can be captured, read out by search.

`solve(topology, colours, target=..., to_move=...)` reads a small enclosed position: the
target chain (the *defender*'s) and the *region* around it, by default `local_region`: the
target's stones and every point reached from its liberties without crossing a stone of the
defender's colour (the eye space, with any attacker stones in it). Moves are played on the
region's empty points only; everything else stands. Both sides may pass.

The search is a minimax over three values, from the defender's side: `LIVES` (+1: whatever
the attacker does, the target is never captured), `DIES` (-1: the attacker captures it,
whatever the defender does) and `UNSETTLED` (0: not proven either way). A node is decided

* `DIES` when the target's stones are gone;
* `LIVES` when the target is unconditionally alive (Benson, `rules.life.benson`), or when two
  passes in a row end the line with the target on the board (seki counts as life);
* `UNSETTLED` when the line is longer than `DEPTH_PER_POINT` moves per region point plus
  `DEPTH_EXTRA` (the result is not kept), or when the whole search visits more than `budget`
  positions (`DEFAULT_BUDGET`; then the answer is `UNSETTLED` with no move).

The values are ordered (DIES < UNSETTLED < LIVES), the attacker takes the smallest child and
the defender the largest, and a side stops at its first win (a cutoff: no value is better), so
a `LIVES` or `DIES` answer is a proof and `UNSETTLED` only ever means "not proven". Results
are kept in a transposition table keyed on the position's Zobrist hash, the side to move and
whether the last move was a pass. Positional superko holds on the line (a move that repeats a
position of the line, or of `seen`, is illegal); a result that such a refusal shaped depends on
the line, so it is not kept.

Bound: regions of at most `REGION_LIMIT` points (`local_region` gives None beyond that; a
larger explicit region raises ValueError). The search visits at most 3**points positions per
side to move; exercises have regions of a few points and take a few hundred. Pure: no Django,
no clock.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from rules.board import EMPTY, Board
from rules.errors import IllegalMove
from rules.life import benson
from rules.topology import Topology

LIVES, UNSETTLED, DIES = 1, 0, -1
REGION_LIMIT = 12
DEFAULT_BUDGET = 200_000
DEPTH_PER_POINT = 3
DEPTH_EXTRA = 6
PASS = -1


@dataclass(frozen=True)
class Solution:
    """What the search proved: `value` (LIVES, DIES or UNSETTLED, from the defender's side),
    `move` the best move of the side to move (a point, PASS, or None when the position is
    decided before any move or the search gave up), `line` the best sequence from here (moves
    of alternating sides, PASS for a pass; empty when unsettled) and `nodes` the positions
    visited."""

    value: int
    move: int | None
    line: tuple[int, ...]
    nodes: int


class _OverBudget(Exception):
    """The search visited more positions than its budget."""


def local_region(
    topology: Topology, colours: Sequence[int], target: int, *, limit: int = REGION_LIMIT
) -> frozenset[int] | None:
    """The target chain's stones and the points reached from its liberties without crossing a
    stone of the target's colour; None when the target is an empty point or that area has
    more than `limit` points besides the target's stones (not enclosed: no local question)."""
    colour = colours[target]
    if colour == EMPTY:
        return None
    nbrs = topology.neighbours
    stones = {target}
    todo = [target]
    while todo:
        p = todo.pop()
        for q in nbrs[p]:
            if colours[q] == colour and q not in stones:
                stones.add(q)
                todo.append(q)
    space: set[int] = set()
    todo = [q for p in stones for q in nbrs[p] if colours[q] == EMPTY]
    space.update(todo)
    while todo:
        p = todo.pop()
        for q in nbrs[p]:
            if colours[q] != colour and q not in space:
                space.add(q)
                if len(space) > limit:
                    return None
                todo.append(q)
    if len(space) > limit:
        return None
    return frozenset(stones | space)


def solve(
    topology: Topology,
    colours: Sequence[int],
    *,
    target: int,
    to_move: int,
    region: Collection[int] | None = None,
    seen: Collection[int] = (),
    budget: int = DEFAULT_BUDGET,
) -> Solution:
    """Read whether the chain at `target` lives (module docstring), `to_move` playing first.

    `region` defaults to `local_region`; `seen` holds Zobrist hashes of earlier positions that
    superko forbids repeating. Raises ValueError when the target is an empty point or the
    region is larger than `REGION_LIMIT` (or not found)."""
    if colours[target] == EMPTY:
        raise ValueError("the target is an empty point")
    if region is None:
        region = local_region(topology, colours, target)
        if region is None:
            raise ValueError("the target's surroundings are not a small enclosed region")
    points = sorted(region)
    empties = [p for p in points if colours[p] == EMPTY]
    if len(empties) > REGION_LIMIT or target not in region:
        raise ValueError("the region must hold the target and at most REGION_LIMIT empty points")
    search = _Search(topology, colours[target], target, points, set(seen), budget)
    board = Board(topology, colours)
    depth = DEPTH_PER_POINT * len(points) + DEPTH_EXTRA
    try:
        value, _cut = search.value(board, to_move, False, depth)
    except _OverBudget:
        return Solution(UNSETTLED, None, (), search.nodes)
    if value == UNSETTLED:
        return Solution(value, None, (), search.nodes)
    line = search.line(board, to_move)
    return Solution(value, line[0] if line else None, line, search.nodes)


class _Search:
    def __init__(
        self,
        topology: Topology,
        defender: int,
        target: int,
        points: list[int],
        seen: set[int],
        budget: int,
    ) -> None:
        self.topology = topology
        self.defender = defender
        self.target = target
        self.points = points
        self.path = seen  # hashes of the line's positions (superko)
        self.budget = budget
        self.table: dict[tuple[int, int, bool], tuple[int, int | None]] = {}
        self.best: dict[tuple[int, int, bool], int] = {}  # every node's best move, for `line`
        self.nodes = 0

    def decided(self, board: Board) -> int | None:
        if board.colour[self.target] != self.defender:
            return DIES
        alive, _safe = benson(self.topology, board.colour, self.defender)
        if self.target in alive:
            return LIVES
        return None

    def value(self, board: Board, me: int, passed: bool, depth: int) -> tuple[int, bool]:
        """(value of the position with `me` to move, whether a superko refusal or the depth
        bound shaped it: such a value depends on the line and is not kept)."""
        key = (board.hash, me, passed)
        known = self.table.get(key)
        if known is not None:
            return known[0], False
        settled = self.decided(board)
        if settled is not None:
            self.table[key] = (settled, None)
            return settled, False
        if depth <= 0:
            return UNSETTLED, True
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OverBudget
        defending = me == self.defender
        win = LIVES if defending else DIES
        best, best_move, cut = -win, None, False
        self.path.add(board.hash)
        try:
            for move in self._moves(board):
                if move == PASS:
                    if passed:
                        value, below = LIVES, False  # two passes: the target stands
                    else:
                        value, below = self.value(board, 3 - me, True, depth - 1)
                else:
                    child = board.copy()
                    try:
                        child.play(move, me, None, self.path)
                    except IllegalMove as refusal:
                        cut = cut or refusal.code == "superko"
                        continue
                    value, below = self.value(child, 3 - me, False, depth - 1)
                cut = cut or below
                if best_move is None or ((value > best) if defending else (value < best)):
                    best, best_move = value, move
                if best == win:
                    break
        finally:
            self.path.discard(board.hash)
        if best_move is not None:
            self.best[key] = best_move
        if not cut:
            self.table[key] = (best, best_move)
        return best, cut

    def _moves(self, board: Board) -> list[int]:
        return [p for p in self.points if board.colour[p] == EMPTY] + [PASS]

    def line(self, board: Board, me: int) -> tuple[int, ...]:
        """The best line from the table, up to the end of the reading."""
        out: list[int] = []
        passed = False
        board = board.copy()
        for _ in range(2 * len(self.points) + 2):
            move = self.best.get((board.hash, me, passed))
            if move is None:
                break
            out.append(move)
            if move == PASS:
                if passed:
                    break
                passed = True
            else:
                board.play(move, me)
                passed = False
            me = 3 - me
        return tuple(out)
