"""Stored standings: the lines of a Swiss, McMahon or round robin's standings, computed by the
pure `standings` (ladder.tournaments.standings, the source of truth) and kept in
`TournamentStanding`, so that the tournament page and the API read one page of lines instead of
scoring every pairing on every request.

`standings_refresh` rewrites a tournament's lines; it runs in the transaction that changes what
they count, holding the tournament lock: a game's result (the game-finished hook), an annulled
game, a corrected result, a round paired or the tournament finished (the advance), a player
withdrawn or disqualified. Lines that did not change are not written (a game of the round being
played changes nothing until the round is complete). Knockouts have no standings (their places
come from the bracket) and store no lines.
"""

from __future__ import annotations

from dataclasses import dataclass

from ladder.tournaments.models import (
    PAIRED_BY_ROUND,
    Format,
    Outcome,
    PlayerStatus,
    Tournament,
    TournamentPairing,
    TournamentPlayer,
    TournamentStanding,
    TournamentStatus,
)
from ladder.tournaments.standings import Bye, GameResult, Standing, standings


def results_of(pairings: list[TournamentPairing]) -> tuple[list[GameResult], list[Bye]]:
    """The decided games and byes as the pure standings take them."""
    games, byes = [], []
    for p in pairings:
        if p.outcome == Outcome.BYE:
            byes.append(Bye(round=p.round, player=p.black_id))
        elif p.outcome and p.white_id is not None:
            winner = p.winner_id
            games.append(
                GameResult(round=p.round, black=p.black_id, white=p.white_id, winner=winner)
            )
    return games, byes


def table_of(
    tournament: Tournament, entries: list[TournamentPlayer], pairings: list[TournamentPairing]
) -> tuple[list[Standing], int]:
    """(standings, rounds counted): the standings after the last complete round of a Swiss or
    McMahon (every finished game for a round robin, whose byes score nothing)."""
    complete = tournament.current_round
    if tournament.format != Format.ROUND_ROBIN and any(
        p.round == complete and not p.decided for p in pairings
    ):
        complete -= 1
    counted = [
        p for p in pairings if p.round <= complete or tournament.format == Format.ROUND_ROBIN
    ]
    games, byes = results_of(counted)
    if tournament.format == Format.ROUND_ROBIN:
        byes = []
    table = standings(
        players={e.user_id: e.start_score for e in entries},
        games=games,
        byes=byes,
        rounds=tournament.rounds if tournament.format == Format.ROUND_ROBIN else max(complete, 0),
        mcmahon=tournament.is_mcmahon,
        ratings={e.user_id: e.rating or 0.0 for e in entries},
    )
    return table, complete


@dataclass(frozen=True)
class Line:
    """One line of the standings as shown: `place` None for a disqualified player."""

    entry: TournamentPlayer
    place: int | None
    score: float
    wins: float
    sos: float
    sodos: float
    sosos: float


def standings_lines(
    tournament: Tournament, entries: list[TournamentPlayer], pairings: list[TournamentPairing]
) -> tuple[list[Line], int]:
    """(the lines, rounds counted): `table_of`, disqualified players last without a place, the
    others placed again among themselves (equal on every criterion: the same place)."""
    table, complete = table_of(tournament, entries, pairings)
    by_user = {e.user_id: e for e in entries}
    kept = [s for s in table if by_user[s.id].status != PlayerStatus.DISQUALIFIED]
    gone = [s for s in table if by_user[s.id].status == PlayerStatus.DISQUALIFIED]
    lines: list[Line] = []
    for n, s in enumerate(kept):
        key = (s.score, s.sos, s.sodos, s.sosos)
        before = kept[n - 1] if n else None
        same = before is not None and key == (before.score, before.sos, before.sodos, before.sosos)
        place = lines[-1].place if same else n + 1
        lines.append(Line(by_user[s.id], place, s.score, s.wins, s.sos, s.sodos, s.sosos))
    lines += [Line(by_user[s.id], None, s.score, s.wins, s.sos, s.sodos, s.sosos) for s in gone]
    return lines, complete


def _stored_values(row: TournamentStanding) -> tuple:
    return (
        row.entry_id, row.line, row.place, row.score, row.wins, row.sos, row.sodos, row.sosos,
        row.counted,
    )  # fmt: skip


def standings_refresh(*, tournament: Tournament, result_round: int | None = None) -> int:
    """Rewrite the stored lines of `tournament` from its entries and pairings (the caller holds
    the tournament lock, in the transaction that changed them). Returns the lines written: 0
    when nothing changed, or for a knockout or a tournament not started. `result_round`: the
    round of a result just recorded; in a Swiss or McMahon, while that round still has games
    being played the standings (complete rounds only) cannot change, and nothing is read."""
    if tournament.is_knockout or tournament.status == TournamentStatus.OPEN:
        return 0
    if (
        result_round is not None
        and tournament.format in PAIRED_BY_ROUND
        and TournamentPairing.objects.filter(
            tournament=tournament, round=result_round, outcome=Outcome.PENDING
        ).exists()
    ):
        return 0
    entries = list(
        TournamentPlayer.objects.filter(tournament=tournament).only(
            "pk", "user_id", "start_score", "rating", "status"
        )
    )
    pairings = list(
        TournamentPairing.objects.filter(tournament=tournament).only(
            "pk", "round", "black_id", "white_id", "outcome"
        )
    )
    lines, complete = standings_lines(tournament, entries, pairings)
    rows = [
        TournamentStanding(
            tournament=tournament,
            entry_id=ln.entry.pk,
            line=n,
            place=ln.place,
            score=ln.score,
            wins=ln.wins,
            sos=ln.sos,
            sodos=ln.sodos,
            sosos=ln.sosos,
            counted=max(complete, 0),
        )  # fmt: skip
        for n, ln in enumerate(lines, start=1)
    ]
    stored = TournamentStanding.objects.filter(tournament=tournament).order_by("line")
    if [_stored_values(r) for r in stored] == [_stored_values(r) for r in rows]:
        return 0
    stored.delete()
    TournamentStanding.objects.bulk_create(rows)
    return len(rows)
