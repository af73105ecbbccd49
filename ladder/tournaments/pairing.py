"""Pairings: round robins, and Swiss and McMahon rounds as one best overall matching.

Pure: no Django, no clock. The tournament services call these with plain frozen dataclasses.

Round robin
    `round_robin(n)` -> rounds, each a list of (a, b) with player numbers 1..n and a < b
    (colours are left to nigiri or handicap). Circle method: n - 1 rounds for even n, n rounds
    for odd n, where each round leaves one player out (the bye); every pair meets exactly once.

Swiss and McMahon rounds
    `pair_round(entrants, rules=PairingRules())` -> `RoundPairing(boards, bye)`.

    `entrants` come in standings order, leader first (as `ladder.tournaments.standings.standings`
    returns
    them); `Entrant.score` is the score that groups players: points in a Swiss, the McMahon
    score in a McMahon (start score + wins, `ladder.tournaments.standings`). `opponents` holds
    everyone
    met before, `colours` the colours played ("B"/"W", in order), `had_bye` a previous bye.

    Bye: with an odd count, the lowest-placed entrant who has not had a bye sits out (if all
    have, the lowest-placed). The standings count it as a win (`ladder.tournaments.standings`).

    The rest are paired as a maximum-weight perfect matching (networkx `max_weight_matching`,
    `maxcardinality=True`) over the candidate pairs. Each pair costs, in strict priority order
    (each tier outweighs every possible sum of the tiers below it, so no trade-off crosses
    tiers):

    1. repeat: 1 if the two have met before; so a repeat is chosen only when no pairing of
       this round's players avoids one, and the fewest repeats then;
    2. score: (2 * score difference) ** 2 (half points count); squared, so two players floating
       one group is better than one floating two, and groups stay together when they can;
    3. handicap: the stones the pair would need (McMahon handicap tournaments only: see
       `PairingRules.handicap_reduction`), so handicaps stay small;
    4. strength: inside a score group of g players, sorted by rating, the top half meets the
       bottom half ("split": position p ideally meets p + g // 2; cost | |p - q| - g // 2 |);
       across groups, the distance in the standings, so the lowest of a group floats to the
       top of the next one;
    5. colour: in even games where both have played more Blacks than Whites (or both more
       Whites), the smaller of the two imbalances, at most 3.

    Candidate pairs: every pair while there are at most `rules.full_graph` entrants. Above
    that (the matching is cubic: 23 s for a complete 500-player graph), each entrant gets
    its forward neighbours in the standings up to `rules.window` it has not met, plus a
    window around its split partner; the consecutive pairs (1, 2), (3, 4) ... are always
    candidates, so a perfect matching always exists. See ladder/README.md for the figures.

    Colours: a handicap game gives Black to the lower rank. An even game gives White to the
    player who has had more Blacks (colour balance), then to the one who had Black last, then
    to the higher rating, then to the lower id."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import networkx as nx

from ladder.ratings.ranks import rank_band
from ladder.tournaments.standings import Bye, GameResult, Standing

SYSTEMS = ("swiss", "mcmahon")
MAX_COLOUR_COST = 3


@dataclass(frozen=True)
class Entrant:
    """One player before a round. `score` is Swiss points or McMahon score."""

    id: int
    rating: float
    score: float
    opponents: frozenset[int] = frozenset()
    colours: tuple[str, ...] = ()
    had_bye: bool = False

    @property
    def colour_balance(self) -> int:
        """Games as Black minus games as White."""
        return self.colours.count("B") - self.colours.count("W")


@dataclass(frozen=True)
class PairingRules:
    """How a round is paired.

    `handicap_reduction`: None for even games; a number n for handicap games with
    handicap = rank difference - n (ranks from ratings, `ladder.ratings.ranks.rank_band`), at most
    `handicap_cap`, where 1 means a game without komi and 2.. stones. Swiss tournaments are
    even: the field is ignored there.
    """

    system: str = "mcmahon"
    handicap_reduction: int | None = None
    handicap_cap: int = 9
    full_graph: int = 150
    window: int = 12

    def __post_init__(self) -> None:
        if self.system not in SYSTEMS:
            raise ValueError(f"the pairing system is one of {SYSTEMS}, not {self.system!r}")
        if self.window < 1:
            raise ValueError("the candidate window must be at least 1")


@dataclass(frozen=True)
class Board:
    """One game of the round: `handicap` 0 is even with komi, 1 no komi, 2..9 stones."""

    black: int
    white: int
    handicap: int = 0
    repeat: bool = False


@dataclass(frozen=True)
class RoundPairing:
    """The boards of a round (top score first) and the entrant with the bye, if any."""

    boards: tuple[Board, ...]
    bye: int | None = None


def round_robin(n: int) -> list[list[tuple[int, int]]]:
    """All rounds of a round robin of players 1..n by the circle method.

    Player 1 stays put and the others turn one place a round; for odd n a phantom 0 joins and
    whoever meets it has the bye (left out of that round). Each pair is (low, high).
    """
    if n < 2:
        raise ValueError(f"a round robin needs at least 2 players, not {n}")
    circle = list(range(1, n + 1)) + ([0] if n % 2 else [])
    size = len(circle)
    rounds = []
    for _ in range(size - 1):
        pairs = []
        for i in range(size // 2):
            a, b = circle[i], circle[size - 1 - i]
            if a and b:
                pairs.append((min(a, b), max(a, b)))
        rounds.append(sorted(pairs))
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds


def entrants_for_round(
    *,
    table: Sequence[Standing],
    games: Sequence[GameResult],
    byes: Sequence[Bye],
    ratings: dict[int, float],
) -> list[Entrant]:
    """The entrants of the next round, in standings order, from the tournament so far.

    `table` is `ladder.tournaments.standings.standings(...)` after the last round; scores,
    opponents,
    colours (in round order) and previous byes come from it and from `games` and `byes`.
    """
    opponents: dict[int, set[int]] = {s.id: set() for s in table}
    colours: dict[int, list[tuple[int, str]]] = {s.id: [] for s in table}
    for game in games:
        opponents[game.black].add(game.white)
        opponents[game.white].add(game.black)
        colours[game.black].append((game.round, "B"))
        colours[game.white].append((game.round, "W"))
    had_bye = {bye.player for bye in byes}
    return [
        Entrant(
            id=s.id,
            rating=ratings[s.id],
            score=s.score,
            opponents=frozenset(opponents[s.id]),
            colours=tuple(c for _, c in sorted(colours[s.id])),
            had_bye=s.id in had_bye,
        )
        for s in table
    ]


def bye_choice(entrants: Sequence[Entrant]) -> int | None:
    """The entrant who sits out: None for an even count, else the lowest-placed without a bye."""
    if len(entrants) % 2 == 0:
        return None
    for entrant in reversed(entrants):
        if not entrant.had_bye:
            return entrant.id
    return entrants[-1].id


def handicap_between(a: Entrant, b: Entrant, rules: PairingRules) -> int:
    """Stones (0 even, 1 no komi, 2..cap) the pair would play with under `rules`."""
    if rules.handicap_reduction is None or rules.system == "swiss":
        return 0
    difference = abs(rank_band(a.rating) - rank_band(b.rating))
    return max(0, min(rules.handicap_cap, difference - rules.handicap_reduction))


def pair_round(entrants: Sequence[Entrant], rules: PairingRules | None = None) -> RoundPairing:
    """Pair one Swiss or McMahon round; see the module docstring for the weights."""
    rules = rules or PairingRules()
    ids = [e.id for e in entrants]
    if len(set(ids)) != len(ids):
        raise ValueError("entrant ids must be unique")
    bye = bye_choice(entrants)
    players = [e for e in entrants if e.id != bye]
    if not players:
        return RoundPairing(boards=(), bye=bye)
    graph = _graph(players, rules)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != len(players):  # pragma: no cover - the graph always has one
        raise AssertionError("no perfect matching: the candidate graph is broken")
    boards = [_board(players[i], players[j], rules) for i, j in (sorted(p) for p in matching)]
    place = {e.id: n for n, e in enumerate(players)}
    boards.sort(key=lambda b: min(place[b.black], place[b.white]))
    return RoundPairing(boards=tuple(boards), bye=bye)


def _graph(players: list[Entrant], rules: PairingRules) -> nx.Graph:
    """The candidate pairs with their integer weights (max weight = least cost)."""
    n = len(players)
    groups: dict[float, list[int]] = {}
    for i, e in enumerate(players):
        groups.setdefault(e.score, []).append(i)
    # Position inside the score group, by rating (strongest first), and the group size.
    position: dict[int, tuple[int, int]] = {}
    by_position: dict[tuple[float, int], int] = {}
    for score, members in groups.items():
        by_rating = sorted(members, key=lambda i: (-players[i].rating, i))
        for p, i in enumerate(by_rating):
            position[i] = (p, len(members))
            by_position[(score, p)] = i
    edges = _candidates(players, rules, position, by_position)
    costs = {(i, j): _cost(players, i, j, rules, position) for i, j in edges}
    pairs = n // 2
    score_max = max((c[1] for c in costs.values()), default=0)
    # Tier multipliers: each exceeds the largest possible sum of all the tiers below it.
    m_strength = MAX_COLOUR_COST * pairs + 1
    m_handicap = m_strength * (n * pairs + 1)
    m_score = m_handicap * (rules.handicap_cap * pairs + 1)
    m_repeat = m_score * (score_max * pairs + 1)
    top = 2 * m_repeat
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for (i, j), (repeat, score, handicap, strength, colour) in costs.items():
        cost = (
            repeat * m_repeat
            + score * m_score
            + handicap * m_handicap
            + strength * m_strength
            + colour
        )
        graph.add_edge(i, j, weight=top - cost)
    return graph


def _candidates(
    players: list[Entrant],
    rules: PairingRules,
    position: dict[int, tuple[int, int]],
    by_position: dict[tuple[float, int], int],
) -> set[tuple[int, int]]:
    """Index pairs (i < j) the matching may use: all of them for small fields."""
    n = len(players)
    if n <= rules.full_graph:
        return set(itertools.combinations(range(n), 2))
    edges: set[tuple[int, int]] = set()
    for i, e in enumerate(players):
        fresh = 0
        for j in range(i + 1, n):
            edges.add((i, j))
            if players[j].id not in e.opponents:
                fresh += 1
                if fresh >= rules.window:
                    break
        p, g = position[i]
        for centre in (p - g // 2, p + g // 2):  # around the split partners in the group
            for q in range(max(0, centre - rules.window), min(g, centre + rules.window + 1)):
                j = by_position[(e.score, q)]
                if j != i:
                    edges.add((min(i, j), max(i, j)))
    return edges


def _cost(
    players: list[Entrant],
    i: int,
    j: int,
    rules: PairingRules,
    position: dict[int, tuple[int, int]],
) -> tuple[int, int, int, int, int]:
    """(repeat, score, handicap, strength, colour) costs of pairing players i and j."""
    a, b = players[i], players[j]
    repeat = int(b.id in a.opponents or a.id in b.opponents)
    score = round(2 * abs(a.score - b.score)) ** 2
    handicap = handicap_between(a, b, rules)
    if a.score == b.score:
        (p, g), (q, _) = position[i], position[j]
        strength = abs(abs(p - q) - g // 2)
    else:
        strength = abs(i - j)
    colour = 0
    if handicap == 0:
        ba, bb = a.colour_balance, b.colour_balance
        if ba * bb > 0:
            colour = min(abs(ba), abs(bb), MAX_COLOUR_COST)
    return repeat, score, handicap, strength, colour


def _board(a: Entrant, b: Entrant, rules: PairingRules) -> Board:
    """The board of a pair, colours decided as the module docstring says."""
    handicap = handicap_between(a, b, rules)
    repeat = b.id in a.opponents or a.id in b.opponents
    if handicap:
        black, white = (a, b) if rank_band(a.rating) < rank_band(b.rating) else (b, a)
    else:
        black, white = _even_colours(a, b)
    return Board(black=black.id, white=white.id, handicap=handicap, repeat=repeat)


def _even_colours(a: Entrant, b: Entrant) -> tuple[Entrant, Entrant]:
    """(black, white) of an even game."""
    if a.colour_balance != b.colour_balance:
        return (b, a) if a.colour_balance > b.colour_balance else (a, b)
    last_a = a.colours[-1] if a.colours else ""
    last_b = b.colours[-1] if b.colours else ""
    if last_a != last_b and "B" in (last_a, last_b):
        return (b, a) if last_a == "B" else (a, b)
    if a.rating != b.rating:
        return (b, a) if a.rating > b.rating else (a, b)
    return (b, a) if a.id < b.id else (a, b)
