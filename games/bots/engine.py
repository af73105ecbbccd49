"""Our own bot: Monte Carlo tree search with RAVE over `rules`, for square boards and hexagons.

Pure: imports `rules` and the standard library only, reads no clock (a caller that wants a time
limit passes its own `clock` and a `seconds` budget), and is deterministic for a given seed and
playout budget.

How a move is chosen (`choose_move`):

* The root's candidates are the legal points (`rules.game.Game.is_legal`, superko included)
  except the player's own one-point eyes. Below the root the tree plays on a copy of the
  `rules.board.Board` under simple ko, so every move the bot *returns* is legal for the game.
* Each iteration walks down the tree by the RAVE-blended win rate (with a small exploration
  term and priors for captures, escapes and self-ataris), plays one random game to the end
  with `rules.playout.Playouts` and counts it by area with komi. All-moves-as-first
  statistics (RAVE) come from the stones the playout placed.
* Once the game is decided for the player to move (a first quarter of the playouts wins
  `DECIDED` of the time), the search starts its tree afresh with a raised target: it then
  counts a playout as won only if it keeps `CUSHION` of the lead those playouts expected.
  Otherwise every move wins and the choice between them is noise, so a far-ahead bot lets
  lost groups make two eyes and wins by a hair (or, when its playouts misjudge, loses).
* It passes when the game is decided: every point's owner under our count (dead stones from
  `rules.deadstones.estimate_status`, regions from `rules.scoring.ownership_map`) is what its
  own playouts say with confidence, the estimate is sure of every chain, no dame is left
  to fill (so its dead stones are the ones the site's count takes off), and each of its
  chains borders two regions of its own or a shared point (`_two_regions`); or when the opponent
  has just passed and it wins both by our count and by its own view of the dead stones.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from rules.board import BLACK, EMPTY, WHITE, Board
from rules.deadstones import estimate_status
from rules.game import PASS, Game
from rules.playout import Playouts, diagonals
from rules.scoring import ownership_map, score
from rules.topology import Topology

RAVE_EQUIV = 600  # visits at which a move's own win rate and its RAVE rate weigh the same
EXPLORE = 0.25  # weight of the exploration term
EXPAND_AFTER = 2  # a node's children are generated on its second visit
SURE = 0.7  # mean ownership a point needs for the bot to call it settled
PRIOR_VISITS = 8
# A playout is worth its win (1 or 0) blended with its margin, so that once every move wins
# (or loses) the bot still prefers the moves that count most: it fills dame, wastes nothing.
MARGIN_WEIGHT = 0.1
DECIDED = 0.9  # share of the first playouts the player to move must win to raise its target
CUSHION = 0.5  # share of its expected lead a decided player then plays to keep


@dataclass(frozen=True)
class Budget:
    """How much thinking a move gets: a playout count, and optionally seconds (read through
    the `clock` the caller passes to `choose_move`; without a clock, seconds are ignored)."""

    playouts: int
    seconds: float | None = None


# Three strengths by budget; the stored keys are stable.
STRENGTHS: dict[str, Budget] = {
    "easy": Budget(playouts=150),
    "medium": Budget(playouts=600),
    "hard": Budget(playouts=2000),
}


@dataclass(frozen=True)
class Choice:
    """The bot's answer: `kind` is "play" (with `point`) or "pass".

    `winrate` is the search's estimate for the player to move (0..1), `playouts` how many
    it ran, `ownership` the mean owner per point over its playouts (-1 White .. +1 Black), and
    `dead` the stones it believes dead (those whose point its playouts give to the opponent).
    """

    kind: str
    point: int | None
    winrate: float
    playouts: int
    ownership: tuple[float, ...]
    dead: frozenset[int]
    reason: str = ""


class _Node:
    __slots__ = ("colour", "moves", "n", "w", "rn", "rw", "real", "won", "kids", "visits")

    def __init__(self, colour: int) -> None:
        self.colour = colour  # to move at this node
        self.moves: list[int] | None = None
        self.visits = 0

    def expand(self, moves: list[int], priors: list[tuple[float, float]]) -> None:
        self.moves = moves
        self.n = [p[0] for p in priors]
        self.w = [p[1] for p in priors]
        self.rn = [0.0] * len(moves)
        self.rw = [0.0] * len(moves)
        self.real = [0] * len(moves)
        self.won = [0.0] * len(moves)
        self.kids: list[_Node | None] = [None] * len(moves)

    def select(self) -> int:
        """The child with the best RAVE-blended value plus exploration."""
        log_total = math.log(self.visits + 1)
        best, best_value = 0, -1.0
        n, w, rn, rw = self.n, self.w, self.rn, self.rw
        for i in range(len(n)):
            ni = n[i]
            q = w[i] / ni
            ri = rn[i]
            if ri:
                beta = ri / (ri + ni + ri * ni / RAVE_EQUIV)
                q = (1 - beta) * q + beta * rw[i] / ri
            value = q + EXPLORE * math.sqrt(log_total / ni)
            if value > best_value:
                best, best_value = i, value
        return best


def own_eye(topology: Topology, diags, colour: list[int], p: int, me: int) -> bool:
    """Whether empty `p` is a one-point eye of `me` that only a fool fills (the playouts'
    test: every neighbour is mine and, on a square board, at most one diagonal is the
    opponent's, none on the edge)."""
    for q in topology.neighbours[p]:
        if colour[q] != me:
            return False
    enemy = sum(1 for d in diags[p] if colour[d] == 3 - me)
    edge = topology.kind == "square" and len(diags[p]) < 4
    return enemy == 0 or (enemy == 1 and not edge)


def _priors(board: Board, moves: list[int], me: int) -> list[tuple[float, float]]:
    """(visits, wins) to start each move with: captures and escapes from atari look good,
    self-atari of two or more stones looks bad, the rest even."""
    colour, chain, nbrs = board.colour, board.chain, board.nbrs
    full = 4 if board.topology.kind == "square" else 6  # fewer neighbours: on the edge
    out = []
    for p in moves:
        captures = 0
        escapes = False
        libs: set[int] = set()
        size = 1
        for q in nbrs[p]:
            k = colour[q]
            if k == EMPTY:
                libs.add(q)
            elif k == me:
                ch = chain[q]
                if len(ch.libs) == 1:
                    escapes = True
                libs |= ch.libs
                size += len(ch.stones)
            elif len(chain[q].libs) == 1:
                captures = max(captures, len(chain[q].stones))
        libs.discard(p)
        if captures >= 3:
            out.append((4 * PRIOR_VISITS, 4 * PRIOR_VISITS * 0.9))
        elif captures:
            out.append((PRIOR_VISITS, PRIOR_VISITS * 0.8))
        elif len(libs) <= 1 and size >= 2:
            out.append((PRIOR_VISITS, PRIOR_VISITS * 0.1))
        elif escapes and len(libs) >= 2:
            out.append((PRIOR_VISITS, PRIOR_VISITS * 0.7))
        elif len(nbrs[p]) < full:
            out.append((PRIOR_VISITS, PRIOR_VISITS * 0.4))
        else:
            out.append((PRIOR_VISITS, PRIOR_VISITS * 0.5))
    return out


def _tree_moves(board: Board, me: int, ko: int | None, diags) -> list[int]:
    """Moves worth searching at a tree node: legal under simple ko, not into an own eye."""
    colour = board.colour
    topology = board.topology
    return [
        p
        for p in range(topology.size)
        if colour[p] == EMPTY
        and not own_eye(topology, diags, colour, p, me)
        and board.is_legal(p, me, ko)
    ]


def root_moves(game: Game) -> list[int]:
    """The candidates at the root: legal points (superko included) that are not own eyes."""
    board, me = game.board, game.to_move
    diags = diagonals(game.topology)
    return [
        p
        for p in range(game.topology.size)
        if board.colour[p] == EMPTY
        and not own_eye(game.topology, diags, board.colour, p, me)
        and game.is_legal(p)
    ]


def search(
    game: Game,
    budget: Budget,
    *,
    seed: int,
    clock: Callable[[], float] | None = None,
) -> tuple[list[int], list[int], list[float], float, int, list[float]]:
    """Run the tree search from `game`'s position.

    Returns (root moves, real visits per root move, their win rates, the root win rate,
    playouts run, summed ownership per point: +1 per playout Black owns it, -1 White). The
    root win rate and the ownership count every playout under the game's komi; the per-move
    win rates are against the raised target once the game is decided (module docstring).
    """
    topology = game.topology
    size = topology.size
    komi = game.rules.komi
    target = komi  # the komi the tree plays against
    probe = budget.playouts // 4
    leads = 0.0  # Black's summed lead over the playouts so far
    rng = random.Random(seed)
    diags = diagonals(topology)
    root = _Node(game.to_move)
    moves = root_moves(game)
    root.expand(moves, _priors(game.board, moves, game.to_move))
    owned = [0.0] * size
    if not moves:
        return [], [], [], 0.5, 0, owned
    deadline = None
    if clock is not None and budget.seconds is not None:
        deadline = clock() + budget.seconds
    base = list(game.board.colour)
    root_ko = game.ko_point
    wins_for_root = 0.0
    done = 0
    first = [0] * size
    while done < budget.playouts:
        if deadline is not None and done % 16 == 0 and clock() >= deadline:
            break
        if done == probe and done and wins_for_root >= DECIDED * done:
            # Decided: play for a share of the expected lead (Black's lead raises the komi
            # Black must beat; White's lead is negative and lowers it), on a fresh tree.
            target = komi + CUSHION * leads / done
            root = _Node(game.to_move)
            root.expand(moves, _priors(game.board, moves, game.to_move))
        board = Board(topology, base)
        node, path, trail = _descend(root, board, root_ko, diags)
        played: list[int] = []
        owner = Playouts(topology, board.colour).run(node.colour, rng, played=played)
        margin = _count(owner, owned)  # Black's points minus White's
        lead = margin - komi
        leads += lead
        black_wins = margin - target > 0
        # Black's reward in 0..1; White's is 1 minus it.
        black_reward = (1 - MARGIN_WEIGHT) * black_wins + MARGIN_WEIGHT * (
            0.5 + lead / (2 * size + 2 * abs(komi))
        )
        node.visits += 1
        _back_up(path, trail, played, first, black_reward)
        if (lead > 0) == (game.to_move == BLACK):
            wins_for_root += 1
        done += 1
    rates = [root.won[i] / root.real[i] if root.real[i] else 0.0 for i in range(len(moves))]
    return moves, root.real, rates, wins_for_root / max(done, 1), done, owned


def _descend(
    root: _Node, board: Board, ko: int | None, diags
) -> tuple[_Node, list[tuple[_Node, int]], list[int]]:
    """Walk the tree from `root`, playing its chosen moves on `board` and expanding the nodes
    visited often enough, down to a new leaf or one without moves. Returns that node, the
    (node, move index) steps taken and the moves played (point, or ~point for White)."""
    node = root
    path: list[tuple[_Node, int]] = []
    trail: list[int] = []
    while True:
        if node.moves is None:
            if node.visits < EXPAND_AFTER - 1:
                break
            tree = _tree_moves(board, node.colour, ko, diags)
            node.expand(tree, _priors(board, tree, node.colour))
        if not node.moves:
            break
        i = node.select()
        p = node.moves[i]
        me = node.colour
        _, ko = board.play(p, me, ko)
        path.append((node, i))
        trail.append(p if me == BLACK else ~p)
        kid = node.kids[i]
        if kid is None:
            kid = node.kids[i] = _Node(3 - me)
            node = kid
            break
        node = kid
    return node, path, trail


def _count(owner: list[int], owned: list[float]) -> int:
    """Black's points minus White's in a playout's `owner`; adds them to `owned` (+1 per point
    Black owns, -1 per point White owns)."""
    black = 0
    white = 0
    for p, o in enumerate(owner):
        if o == BLACK:
            black += 1
            owned[p] += 1
        elif o == WHITE:
            white += 1
            owned[p] -= 1
    return black - white


def _back_up(
    path: list[tuple[_Node, int]],
    trail: list[int],
    played: list[int],
    first: list[int],
    black_reward: float,
) -> None:
    """Credit a playout to the tree moves on `path` and, all-moves-as-first, to every move of
    each node on it that its colour played first later in the playout (`trail`, then
    `played`). `first` is scratch space, one entry per point."""
    for p in range(len(first)):
        first[p] = 0
    for m in reversed(played):
        if m >= 0:
            first[m] = BLACK
        else:
            first[~m] = WHITE
    for depth in range(len(path) - 1, -1, -1):
        m = trail[depth]
        if m >= 0:
            first[m] = BLACK
        else:
            first[~m] = WHITE
        at, i = path[depth]
        won = black_reward if at.colour == BLACK else 1.0 - black_reward
        at.visits += 1
        at.n[i] += 1
        at.w[i] += won
        at.real[i] += 1
        at.won[i] += won
        mine = at.colour
        rn, rw = at.rn, at.rw
        for j, q in enumerate(at.moves):
            if first[q] == mine:
                rn[j] += 1
                rw[j] += won


def _dame_left(game: Game, owner: tuple[int, ...]) -> bool:
    """Whether the player to move has a neutral point it can fill without self-atari."""
    board, me = game.board, game.to_move
    for p, o in enumerate(owner):
        if o != EMPTY or board.colour[p] != EMPTY or not game.is_legal(p):
            continue
        libs: set[int] = set()
        for q in board.nbrs[p]:
            k = board.colour[q]
            if k == EMPTY:
                libs.add(q)
            elif k == me:
                libs |= board.chain[q].libs
        libs.discard(p)
        if len(libs) >= 2:
            return True
    return False


def choose_move(
    game: Game,
    budget: Budget,
    *,
    seed: int,
    clock: Callable[[], float] | None = None,
) -> Choice:
    """The bot's move for the player to move in `game` (which is not over); see the module
    docstring. Deterministic for a given `seed` when `budget.seconds` is None."""
    if game.over:
        raise ValueError("the game is over")
    me = game.to_move
    moves, visits, rates, winrate, done, owned = search(game, budget, seed=seed, clock=clock)
    mean = tuple(o / done for o in owned) if done else tuple(0.0 for _ in owned)
    stones = game.board.colour
    believed_dead = frozenset(
        p
        for p, c in enumerate(stones)
        if c != EMPTY and (mean[p] < -0.5 if c == BLACK else mean[p] > 0.5)
    )

    def answer(kind: str, point: int | None, reason: str) -> Choice:
        return Choice(kind, point, winrate, done, mean, believed_dead, reason)

    if not moves:
        return answer(PASS, None, "no move left but own eyes")
    position = game.position
    if any(c != EMPTY for c in stones):
        estimate = estimate_status(position, game.rules)
        count_owner = ownership_map(position, estimate.dead)
        opponent_passed = game.moves and game.moves[-1].kind == PASS
        agreed = not estimate.uncertain and believed_dead == estimate.dead
        if opponent_passed and score(position, game.rules, estimate.dead).winner == me:
            if agreed:
                return answer(PASS, None, "the opponent passed and the count gives us the win")
            if score(position, game.rules, believed_dead).winner == me:
                # The count and our playouts differ on some stones, but not on the winner.
                return answer(PASS, None, "the opponent passed and we win either way")
        if (
            agreed
            and _settled(count_owner, mean)
            and not _dame_left(game, count_owner)
            and _two_regions(game, estimate.dead, count_owner)
        ):
            return answer(PASS, None, "the game is decided")
    best = max(range(len(moves)), key=lambda i: (visits[i], rates[i], -moves[i]))
    return answer("play", moves[best], "")


def _two_regions(game: Game, dead: frozenset[int], count_owner: tuple[int, ...]) -> bool:
    """Whether every live chain of the player to move borders two separate regions of its own
    (empty points and dead stones that, once those are removed, only its stones border) or a
    region both colours border (a seki's shared liberty, or dame).

    A chain with fewer lives only if the playouts are right, and a bot that passes lets the
    opponent test them move after move: a random mover once added stone after stone among
    "dead" stones on an open board while the bot passed, until its eyeless groups died."""
    board, me = game.board, game.to_move
    nbrs = board.nbrs
    live = [EMPTY if p in dead else c for p, c in enumerate(board.colour)]
    region = [-1] * len(live)
    for start, c in enumerate(live):
        if c != EMPTY or region[start] >= 0:
            continue
        region[start] = start
        todo = [start]
        while todo:
            p = todo.pop()
            for q in nbrs[p]:
                if live[q] == EMPTY and region[q] < 0:
                    region[q] = start
                    todo.append(q)
    seen: set[int] = set()
    for p, c in enumerate(live):
        if c != me or p in seen:
            continue
        stones = board.chain[p].stones
        seen.update(stones)
        shared = False
        own = set()
        for s in stones:
            for q in nbrs[s]:
                if live[q] == EMPTY:
                    if count_owner[q] == EMPTY:
                        shared = True
                    else:
                        own.add(region[q])
        if not shared and len(own) < 2:
            return False
    return True


def _settled(count_owner: tuple[int, ...], mean: tuple[float, ...]) -> bool:
    """Whether every point the count gives to a colour, the playouts give it with confidence."""
    for p, o in enumerate(count_owner):
        if o == BLACK and mean[p] < SURE:
            return False
        if o == WHITE and mean[p] > -SURE:
            return False
    return True


def random_move(game: Game, rng: random.Random) -> int | None:
    """A uniformly random legal point that is not an own eye, or None (then pass): the
    opponent the bench measures the bot against."""
    moves = root_moves(game)
    return rng.choice(moves) if moves else None


__all__ = ["STRENGTHS", "Budget", "Choice", "choose_move", "random_move", "root_moves", "search"]
