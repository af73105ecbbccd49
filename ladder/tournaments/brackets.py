"""Knockout brackets: single and double elimination, seeded by rating.

Pure: no Django, no clock. Players are *seeds* 1..n (1 = highest rating: the caller sorts by
rating and numbers them). Brackets have size P, the next power of two, in the standard order
(1 v P, then the halves mirrored: 1, 8, 4, 5, 2, 7, 3, 6 for P = 8), so seeds 1 and 2 are in
different halves and meet only in the final, 1 to 4 only in the semi-finals, and so on. The
P - n missing seeds are byes, so the byes go to the top seeds 1..P-n, who start in round 2.

A `Bracket` is a tuple of `Match` rows. Each side of a match is a `Slot`: a seed, the winner
of an earlier match or the loser of one. Matches that a bye would make one-sided are not
listed: their one player is passed straight on, so every listed match has two players.

Double elimination (`double_elimination`): the winners' bracket W1..Wk as above; the losers'
bracket L1..L(2k-2): L1 pairs the losers of W1; each even round L(2r-2) puts the losers of Wr
against the winners of the round before, in reverse order every other round (so the losers of
W2 meet survivors from the other half of the bracket: nobody meets an earlier opponent in L1
or L2); each odd round after L1 pairs the survivors. Later losers' rounds, and the grand
final, can repeat an earlier game, as in every double-elimination bracket. The grand
final "GF" is the winners' bracket champion against the losers' bracket champion; "GF2"
(`if_needed`) is played only when the losers' bracket champion wins GF, so that every player
but the champion is out after exactly two losses.

`bracket_players(bracket, winners)` follows results through a bracket: given the winners
known so far (`{match code: seed}`), it tells who plays each match."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Slot:
    """Where a side of a match comes from: exactly one of the three is set."""

    seed: int | None = None
    winner_of: str | None = None
    loser_of: str | None = None


@dataclass(frozen=True)
class Match:
    """One match. `code`: "W2.1" (winners' round 2, match 1), "L3.2", "GF", "GF2"."""

    code: str
    bracket: str
    round: int
    top: Slot
    bottom: Slot
    if_needed: bool = False


@dataclass(frozen=True)
class Bracket:
    """The matches in playing order, the seeds with a first-round bye and the final's code."""

    players: int
    matches: tuple[Match, ...]
    byes: tuple[int, ...]
    final: str


def bracket_size(n: int) -> int:
    """The next power of two at or above n (n >= 2)."""
    if n < 2:
        raise ValueError(f"a bracket needs at least 2 players, not {n}")
    return 1 << (n - 1).bit_length()


def seed_order(size: int) -> list[int]:
    """Seeds in bracket order for a power-of-two size: 1 v size, 2 in the other half ..."""
    if size < 2 or size & (size - 1):
        raise ValueError(f"a bracket size is a power of two, not {size}")
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


class _Builder:
    """Collects matches; a side that is None is nobody (a bye, or no loser to drop)."""

    def __init__(self) -> None:
        self.matches: list[Match] = []

    def play(
        self, code: str, bracket: str, rnd: int, top: Slot | None, bottom: Slot | None
    ) -> tuple[Slot | None, Slot | None]:
        """(winner, loser) sources of a match; a one-sided match is not played."""
        if top is None or bottom is None:
            return (top if bottom is None else bottom), None
        self.matches.append(Match(code=code, bracket=bracket, round=rnd, top=top, bottom=bottom))
        return Slot(winner_of=code), Slot(loser_of=code)


def _first_round(n: int) -> list[tuple[Slot | None, Slot | None]]:
    size = bracket_size(n)
    order = [Slot(seed=s) if s <= n else None for s in seed_order(size)]
    return list(zip(order[::2], order[1::2], strict=True))


def _winners_bracket(n: int, build: _Builder) -> tuple[Slot, list[list[Slot | None]]]:
    """Plays the winners' bracket; returns its champion and the losers of each round."""
    pairs = _first_round(n)
    losers_by_round: list[list[Slot | None]] = []
    rnd = 1
    while True:
        winners, losers = [], []
        for m, (top, bottom) in enumerate(pairs, start=1):
            winner, loser = build.play(f"W{rnd}.{m}", "W", rnd, top, bottom)
            winners.append(winner)
            losers.append(loser)
        losers_by_round.append(losers)
        if len(winners) == 1:
            assert winners[0] is not None
            return winners[0], losers_by_round
        pairs = list(zip(winners[::2], winners[1::2], strict=True))
        rnd += 1


def single_elimination(n: int) -> Bracket:
    """A single-elimination bracket for seeds 1..n; the final is the last match."""
    build = _Builder()
    _winners_bracket(n, build)
    return Bracket(
        players=n,
        matches=tuple(build.matches),
        byes=tuple(range(1, bracket_size(n) - n + 1)),
        final=build.matches[-1].code,
    )


def double_elimination(n: int) -> Bracket:
    """A double-elimination bracket for seeds 1..n (see the module docstring)."""
    build = _Builder()
    champion, losers = _winners_bracket(n, build)
    k = len(losers)
    if k == 1:
        survivor = losers[0][0]
    else:
        survivors = []
        for m, (top, bottom) in enumerate(zip(losers[0][::2], losers[0][1::2], strict=True), 1):
            survivors.append(build.play(f"L1.{m}", "L", 1, top, bottom)[0])
        for r in range(2, k + 1):
            drop = losers[r - 1] if r % 2 else losers[r - 1][::-1]
            rnd = 2 * r - 2
            survivors = [
                build.play(f"L{rnd}.{m}", "L", rnd, top, bottom)[0]
                for m, (top, bottom) in enumerate(zip(survivors, drop, strict=True), 1)
            ]
            if len(survivors) > 1:
                rnd += 1
                survivors = [
                    build.play(f"L{rnd}.{m}", "L", rnd, top, bottom)[0]
                    for m, (top, bottom) in enumerate(
                        zip(survivors[::2], survivors[1::2], strict=True), 1
                    )
                ]
        survivor = survivors[0]
    assert survivor is not None  # n >= 2: the winners' final always has a loser
    build.play("GF", "F", 1, champion, survivor)
    build.matches.append(
        Match(
            code="GF2",
            bracket="F",
            round=2,
            top=Slot(winner_of="GF"),
            bottom=Slot(loser_of="GF"),
            if_needed=True,
        )
    )
    return Bracket(
        players=n,
        matches=tuple(build.matches),
        byes=tuple(range(1, bracket_size(n) - n + 1)),
        final="GF2",
    )


def bracket_players(
    bracket: Bracket, winners: Mapping[str, int]
) -> dict[str, tuple[int | None, int | None]]:
    """Who plays each match given the winners so far: {code: (top seed, bottom seed)}.

    A side is None while the match feeding it has no result. `winners[code]` must be one of
    that match's two players (ValueError otherwise).
    """
    sides: dict[str, tuple[int | None, int | None]] = {}

    def resolve(slot: Slot) -> int | None:
        if slot.seed is not None:
            return slot.seed
        code = slot.winner_of or slot.loser_of
        assert code is not None
        won = winners.get(code)
        if won is None:
            return None
        if slot.winner_of:
            return won
        top, bottom = sides[code]
        return bottom if won == top else top

    for match in bracket.matches:
        sides[match.code] = (resolve(match.top), resolve(match.bottom))
        won = winners.get(match.code)
        if won is not None and won not in sides[match.code]:
            raise ValueError(f"{won} did not play {match.code}")
    return sides
