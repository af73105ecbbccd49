"""Public API, tournaments part (read only): the tournaments by status, and one tournament
with its players, standings (score, SOS, SODOS, SOSOS) and every round's pairings with their
results and games. Computed by the same selectors as the tournament pages."""

from __future__ import annotations

from typing import Literal

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from ninja import Field, Query, Router, Schema
from ninja.renderers import JSONRenderer

from accounts.api.auth import Id, PageQuery, api_user, errors
from ladder.tournaments import crosstable, selectors
from ladder.tournaments.models import Tournament, TournamentPairing, TournamentStatus

router = Router(tags=["tournaments"])


class TournamentOut(Schema):
    """A tournament as the list shows it."""

    id: int
    name: str
    format: str = Field(..., description="round_robin, swiss, mcmahon, single_elim, double_elim")
    status: str = Field(..., description="open, running or finished")
    organiser: str
    players: int
    player_limit: int
    rounds: int
    current_round: int
    board: str = Field(..., description="`square 19`, `hex 8` ...")
    url: str


class StandingOut(Schema):
    place: int | None = Field(..., description="None for a disqualified player")
    username: str
    status: str = Field(..., description="active, withdrawn or disqualified")
    score: float = Field(..., description="Points, or the McMahon score")
    sos: float
    sodos: float
    sosos: float


class PairingOut(Schema):
    round: int
    board: int
    match: str = Field(..., description="Knockout match code (`W2.1`, `GF`), else empty")
    black: str
    white: str | None = Field(..., description="None: a bye")
    handicap: int
    game_id: int | None
    result: str = Field(..., description="black, white, jigo, bye, or empty while playing")
    forfeit: bool


class TournamentDetailOut(TournamentOut):
    description: str
    standings: list[StandingOut]
    pairings: list[PairingOut]
    count: int = Field(..., description="Lines of the standings (all pages).")


def _out(tournament: Tournament, size: int) -> dict:
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "format": tournament.format,
        "status": tournament.status,
        "organiser": tournament.organiser.username,
        "players": size,
        "player_limit": tournament.player_limit,
        "rounds": tournament.rounds,
        "current_round": tournament.current_round,
        "board": f"{tournament.board_kind} {tournament.board_size}",
        "url": tournament.get_absolute_url(),
    }


def _line(p: TournamentPairing) -> selectors.PairingLine:
    """A pairing model (computed standings: knockouts and open tournaments) as a line."""
    return selectors.PairingLine(
        p.round, p.board, p.match, p.black.username, p.white.username if p.white_id else None,
        p.handicap, p.game_id if p.shows_game else None, p.outcome, p.forfeit,
    )  # fmt: skip


def _detail_json(
    request: HttpRequest,
    head: dict,
    lines: list[crosstable.StandingLine],
    pairings: list[selectors.PairingLine],
) -> HttpResponse:
    """TournamentDetailOut's JSON built from plain values, its keys in the schema's order (a
    McMahon's 1,000 lines and 1,500 pairings: building and dumping them as schema objects
    cost more than reading them; tests check the body against the schema)."""
    body = {
        **head,
        "standings": [
            {
                "place": s.place,
                "username": s.username,
                "status": s.status,
                "score": s.score,
                "sos": s.sos,
                "sodos": s.sodos,
                "sosos": s.sosos,
            }
            for s in lines
        ],
        "pairings": [
            {
                "round": p.round,
                "board": p.board,
                "match": p.match,
                "black": p.black,
                "white": p.white,
                "handicap": p.handicap,
                "game_id": p.game_id,
                "result": p.outcome,
                "forfeit": p.forfeit,
            }
            for p in pairings
        ],
    }
    body["count"] = body.pop("count")  # the schema's last field
    renderer = JSONRenderer()  # the API's (baduxsite.api sets none of its own)
    return HttpResponse(
        renderer.render(request, body, response_status=200),
        content_type=f"{renderer.media_type}; charset={renderer.charset}",
    )


@router.get(
    "/tournaments",
    response={200: list[TournamentOut], **errors(422)},
    summary="The tournaments",
)
def tournaments(
    request: HttpRequest, status: Literal["open", "running", "finished"] = "open"
) -> list[TournamentOut]:
    """The newest tournaments (at most 50) that are open for registration, running or
    finished."""
    return [TournamentOut(**_out(t, t.size)) for t in selectors.tournament_lists()[status]]


@router.get(
    "/tournaments/{tournament_id}",
    response={200: TournamentDetailOut, **errors(404, 422)},
    summary="A tournament",
)
def tournament_detail(
    request: HttpRequest, tournament_id: Id, pages: Query[PageQuery]
) -> HttpResponse:
    """A tournament with its standings (places, score or McMahon score, SOS, SODOS, SOSOS;
    disqualified players last without a place) and every pairing so far. With `page` or
    `page_size`, one page of the standings (`page_size` lines, 20 unless given, at most 100;
    a page past the end is empty) and only the pairings of the players on it, as the other
    lists page (`count`: the lines in all)."""
    tournament = get_object_or_404(Tournament.objects.select_related("organiser"), pk=tournament_id)
    viewer = api_user(request)
    shown = pages.bounds()
    if tournament.is_knockout or tournament.status == TournamentStatus.OPEN:
        entries = selectors.tournament_entries(tournament=tournament)
        pairings = selectors.tournament_pairings(tournament=tournament, viewer=viewer)
        rows, _ = crosstable.standings_rows(
            tournament=tournament, entries=entries, pairings=pairings, cells=False
        )
        count = len(rows)
        if shown is not None:
            rows = rows[shown[0] : shown[1] + 1]
            players = {row.entry.user_id for row in rows}
            pairings = [p for p in pairings if {p.black_id, p.white_id} & players]
        lines = [
            crosstable.StandingLine(
                row.place,
                row.entry.user_id,
                row.entry.user.username,
                row.entry.status,
                row.score,
                row.sos,
                row.sodos,
                row.sosos,
            )
            for row in rows
        ]
        pairing_lines = [_line(p) for p in pairings]
    else:  # the stored standings: a page reads only its lines and its players' pairings
        lines = crosstable.standing_lines_of(tournament=tournament, bounds=shown)
        if shown is None:
            count, players = len(lines), None
        else:
            count = crosstable.tournament_standings_stored(tournament=tournament).count()
            players = {line.user_id for line in lines}
        pairing_lines = selectors.tournament_pairing_lines(
            tournament=tournament,
            viewer=viewer,
            players=players,
            names={line.user_id: line.username for line in lines},
        )
    head = _out(tournament, count) | {"description": tournament.description, "count": count}
    return _detail_json(request, head, lines, pairing_lines)
