"""Tournament reads: the lists, standings with the players, the cross table, the rounds, the
knockout bracket drawn as columns and the final places."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import NamedTuple

from django.core.cache import cache
from django.db.models import Count, IntegerField, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils.translation import gettext, ngettext

from accounts.models import NAME_SHOWN, User
from games.models import Game, GameStatus
from games.selectors.play import game_can_view, games_viewable
from ladder.tournaments.advance import FINAL_ROUND, LOSERS_ROUND, bracket_of
from ladder.tournaments.brackets import Bracket
from ladder.tournaments.crosstable import standings_rows
from ladder.tournaments.models import (
    Outcome,
    Tournament,
    TournamentPairing,
    TournamentPlayer,
    TournamentStanding,
    TournamentStatus,
    stage_name,
)

LIST_SIZE = 50


def tournament_lists() -> dict[str, list[Tournament]]:
    """Open, running and finished tournaments (newest first, LIST_SIZE each) with `size`."""
    base = Tournament.objects.annotate(size=Count("players")).select_related("organiser")
    return {
        status: list(base.filter(status=status).order_by("-created")[:LIST_SIZE])
        for status in TournamentStatus.values
    }


def tournament_entries(*, tournament: Tournament) -> list[TournamentPlayer]:
    return list(
        TournamentPlayer.objects.filter(tournament=tournament)
        .select_related("user")
        .order_by("seed", "joined", "pk")
    )


def tournament_entry_get(
    *, tournament: Tournament, entry_id: int | None = None, user_id: int | None = None
) -> TournamentPlayer | None:
    """The registration `entry_id` in `tournament`, or that of `user_id`; None when there is
    none (or the id is beyond any database's)."""
    entries = TournamentPlayer.objects.filter(tournament=tournament).select_related("user")
    if entry_id is not None:
        return entries.filter(pk=entry_id).first() if 0 < entry_id < 2**63 else None
    return entries.filter(user_id=user_id).first()


def tournament_games_running_count(*, tournament: Tournament, user_id: int) -> int:
    """How many of the games of `user_id` in `tournament` are still being played (those that
    withdrawing or a disqualification resigns)."""
    return (
        TournamentPairing.objects.filter(tournament=tournament, game__isnull=False)
        .filter(Q(black_id=user_id) | Q(white_id=user_id))
        .exclude(game__status=GameStatus.FINISHED)
        .count()
    )


# The game columns the tournament page and the API read of a pairing's game; the others are
# left unread (a McMahon of 1,000 has 1,500 games of some 80 columns, move lists included).
_GAME_SHOWN = {
    "id",
    "public",
    "black",
    "white",
    "result",
    "end_reason",
    "status",
    "handicap",
    "finished",
}


_PAIRING_SHOWN = (
    *(f.name for f in TournamentPairing._meta.concrete_fields),
    *(f"game__{name}" for name in _GAME_SHOWN),
    *(f"{side}__{name}" for side in ("black", "white") for name in NAME_SHOWN),
)


def tournament_pairings(
    *, tournament: Tournament, viewer: User | None = None, players: set[int] | None = None
) -> list[TournamentPairing]:
    """The tournament's pairings in round and board order (`players`: only those in which one
    of these user ids plays), each with `shows_game`: whether its game may be named and linked
    for `viewer` (None: a visitor not logged in). A game made private is named only to its
    players; its outcome still counts and shows."""
    found = TournamentPairing.objects.filter(tournament=tournament)
    if players is not None:
        found = found.filter(Q(black_id__in=players) | Q(white_id__in=players))
    pairings = list(
        found.select_related("black", "white", "game")
        # Of the game, what the pages and the API show (a McMahon of 1,000 has 1,500 games,
        # and a whole game row is some 80 columns, its move list included); of the players,
        # their names (a page's 150 pairings built 300 whole users).
        .only(*_PAIRING_SHOWN)
        .order_by("round", "board")
    )
    for p in pairings:
        p.shows_game = p.game_id is not None and game_can_view(game=p.game, user=viewer)
    return pairings


class PairingLine(NamedTuple):
    """A pairing as the API lists it, read as values (no models): the players' names, and
    `game_id` only when the viewer may see the game (else None, as for a bye)."""

    round: int
    board: int
    match: str
    black: str
    white: str | None
    handicap: int
    game_id: int | None
    outcome: str
    forfeit: bool


def tournament_pairing_lines(
    *,
    tournament: Tournament,
    viewer: User | None = None,
    players: set[int] | None = None,
    names: dict[int, str] | None = None,
) -> list[PairingLine]:
    """`tournament_pairings` as values, for the API: the pairings without a join, the names of
    the players not in `names` ({user id: username}, those of the standings already read) and
    the games the viewer may see (`games_viewable`) by their keys. 1,500 pairings of a McMahon
    of 1,000 took a third of a second as models with their players and games."""
    found = TournamentPairing.objects.filter(tournament=tournament)
    if players is not None:
        found = found.filter(Q(black_id__in=players) | Q(white_id__in=players))
    rows = list(
        found.order_by("round", "board").values_list(
            *("round", "board", "match", "black_id", "white_id", "handicap", "game_id"),
            *("outcome", "forfeit"),
        )
    )
    names = dict(names or {})
    missing = {r[3] for r in rows} | {r[4] for r in rows if r[4] is not None}
    missing -= names.keys()
    if missing:
        names |= dict(User.objects.filter(pk__in=missing).values_list("pk", "username"))
    games = [r[6] for r in rows if r[6] is not None]
    shown = games_viewable(game_ids=games, viewer=viewer) if games else set()
    return [
        PairingLine(
            number,
            board,
            match,
            names[black],
            None if white is None else names[white],
            handicap,
            game if game in shown else None,
            outcome,
            forfeit,
        )
        for number, board, match, black, white, handicap, game, outcome, forfeit in rows
    ]


def tournament_registration_rule(*, tournament: Tournament) -> str:
    """The rules' line about registration, one sentence in the reader's language: "Registration:
    up to 16 players, 20k or stronger, 5d or weaker; it starts when full."."""
    limit = tournament.player_limit
    names = {"limit": limit, "rank_min": tournament.rank_min, "rank_max": tournament.rank_max}
    both = tournament.rank_min and tournament.rank_max
    if tournament.start_when_full:
        if both:
            text = ngettext(
                "Registration: up to %(limit)s player, %(rank_min)s or stronger, %(rank_max)s or "
                "weaker; it starts when full.",
                "Registration: up to %(limit)s players, %(rank_min)s or stronger, %(rank_max)s "
                "or weaker; it starts when full.",
                limit,
            )
        elif tournament.rank_min:
            text = ngettext(
                "Registration: up to %(limit)s player, %(rank_min)s or stronger; it starts when "
                "full.",
                "Registration: up to %(limit)s players, %(rank_min)s or stronger; it starts when "
                "full.",
                limit,
            )
        elif tournament.rank_max:
            text = ngettext(
                "Registration: up to %(limit)s player, %(rank_max)s or weaker; it starts when "
                "full.",
                "Registration: up to %(limit)s players, %(rank_max)s or weaker; it starts when "
                "full.",
                limit,
            )
        else:
            text = ngettext(
                "Registration: up to %(limit)s player; it starts when full.",
                "Registration: up to %(limit)s players; it starts when full.",
                limit,
            )
    elif both:
        text = ngettext(
            "Registration: up to %(limit)s player, %(rank_min)s or stronger, %(rank_max)s or "
            "weaker.",
            "Registration: up to %(limit)s players, %(rank_min)s or stronger, %(rank_max)s or "
            "weaker.",
            limit,
        )
    elif tournament.rank_min:
        text = ngettext(
            "Registration: up to %(limit)s player, %(rank_min)s or stronger.",
            "Registration: up to %(limit)s players, %(rank_min)s or stronger.",
            limit,
        )
    elif tournament.rank_max:
        text = ngettext(
            "Registration: up to %(limit)s player, %(rank_max)s or weaker.",
            "Registration: up to %(limit)s players, %(rank_max)s or weaker.",
            limit,
        )
    else:
        text = ngettext(
            "Registration: up to %(limit)s player.", "Registration: up to %(limit)s players.", limit
        )
    return text % names


def _counted(rows: QuerySet) -> Coalesce:
    """How many of `rows` (filtered by OuterRef) there are, as a subquery."""
    counted = rows.order_by().values("tournament").annotate(n=Count("pk")).values("n")[:1]
    return Coalesce(Subquery(counted, output_field=IntegerField()), 0)


def tournaments_counted() -> QuerySet[Tournament]:
    """Tournaments with their organiser and, read in the same query, `lines_count` (the stored
    standings' lines), `running_count` (games being played) and `running_now_count` (those of
    the current round): what the tournament page counts."""
    running = TournamentPairing.objects.filter(
        tournament=OuterRef("pk"), game__isnull=False, outcome=Outcome.PENDING
    )
    return Tournament.objects.select_related("organiser").annotate(
        lines_count=_counted(TournamentStanding.objects.filter(tournament=OuterRef("pk"))),
        running_count=_counted(running),
        running_now_count=_counted(running.filter(round=OuterRef("current_round"))),
    )


def tournament_running_counts(*, tournament: Tournament) -> tuple[int, int]:
    """(games of `tournament` being played, those of its current round): the counts read with
    it (`tournaments_counted`), else one query."""
    if hasattr(tournament, "running_now_count"):
        return tournament.running_count, tournament.running_now_count
    running = Q(game__isnull=False, outcome=Outcome.PENDING)
    counts = TournamentPairing.objects.filter(tournament=tournament).aggregate(
        all=Count("pk", filter=running),
        current=Count("pk", filter=running & Q(round=tournament.current_round)),
    )
    return counts["all"], counts["current"]


def tournament_next_step(*, tournament: Tournament, taken: int) -> str:
    """What happens next in `tournament` (`taken`: its places taken), and the rule that decides
    it, in a sentence or two for its page: when registration ends, which round is being played
    and what the next one waits for, or that it is over."""
    if tournament.status == TournamentStatus.OPEN:
        names = {"taken": taken, "limit": tournament.player_limit}
        if tournament.start_when_full:
            return (
                gettext(
                    "Registration is open: %(taken)s of %(limit)s places taken. The tournament "
                    "starts as soon as the last place is taken, or earlier when the organiser "
                    "starts it."
                )
                % names
            )
        return (
            gettext(
                "Registration is open: %(taken)s of %(limit)s places taken. The tournament starts "
                "when the organiser starts it."
            )
            % names
        )
    if tournament.status == TournamentStatus.FINISHED:
        return gettext("The tournament is over: every game has ended.")
    running, running_now = tournament_running_counts(tournament=tournament)
    if tournament.is_knockout:
        return ngettext(
            "%(count)s match is being played. A match starts as soon as both its players are "
            "known; the tournament ends with the final.",
            "%(count)s matches are being played. A match starts as soon as both its players "
            "are known; the tournament ends with the final.",
            running,
        ) % {"count": running}
    if tournament.format == "round_robin":
        return ngettext(
            "All games started together; %(count)s is still being played. The tournament ends "
            "when the last one ends.",
            "All games started together; %(count)s are still being played. The tournament ends "
            "when the last one ends.",
            running,
        ) % {"count": running}
    names = {
        "round": tournament.current_round,
        "rounds": tournament.rounds,
        "count": running_now,
        "next": tournament.current_round + 1,
    }
    if tournament.current_round >= tournament.rounds:
        return (
            ngettext(
                "The last round, %(round)s of %(rounds)s, is being played: %(count)s game still "
                "running. The tournament ends when it ends.",
                "The last round, %(round)s of %(rounds)s, is being played: %(count)s games still "
                "running. The tournament ends when they end.",
                names["count"],
            )
            % names
        )
    return (
        ngettext(
            "Round %(round)s of %(rounds)s is being played: %(count)s game still running. Round "
            "%(next)s is paired as soon as it ends (each round waits until every game of the one "
            "before has ended, so that it is paired by the scores).",
            "Round %(round)s of %(rounds)s is being played: %(count)s games still running. Round "
            "%(next)s is paired as soon as they all end (each round waits until every game of the "
            "one before has ended, so that it is paired by the scores).",
            names["count"],
        )
        % names
    )


@dataclass
class BracketMatch:
    code: str
    top: User | None
    bottom: User | None
    pairing: TournamentPairing | None
    winner_id: int | None
    top_from: str = ""  # where a side not known yet comes from: "winner of W1.2"
    bottom_from: str = ""
    if_needed: bool = False  # the second grand final


def _slot_source(slot) -> str:
    if slot.winner_of:
        return f"winner of {slot.winner_of}"
    if slot.loser_of:
        return f"loser of {slot.loser_of}"
    return ""


@dataclass
class BracketColumn:
    title: str
    matches: list[BracketMatch]


def bracket_columns(
    *,
    tournament: Tournament,
    entries: list[TournamentPlayer],
    pairings: list[TournamentPairing],
) -> list[BracketColumn]:
    """A knockout's matches as columns (winners' rounds, losers' rounds, finals), each match
    with its players once known, its pairing and winner."""
    if not tournament.is_knockout or not entries or entries[0].seed is None:
        return []
    bracket: Bracket = bracket_of(tournament, len(entries))
    seed_user = {e.seed: e.user for e in entries}
    by_code = {p.match: p for p in pairings}
    columns: dict[tuple[str, int], BracketColumn] = {}
    for match in bracket.matches:
        key = (match.bracket, match.round)
        if key not in columns:
            columns[key] = BracketColumn(_column_title(match.bracket, match.round, bracket), [])
        p = by_code.get(match.code)
        if p is not None:
            top, bottom = p.white, p.black
            winner = p.winner_id
            if p.outcome == Outcome.JIGO:
                winner = p.white_id
        else:
            top = seed_user.get(match.top.seed) if match.top.seed else None
            bottom = seed_user.get(match.bottom.seed) if match.bottom.seed else None
            winner = None
            if match.if_needed and tournament.status == TournamentStatus.FINISHED:
                continue
        columns[key].matches.append(
            BracketMatch(
                match.code,
                top,
                bottom,
                p,
                winner,
                top_from=_slot_source(match.top),
                bottom_from=_slot_source(match.bottom),
                if_needed=bool(match.if_needed) and p is None,
            )
        )
    return [c for c in columns.values() if c.matches]


def _column_title(kind: str, rnd: int, bracket: Bracket) -> str:
    if kind == "F":
        return "Grand final" if rnd == 1 else "Grand final, second game"
    if kind == "L":
        return f"Losers' round {rnd}"
    last = max(m.round for m in bracket.matches if m.bracket == "W")
    if rnd == last:
        return "Final" if not any(m.bracket == "F" for m in bracket.matches) else "Winners' final"
    if rnd == last - 1:
        return "Semi-finals"
    return f"Round {rnd}"


def knockout_places(
    *, tournament: Tournament, entries: list[TournamentPlayer], pairings: list[TournamentPairing]
) -> dict[int, int]:
    """{user id: place} in a knockout: the champion 1st, then by how late each player was
    knocked out (players out in the same round share a place)."""
    out_at: dict[int, int] = {}
    order = _stage_order(tournament, len(entries))
    losses: dict[int, int] = {}
    needed = 2 if tournament.format == "double_elim" else 1
    for p in sorted(pairings, key=lambda p: order.get(p.match, 0)):
        if not p.decided or p.is_bye:
            continue
        won = p.winner_id if p.outcome != Outcome.JIGO else p.white_id
        lost = p.black_id if won == p.white_id else p.white_id
        losses[lost] = losses.get(lost, 0) + 1
        if losses[lost] >= needed and lost not in out_at:
            out_at[lost] = order.get(p.match, 0)
    stage = {e.user_id: out_at.get(e.user_id, 10**6) for e in entries}
    return {uid: 1 + sum(1 for s in stage.values() if s > mine) for uid, mine in stage.items()}


def _stage_order(tournament: Tournament, players: int) -> dict[str, int]:
    """Match code -> how late its losers go out (a round's matches share a value)."""
    bracket = bracket_of(tournament, players)
    order = {}
    for match in bracket.matches:
        base = {"W": 0, "L": LOSERS_ROUND, "F": FINAL_ROUND}[match.bracket]
        if tournament.format == "double_elim" and match.bracket == "W":
            base = LOSERS_ROUND  # a winners' loss never knocks out in double elimination
        order[match.code] = base + match.round
    return order


def final_places(*, tournament: Tournament) -> dict[int, int | None]:
    """{user id: place} of a tournament (None for a disqualified player)."""
    entries = tournament_entries(tournament=tournament)
    pairings = list(TournamentPairing.objects.filter(tournament=tournament))
    if tournament.is_knockout:
        return knockout_places(tournament=tournament, entries=entries, pairings=pairings)
    rows, _ = standings_rows(tournament=tournament, entries=entries, pairings=pairings)
    return {r.entry.user_id: r.place for r in rows}


def tournaments_of(*, user: User) -> QuerySet[Tournament]:
    """The tournaments `user` is registered in, newest first."""
    return Tournament.objects.filter(players__user=user).order_by("-created")


# Most games belong to no ladder or tournament, and a game never joins one later (the ladder
# challenge or tournament pairing is written in the transaction that starts the game): "none" is
# remembered, so their game pages skip the query. A found one is read each time (names change).
_NONE_SECONDS = 7 * 24 * 3600

logger = logging.getLogger(__name__)


def _none_key(game_id: int) -> str:
    return f"ladder:no-competition:1:{game_id}"


def game_competition(*, game_id: int) -> dict | None:
    """What a game page says about the ladder or tournament the game belongs to:
    {"kind": "ladder", "name", "url", "challenger", "defender"} or {"kind": "tournament", "name",
    "url", "stage"}; None for other games. One query, none for a game already known to belong
    to neither (cache)."""
    if cache.get(_none_key(game_id)):
        return None
    found = _competition(game_id)
    if found is None:
        cache.set(_none_key(game_id), True, _NONE_SECONDS)
    return found


def _competition(game_id: int) -> dict | None:
    row = (
        Game.objects.filter(pk=game_id)
        .values(
            "ladder_challenge__ladder__name",
            "ladder_challenge__ladder__slug",
            "ladder_challenge__challenger__username",
            "ladder_challenge__defender__username",
            "tournament_pairing__tournament_id",
            "tournament_pairing__tournament__name",
            "tournament_pairing__round",
            "tournament_pairing__match",
        )
        .first()
    )
    if row is None:
        return None
    if row["ladder_challenge__ladder__slug"]:
        return {
            "kind": "ladder",
            "name": row["ladder_challenge__ladder__name"],
            "url": reverse("ladder:detail", args=[row["ladder_challenge__ladder__slug"]]),
            "challenger": row["ladder_challenge__challenger__username"],
            "defender": row["ladder_challenge__defender__username"],
        }
    if row["tournament_pairing__tournament_id"]:
        return {
            "kind": "tournament",
            "name": row["tournament_pairing__tournament__name"],
            "url": reverse("tournament:detail", args=[row["tournament_pairing__tournament_id"]]),
            "stage": _stage(row),
        }
    return None


def game_competition_labels(*, game_ids: list[int]) -> dict[int, str]:
    """{game id: "Spring cup, round 2" / "Spring cup, match W2.1" / "Go 9×9 ladder"} for the
    games among `game_ids` that belong to a tournament or a ladder (one query)."""
    rows = (
        Game.objects.filter(pk__in=game_ids)
        .filter(Q(ladder_challenge__isnull=False) | Q(tournament_pairing__isnull=False))
        .values(
            "pk",
            "ladder_challenge__ladder__name",
            "tournament_pairing__tournament__name",
            "tournament_pairing__round",
            "tournament_pairing__match",
        )
    )
    labels = {}
    for row in rows:
        name = row["tournament_pairing__tournament__name"]
        if name:
            # Translators: a tournament game's label: "Spring cup, round 2" ("match W2.1").
            labels[row["pk"]] = gettext("%(tournament)s, %(stage)s") % {
                "tournament": name,
                "stage": _stage(row),
            }
        elif row["ladder_challenge__ladder__name"]:
            labels[row["pk"]] = row["ladder_challenge__ladder__name"]
    return labels


def _stage(row: dict) -> str:
    """`stage_name` of a game row's tournament pairing (read with .values())."""
    return stage_name(
        match=row["tournament_pairing__match"], round=row["tournament_pairing__round"]
    )
