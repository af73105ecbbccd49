"""Tournament standings reads: the standings computed from the rows (`standings_rows`, as
the pure standings give them), the stored lines (ladder.tournaments.stored) a page of which the
tournament page and the API read, and the cross table cells of a page of lines."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from django.db.models import QuerySet

from accounts.models import User
from ladder.tournaments.models import (
    Outcome,
    Tournament,
    TournamentPairing,
    TournamentPlayer,
    TournamentStanding,
)
from ladder.tournaments.stored import Line, standings_lines


@dataclass
class CrossCell:
    """One round of a player in the cross table: "3+/b" is a win as Black against the player
    on line 3 (the table's "#"; ties share a place, never a line); a bye is "bye", an
    unplayed round "–"."""

    text: str
    game_url: str = ""


@dataclass
class StandingRow:
    place: int | None
    entry: TournamentPlayer
    score: float
    sos: float
    sodos: float
    sosos: float
    cells: list[CrossCell] = field(default_factory=list)
    line: int = 0  # the row's number in the whole standings, which cross cells name


def standings_rows(
    *,
    tournament: Tournament,
    entries: list[TournamentPlayer],
    pairings: list[TournamentPairing],
    cells: bool = True,
) -> tuple[list[StandingRow], int]:
    """The standings computed from `entries` and `pairings` (ladder.tournaments.stored's
    `standings_lines`), with a cross table row each (`cells`; else see `cross_cells_fill`), and
    the rounds they count. Disqualified players are listed last without a place. The pages read
    the stored lines instead (`tournament_standings_stored`)."""
    lines, complete = standings_lines(tournament, entries, pairings)
    rows = [_row(ln, number) for number, ln in enumerate(lines, start=1)]
    if cells:
        number = {r.entry.user_id: r.line for r in rows}
        cross_cells_fill(
            tournament=tournament, number=number, filled=rows, pairings=pairings, complete=complete
        )
    return rows, complete


def tournament_standings_stored(*, tournament: Tournament) -> QuerySet[TournamentStanding]:
    """The stored lines of `tournament`'s standings in their order, each with its entry and
    player. Lines are numbered 1, 2, ... without a gap: a page filters by `line`."""
    return (
        TournamentStanding.objects.filter(tournament=tournament)
        .select_related("entry__user")
        .order_by("line")
    )


class StandingLine(NamedTuple):
    """A stored line as the API lists it, read as values (no models)."""

    place: int | None
    user_id: int
    username: str
    status: str
    score: float
    sos: float
    sodos: float
    sosos: float


def standing_lines_of(
    *, tournament: Tournament, bounds: tuple[int, int] | None = None
) -> list[StandingLine]:
    """The stored lines of `tournament` in their order (`bounds`: only the lines first..last,
    counted from 0) as values: one query, no model built."""
    lines = (
        TournamentStanding.objects.filter(tournament=tournament)
        .order_by("line")
        .values_list(
            *("place", "entry__user_id", "entry__user__username", "entry__status"),
            *("score", "sos", "sodos", "sosos"),
        )
    )
    if bounds is not None:  # lines are numbered from 1 without a gap: read by the index
        lines = lines.filter(line__range=(bounds[0] + 1, bounds[1] + 1))
    return [StandingLine(*line) for line in lines]


def standing_rows_of(*, lines: list[TournamentStanding]) -> list[StandingRow]:
    """Stored lines as the pages' rows."""
    return [_row(ln, ln.line) for ln in lines]


def _row(ln: Line | TournamentStanding, line: int) -> StandingRow:
    """A page's row of a computed or a stored line, numbered `line` in the whole standings."""
    return StandingRow(
        place=ln.place, entry=ln.entry, score=ln.score, sos=ln.sos, sodos=ln.sodos,
        sosos=ln.sosos, line=line,
    )  # fmt: skip


def tournament_winners(*, tournament: Tournament) -> list[User]:
    """The players placed first in the stored standings (several when tied)."""
    return [
        line.entry.user
        for line in tournament_standings_stored(tournament=tournament).filter(place=1)
    ]


def standing_of(*, tournament: Tournament, user_id: int) -> TournamentStanding | None:
    """The stored line of `user_id` in `tournament`, with its entry (None: not in it)."""
    return (
        TournamentStanding.objects.filter(tournament=tournament, entry__user_id=user_id)
        .select_related("entry__user")
        .first()
    )


def standing_numbers(
    *, tournament: Tournament, user_ids: set[int], known: dict[int, int] | None = None
) -> dict[int, int]:
    """{user id: stored line} of those of `user_ids` in the standings (the cross table names
    opponents by their line); those in `known` are taken from it, the others read (no query
    when none is missing)."""
    known = known or {}
    missing = user_ids - set(known)
    if not missing:
        return {u: known[u] for u in user_ids if u in known}
    return known | dict(
        TournamentStanding.objects.filter(
            tournament=tournament, entry__user_id__in=missing
        ).values_list("entry__user_id", "line")
    )


def cross_cells_fill(
    *,
    tournament: Tournament,
    number: dict[int, int],
    filled: list[StandingRow],
    pairings: list[TournamentPairing],
    complete: int,
) -> None:
    """Give each row of `filled` (a page of the standings) its cross table cells, opponents
    named by their line in the whole standings (`number`: {user id: line}, at least of the
    opponents of `filled` in `pairings`)."""
    # Every round robin round; a Swiss or McMahon's finished rounds and the one being played
    # (its games "?": the standings count only the finished ones).
    shown = (
        tournament.rounds
        if tournament.format == "round_robin"
        else max(complete, tournament.current_round)
    )
    cells: dict[int, dict[int, CrossCell]] = {r.entry.user_id: {} for r in filled}
    for p in pairings:
        if p.round > shown:
            continue
        if p.is_bye:
            if p.black_id in cells:
                cells[p.black_id][p.round] = CrossCell("bye")
            continue
        if p.black_id not in cells and p.white_id not in cells:
            continue
        url = p.game.get_absolute_url() if getattr(p, "shows_game", False) else ""
        for me, other, colour in ((p.black_id, p.white_id, "b"), (p.white_id, p.black_id, "w")):
            if me not in cells:
                continue
            if not p.decided:
                mark = "?"
            elif p.outcome == Outcome.JIGO:
                mark = "="
            else:
                mark = "+" if p.winner_id == me else "-"
            suffix = "!" if p.forfeit else ""
            cells[me][p.round] = CrossCell(f"{number[other]}{mark}{suffix}/{colour}", url)
    for row in filled:
        row.cells = [cells[row.entry.user_id].get(r, CrossCell("–")) for r in range(1, shown + 1)]
