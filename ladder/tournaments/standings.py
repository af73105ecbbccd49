"""Tournament standings: scores, SOS, SODOS, SOSOS and McMahon start scores.

Pure: no Django, no clock. Inputs are plain frozen dataclasses:

* `players`: `{player id: start score}`; 0 for everyone in a Swiss, the McMahon start score
  (`mcmahon_start_scores`) in a McMahon;
* `games`: `GameResult(round, black, white, winner)` with `winner` None for a jigo;
* `byes`: `Bye(round, player)`;
* `rounds`: the number of rounds played so far.

A player's score is start score + wins (a jigo is half, a bye a whole win, as the EGF rules
count a bye: a default win). The tie-breakers, EGF definitions:

* SOS: the sum of the opponents' scores. A round without an opponent (the bye, or not
  paired at all) adds the player's own *start* score in a McMahon and 0 in a Swiss: the EGF
  Tournament System Rules' "virtual opponent";
* SODOS: the sum of the scores of the opponents beaten (half for a jigo); the bye, a win
  against the virtual opponent, adds what it adds to SOS;
* SOSOS: the sum of the opponents' SOS; a round without an opponent adds the virtual
  opponent's SOS, its score times `rounds`.

`standings` orders by score, SOS, SODOS, SOSOS (all higher first); players equal on all four
share a place, and are listed by rating (when given), then id."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ladder.ratings.ranks import parse_rank


@dataclass(frozen=True)
class GameResult:
    """A finished tournament game; `winner` is a player id, or None for a jigo."""

    round: int
    black: int
    white: int
    winner: int | None

    def points(self, player: int) -> float:
        """What this game gave `player`: 1, 0.5 or 0."""
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == player else 0.0

    def opponent(self, player: int) -> int:
        return self.white if player == self.black else self.black


@dataclass(frozen=True)
class Bye:
    """A round in which `player` had the bye."""

    round: int
    player: int


@dataclass(frozen=True)
class Standing:
    """One line of the standings; `place` is shared by players equal on every criterion."""

    id: int
    place: int
    score: float
    wins: float
    sos: float
    sodos: float
    sosos: float


def mcmahon_start_scores(ranks: Mapping[int, str], *, bar: str, floor: str) -> dict[int, int]:
    """McMahon start scores from declared ranks ("6k", "2d"): one point per rank above the floor.

    Ranks at or below `floor` start at 0, ranks at or above `bar` all start at the bar's
    score, (bar - floor): the EGF convention, where the floor is 0.
    """
    low, high = parse_rank(floor), parse_rank(bar)
    if low > high:
        raise ValueError(f"the floor ({floor}) must not be above the bar ({bar})")
    return {pid: min(max(parse_rank(r), low), high) - low for pid, r in ranks.items()}


def standings(
    *,
    players: Mapping[int, float],
    games: Iterable[GameResult],
    byes: Iterable[Bye] = (),
    rounds: int,
    mcmahon: bool,
    ratings: Mapping[int, float] | None = None,
) -> list[Standing]:
    """The standings after `rounds` rounds, best first; see the module docstring."""
    games = list(games)
    byes = list(byes)
    wins: dict[int, float] = dict.fromkeys(players, 0.0)
    met: dict[int, list[tuple[int, float]]] = {pid: [] for pid in players}  # (opponent, points)
    for game in games:
        if game.round > rounds:
            raise ValueError(f"a game of round {game.round} after only {rounds} rounds")
        for pid in (game.black, game.white):
            if pid not in players:
                raise ValueError(f"player {pid} plays but is not in the tournament")
            got = game.points(pid)
            wins[pid] += got
            met[pid].append((game.opponent(pid), got))
    bye_count = dict.fromkeys(players, 0)
    for bye in byes:
        wins[bye.player] += 1.0
        bye_count[bye.player] += 1
    score = {pid: players[pid] + wins[pid] for pid in players}

    def virtual(pid: int) -> float:
        return float(players[pid]) if mcmahon else 0.0

    sos, sodos = {}, {}
    for pid in players:
        unpaired = rounds - len(met[pid])  # byes and rounds not paired at all
        sos[pid] = sum(score[o] for o, _ in met[pid]) + unpaired * virtual(pid)
        sodos[pid] = sum(score[o] * got for o, got in met[pid]) + bye_count[pid] * virtual(pid)
    sosos = {
        pid: sum(sos[o] for o, _ in met[pid]) + (rounds - len(met[pid])) * virtual(pid) * rounds
        for pid in players
    }
    ratings = ratings or {}

    def key(pid: int) -> tuple[float, ...]:
        return (-score[pid], -sos[pid], -sodos[pid], -sosos[pid])

    order = sorted(players, key=lambda pid: (*key(pid), -ratings.get(pid, 0.0), pid))
    table: list[Standing] = []
    for n, pid in enumerate(order):
        same = table and key(order[n - 1]) == key(pid)
        place = table[-1].place if same else n + 1
        table.append(
            Standing(
                id=pid,
                place=place,
                score=score[pid],
                wins=wins[pid],
                sos=sos[pid],
                sodos=sodos[pid],
                sosos=sosos[pid],
            )
        )
    return table
