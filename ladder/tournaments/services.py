"""Tournament writes: creating, registration (join and leave before the start), the start,
withdrawals and disqualifications.

Every write holds the tournament row's lock (`tournament_lock`). The lock order is always
game row, then tournament row: the game-finished receiver runs under the game lock and takes
the tournament lock; services and the advance task take the tournament lock and only ever
*create* games under it (resigning a withdrawn player's games happens in the advance task
before it takes the lock).
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext, gettext_lazy, ngettext

from accounts.models import User
from accounts.moderation.selectors import moderation_play_check
from accounts.selectors import user_may_compete
from core.outbox import enqueue_on_commit
from games.game_settings import GameSettings
from ladder.groups.selectors import member_require
from ladder.ratings import ranks
from ladder.ratings.models import Rating
from ladder.ratings.services import start_values
from ladder.tournaments.advance import pair_next, tournament_lock
from ladder.tournaments.models import (
    KNOCKOUTS,
    PAIRED_BY_ROUND,
    Format,
    HandicapRule,
    PlayerStatus,
    Tournament,
    TournamentPlayer,
    TournamentStatus,
)
from ladder.tournaments.standings import mcmahon_start_scores
from ladder.tournaments.stored import standings_refresh

MAX_PLAYERS = 500
# A round robin starts every game at once, in the request that starts it: 30 players are 435
# games (29 at once for each player), already more than a correspondence player can carry.
MAX_ROUND_ROBIN_PLAYERS = 30
MAX_ROUNDS = 15
# Tournaments a player may organise that have not finished yet.
MAX_ORGANISING = 5
DEFAULT_BAR = "1d"
DEFAULT_FLOOR = "20k"


class TournamentRefused(ValidationError):
    """A tournament action the rules do not allow; the message says why."""


# What `_rank_or_refuse` says when a rank field holds no rank, by field.
_NOT_A_RANK = {
    "rank_min": gettext_lazy("The weakest rank is not a rank: use 30k to 1k or 1d to 9d."),
    "rank_max": gettext_lazy("The strongest rank is not a rank: use 30k to 1k or 1d to 9d."),
    "mcmahon_bar": gettext_lazy("The McMahon bar is not a rank: use 30k to 1k or 1d to 9d."),
    "mcmahon_floor": gettext_lazy("The McMahon floor is not a rank: use 30k to 1k or 1d to 9d."),
}


def _rank_or_refuse(value: str, field: str) -> str:
    """`value` as a stored rank ("" for none); TournamentRefused naming `field` otherwise."""
    if not value:
        return ""
    try:
        ranks.parse_rank(value)
    except ValueError as exc:
        raise TournamentRefused(str(_NOT_A_RANK[field])) from exc
    return value.strip().lower()


def _checked_fields(
    *,
    name: str,
    format: str,
    settings: GameSettings,
    description: str,
    rounds: int,
    mcmahon_bar: str,
    mcmahon_floor: str,
    handicap_rule: str,
    player_limit: int,
    rank_min: str,
    rank_max: str,
    start_when_full: bool,
) -> dict:
    """A tournament's columns from what its organiser chose; TournamentRefused for impossible
    values (the same checks for a new tournament and an edited one)."""
    name = name.strip()
    if not name or len(name) > 80 or "\x00" in name:
        raise TournamentRefused(gettext("Give the tournament a name of 1 to 80 characters."))
    if format not in Format.values:
        raise TournamentRefused(gettext("Choose a format."))
    if handicap_rule not in HandicapRule.values:
        raise TournamentRefused(gettext("Choose a handicap rule."))
    if handicap_rule == HandicapRule.MCMAHON and format != Format.MCMAHON:
        raise TournamentRefused(gettext("Handicap by McMahon score is for McMahon tournaments."))
    if format in PAIRED_BY_ROUND and not 1 <= rounds <= MAX_ROUNDS:
        raise TournamentRefused(
            gettext("A %(format)s tournament has 1 to %(MAX_ROUNDS)s rounds.")
            % {"format": format, "MAX_ROUNDS": MAX_ROUNDS}
        )
    if not 2 <= player_limit <= MAX_PLAYERS:
        raise TournamentRefused(
            gettext("The player limit is 2 to %(MAX_PLAYERS)s.") % {"MAX_PLAYERS": MAX_PLAYERS}
        )
    if format == Format.ROUND_ROBIN and player_limit > MAX_ROUND_ROBIN_PLAYERS:
        raise TournamentRefused(
            gettext(
                "A round robin has at most %(MAX_ROUND_ROBIN_PLAYERS)s players, since all "
                "its games start at once: choose Swiss or McMahon for more."
            )
            % {"MAX_ROUND_ROBIN_PLAYERS": MAX_ROUND_ROBIN_PLAYERS}
        )
    rank_min = _rank_or_refuse(rank_min, "rank_min")
    rank_max = _rank_or_refuse(rank_max, "rank_max")
    if rank_min and rank_max and ranks.parse_rank(rank_min) > ranks.parse_rank(rank_max):
        raise TournamentRefused(gettext("The weakest rank allowed is above the strongest."))
    if format == Format.MCMAHON:
        mcmahon_bar = _rank_or_refuse(mcmahon_bar, "mcmahon_bar") or DEFAULT_BAR
        mcmahon_floor = _rank_or_refuse(mcmahon_floor, "mcmahon_floor") or DEFAULT_FLOOR
        if ranks.parse_rank(mcmahon_floor) > ranks.parse_rank(mcmahon_bar):
            raise TournamentRefused(gettext("The McMahon floor must not be above the bar."))
    else:
        mcmahon_bar = mcmahon_floor = ""
    if settings.handicap:
        raise TournamentRefused(
            gettext("Tournament games start even; handicaps come from the rules.")
        )
    return {
        "name": name,
        "description": description.replace("\x00", "")[:2000],
        "format": format,
        "rounds": rounds if format in PAIRED_BY_ROUND else 0,
        "mcmahon_bar": mcmahon_bar,
        "mcmahon_floor": mcmahon_floor,
        "handicap_rule": handicap_rule,
        "player_limit": player_limit,
        "rank_min": rank_min,
        "rank_max": rank_max,
        "start_when_full": start_when_full,
        **settings.columns(),
    }


def tournament_create(
    *,
    organiser: User,
    name: str,
    format: str,
    settings: GameSettings,
    now: dt.datetime,
    description: str = "",
    rounds: int = 0,
    mcmahon_bar: str = "",
    mcmahon_floor: str = "",
    handicap_rule: str = HandicapRule.NONE,
    player_limit: int = 16,
    rank_min: str = "",
    rank_max: str = "",
    start_when_full: bool = True,
) -> Tournament:
    """Create a tournament open for registration, organised by `organiser` (any player: the
    site requires a verified e-mail to log in). Raises TournamentRefused for impossible
    values or when the organiser already runs MAX_ORGANISING unfinished tournaments."""
    fields = _checked_fields(
        name=name,
        format=format,
        settings=settings,
        description=description,
        rounds=rounds,
        mcmahon_bar=mcmahon_bar,
        mcmahon_floor=mcmahon_floor,
        handicap_rule=handicap_rule,
        player_limit=player_limit,
        rank_min=rank_min,
        rank_max=rank_max,
        start_when_full=start_when_full,
    )
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=organiser.pk).first()
        running = Tournament.objects.filter(organiser=organiser).exclude(
            status=TournamentStatus.FINISHED
        )
        if running.count() >= MAX_ORGANISING:
            raise TournamentRefused(
                gettext(
                    "You already organise %(MAX_ORGANISING)s tournaments that have not finished."
                )
                % {"MAX_ORGANISING": MAX_ORGANISING}
            )
        return Tournament.objects.create(organiser=organiser, created=now, **fields)


def _organised_open(tournament_id: int, user: User) -> Tournament:
    """The tournament, locked, when `user` organises it and registration is still open."""
    tournament = tournament_lock(tournament_id=tournament_id)
    if tournament is None or tournament.organiser_id != user.pk:
        raise TournamentRefused(gettext("Only the organiser can change this tournament."))
    if tournament.status != TournamentStatus.OPEN:
        raise TournamentRefused(
            gettext("The tournament has started: it can no longer be changed or cancelled.")
        )
    return tournament


@transaction.atomic
def tournament_update(
    *, tournament_id: int, user: User, settings: GameSettings, now: dt.datetime, **choices
) -> Tournament:
    """The organiser `user` changes a tournament still open for registration: everything
    `tournament_create` takes but the organiser (`choices` are its keyword arguments). The
    same checks, and the player limit may not fall below the players registered. The
    registered players are told what it is now. Raises TournamentRefused."""
    tournament = _organised_open(tournament_id, user)
    fields = _checked_fields(settings=settings, **choices)
    registered = tournament.players.count()
    if fields["player_limit"] < registered:
        raise TournamentRefused(
            ngettext(
                "%(count)s player has registered: the limit cannot be lower.",
                "%(count)s players have registered: the limit cannot be lower.",
                registered,
            )
            % {"count": registered}
        )
    for name, value in fields.items():
        setattr(tournament, name, value)
    tournament.save()
    enqueue_on_commit("ladder.tournament_notify_changed", tournament.pk, now.isoformat())
    return tournament


@transaction.atomic
def tournament_cancel(*, tournament_id: int, user: User, now: dt.datetime) -> None:
    """The organiser `user` cancels a tournament still open for registration: it is deleted
    (it has no games yet) and the registered players are told. Raises TournamentRefused."""
    tournament = _organised_open(tournament_id, user)
    player_ids = list(tournament.players.values_list("user_id", flat=True))
    name = tournament.name
    tournament.delete()
    if player_ids:
        enqueue_on_commit("ladder.tournament_notify_cancelled", name, player_ids, now.isoformat())


def rating_in(*, user: User, family: str) -> float:
    """The player's rating in `family` (the start rating, or their declared rank's, if none)."""
    row = Rating.objects.filter(user=user, family=family).first()
    if row is None:
        return start_values()[0]
    return row.rating


def _rank_refusal(tournament: Tournament, rating: float) -> str | None:
    band = ranks.rank_band(rating)
    if tournament.rank_min and band < ranks.parse_rank(tournament.rank_min):
        return gettext("This tournament is for players of %(rank)s and stronger.") % {
            "rank": tournament.rank_min
        }
    if tournament.rank_max and band > ranks.parse_rank(tournament.rank_max):
        return gettext("This tournament is for players of %(rank)s and weaker.") % {
            "rank": tournament.rank_max
        }
    return None


@transaction.atomic
def tournament_join(*, tournament_id: int, user: User, now: dt.datetime) -> TournamentPlayer:
    """Register `user`. Joining twice changes nothing. Raises TournamentRefused once the
    tournament started, when it is full or the player's rank is outside its limits. The
    player who fills a tournament that starts when full starts it. Raises Suspended for a
    player a moderator suspended."""
    moderation_play_check(user=user, now=now)
    tournament = tournament_lock(tournament_id=tournament_id)
    entry = TournamentPlayer.objects.filter(tournament=tournament, user=user).first()
    if entry is not None:
        return entry
    if tournament.status != TournamentStatus.OPEN:
        raise TournamentRefused(gettext("Registration is closed: the tournament has started."))
    member_require(group_id=tournament.group_id, user=user)
    if not user_may_compete(user=user):
        raise TournamentRefused(
            gettext("Bots stay out of tournaments unless the staff let them in.")
        )
    count = TournamentPlayer.objects.filter(tournament=tournament).count()
    if count >= tournament.player_limit:
        raise TournamentRefused(gettext("This tournament is full."))
    reason = _rank_refusal(tournament, rating_in(user=user, family=tournament.board_kind))
    if reason:
        raise TournamentRefused(reason)
    entry = TournamentPlayer.objects.create(tournament=tournament, user=user, joined=now)
    if tournament.start_when_full and count + 1 == tournament.player_limit:
        _start(tournament, now)
    return entry


@transaction.atomic
def tournament_leave(*, tournament_id: int, user: User, now: dt.datetime) -> bool:
    """Take back `user`'s registration before the start; True if there was one. After the
    start, see `tournament_withdraw`."""
    tournament = tournament_lock(tournament_id=tournament_id)
    if tournament.status != TournamentStatus.OPEN:
        raise TournamentRefused(gettext("The tournament has started: withdraw instead."))
    deleted, _ = TournamentPlayer.objects.filter(tournament=tournament, user=user).delete()
    return bool(deleted)


@transaction.atomic
def tournament_start(*, tournament_id: int, user: User, now: dt.datetime) -> Tournament:
    """The organiser starts the tournament: players are seeded and the first round (all rounds
    in a round robin, the first matches in a knockout) is paired and its games started."""
    tournament = tournament_lock(tournament_id=tournament_id)
    if user.pk != tournament.organiser_id:
        raise TournamentRefused(gettext("Only the organiser can start the tournament."))
    if tournament.status != TournamentStatus.OPEN:
        raise TournamentRefused(gettext("The tournament has already started."))
    _start(tournament, now)
    return tournament


def _start(tournament: Tournament, now: dt.datetime) -> None:
    """Seed the players (rating, highest first; then who joined first), fix the McMahon start
    scores and pair the first round. The caller holds the tournament lock."""
    entries = list(TournamentPlayer.objects.filter(tournament=tournament).select_related("user"))
    if len(entries) < max(2, tournament.min_players):
        raise TournamentRefused(gettext("A tournament needs at least two players to start."))
    ratings = dict(
        Rating.objects.filter(
            family=tournament.board_kind, user_id__in=[e.user_id for e in entries]
        ).values_list("user_id", "rating")
    )
    default = start_values()[0]
    for entry in entries:
        entry.rating = ratings.get(entry.user_id, default)
        entry.rank = ranks.rank_name(entry.rating)
    entries.sort(key=lambda e: (-e.rating, e.joined, e.pk))
    starts = {}
    if tournament.is_mcmahon:
        starts = mcmahon_start_scores(
            {e.pk: e.rank for e in entries},
            bar=tournament.mcmahon_bar,
            floor=tournament.mcmahon_floor,
        )
    for seed, entry in enumerate(entries, start=1):
        entry.seed = seed
        entry.start_score = starts.get(entry.pk, 0)
    TournamentPlayer.objects.bulk_update(entries, ["seed", "rating", "rank", "start_score"])
    tournament.status = TournamentStatus.RUNNING
    tournament.started = now
    tournament.save(update_fields=["status", "started"])
    pair_next(tournament=tournament, now=now)


def _leave_running(
    tournament: Tournament, entry: TournamentPlayer, status: str, reason: str
) -> None:
    entry.status = status
    entry.left_round = tournament.current_round
    entry.left_reason = reason[:60]
    entry.save(update_fields=["status", "left_round", "left_reason"])
    standings_refresh(tournament=tournament)  # a disqualified player's line goes last
    # The task resigns their running games (games services, outside this lock) and
    # forfeits their knockout matches.
    enqueue_on_commit("ladder.tournament_advance", tournament.pk)


@transaction.atomic
def tournament_withdraw(*, tournament_id: int, user: User, now: dt.datetime) -> TournamentPlayer:
    """`user` withdraws from a running tournament: their running games are resigned (losses),
    later rounds do not pair them, knockout matches not yet played are forfeited; their
    finished games stay. Before the start it is the same as leaving."""
    tournament = tournament_lock(tournament_id=tournament_id)
    entry = TournamentPlayer.objects.filter(tournament=tournament, user=user).first()
    if entry is None:
        raise TournamentRefused(gettext("You are not in this tournament."))
    if tournament.status == TournamentStatus.FINISHED:
        raise TournamentRefused(gettext("The tournament has finished."))
    if tournament.status == TournamentStatus.OPEN:
        entry.delete()
        return entry
    if entry.active:
        _leave_running(tournament, entry, PlayerStatus.WITHDRAWN, "withdrew")
    return entry


@transaction.atomic
def tournament_disqualify(
    *, tournament_id: int, organiser: User, player_id: int, now: dt.datetime
) -> TournamentPlayer:
    """The organiser disqualifies a player of a running tournament (`player_id`: their
    registration, never the organiser's own): as a withdrawal, and the standings list them
    last, without a place."""
    if not 0 < player_id < 2**63:
        raise TournamentRefused(gettext("That player is not in this tournament."))
    tournament = tournament_lock(tournament_id=tournament_id)
    if organiser.pk != tournament.organiser_id:
        raise TournamentRefused(gettext("Only the organiser can disqualify a player."))
    if tournament.status != TournamentStatus.RUNNING:
        raise TournamentRefused(gettext("Only a running tournament's players can be disqualified."))
    entry = TournamentPlayer.objects.filter(tournament=tournament, pk=player_id).first()
    if entry is None:
        raise TournamentRefused(gettext("That player is not in this tournament."))
    if entry.user_id == organiser.pk:
        raise TournamentRefused(gettext("You cannot disqualify yourself; withdraw instead."))
    if entry.status != PlayerStatus.DISQUALIFIED:
        _leave_running(tournament, entry, PlayerStatus.DISQUALIFIED, "disqualified")
    return entry


__all__ = [
    "KNOCKOUTS",
    "TournamentRefused",
    "tournament_lock",
    "tournament_create",
    "tournament_disqualify",
    "tournament_join",
    "tournament_leave",
    "tournament_start",
    "tournament_withdraw",
]
