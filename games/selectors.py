"""Reads for games: the status page, the Waiting Room, invitations and the board page.

Keyword-only, no writes. Each list selector loads the players with the rows it returns, so a
page costs the same number of queries for one game or fifty.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from zoneinfo import ZoneInfo

from django.db.models import Count, F, Q, QuerySet
from django.shortcuts import get_object_or_404

from accounts.models import RelationKind, User, UserRelation
from rules import BLACK, WHITE

from . import clock
from .choices import BoardKind
from .models import (
    Challenge,
    ChallengeStatus,
    FriendInvite,
    Game,
    GameChat,
    GameStatus,
    ReportStatus,
    ResultCorrection,
    ScoreDispute,
    ScoringReport,
    Vacation,
)
from .replay import game_moves, move_label


def game_get(*, game_id: int) -> Game:
    """The game with both players loaded; Http404 if none."""
    return get_object_or_404(Game.objects.select_related("black", "white"), pk=game_id)


def game_can_view(*, game: Game, user: User | None) -> bool:
    """Players always see their game; everyone (logged in or not) sees public games."""
    return game.public or game.colour_of(user) is not None


# A stopped clock (the player is on vacation) has no deadline: least urgent on every database.
_MOST_URGENT = F("deadline").asc(nulls_last=True)


# The players' long profile texts, which no list of games shows.
_PLAYERS_TEXT = ("black__bio", "white__bio")


def games_running_for(*, user: User) -> list[Game]:
    """`user`'s running games: their turn first, then by time left (earliest deadline first)."""
    games = list(
        Game.objects.filter(Q(black=user) | Q(white=user), status=GameStatus.PLAYING)
        .select_related("black", "white")
        .defer(*_PLAYERS_TEXT)
        .order_by(_MOST_URGENT, "pk")
    )
    games.sort(key=lambda g: (g.player_to_move_id != user.pk,))
    return games


def game_next_for(*, user: User) -> Game | None:
    """The most urgent game where it is `user`'s turn, or None."""
    return (
        Game.objects.filter(
            Q(black=user, to_move=BLACK) | Q(white=user, to_move=WHITE),
            status=GameStatus.PLAYING,
        )
        .order_by(_MOST_URGENT, "pk")
        .first()
    )


def games_finished_listed_for(*, user: User) -> QuerySet[Game]:
    """As `games_finished_for`, for a list that shows names, results and dates only: the moves,
    the count (a JSON document per game) and the players' profile texts are left unread."""
    return games_finished_for(user=user).defer("moves", "score", *_PLAYERS_TEXT)


def games_finished_for(*, user: User) -> QuerySet[Game]:
    """`user`'s finished games, most recent first (paginate it)."""
    return (
        Game.objects.filter(Q(black=user) | Q(white=user), status=GameStatus.FINISHED)
        .select_related("black", "white")
        .order_by("-finished", "-pk")
    )


def games_finished_public(*, user: User | None = None) -> QuerySet[Game]:
    """Every finished public game, most recent first; with `user` only theirs (history)."""
    games = Game.objects.filter(status=GameStatus.FINISHED, public=True)
    if user is not None:
        games = games.filter(Q(black=user) | Q(white=user))
    return games.select_related("black", "white").order_by("-finished", "-pk")


def _ignoring_ids(user: User) -> QuerySet:
    """Ids of players who ignore `user` or whom `user` ignores."""
    return UserRelation.objects.filter(
        Q(owner=user) | Q(target=user), kind=RelationKind.IGNORE
    ).values_list("owner_id", "target_id")


def challenges_open(
    *,
    viewer: User | None,
    now: dt.datetime,
    board_kind: str = "",
    board_size: int | None = None,
) -> QuerySet[Challenge]:
    """The Waiting Room: open challenges not yet expired, newest first, filtered by game and
    size. A logged-in viewer does not see challenges of players who ignore them or whom they
    ignore."""
    challenges = Challenge.objects.filter(
        status=ChallengeStatus.OPEN, recipient__isnull=True, expires__gt=now
    )
    if board_kind:
        challenges = challenges.filter(board_kind=board_kind)
    if board_size:
        challenges = challenges.filter(board_size=board_size)
    if viewer is not None and viewer.is_authenticated:
        hidden = set()
        for owner_id, target_id in _ignoring_ids(viewer):
            hidden.add(owner_id if target_id == viewer.pk else target_id)
        if hidden:
            challenges = challenges.exclude(creator_id__in=hidden)
    return challenges.select_related("creator").order_by("-created", "-pk")


def challenges_received(*, user: User, now: dt.datetime) -> QuerySet[Challenge]:
    """Open invitations sent to `user`, newest first."""
    return (
        Challenge.objects.filter(recipient=user, status=ChallengeStatus.OPEN, expires__gt=now)
        .select_related("creator")
        .order_by("-created", "-pk")
    )


def challenges_sent(*, user: User, now: dt.datetime) -> QuerySet[Challenge]:
    """`user`'s own open challenges and invitations, newest first."""
    return (
        Challenge.objects.filter(creator=user, status=ChallengeStatus.OPEN, expires__gt=now)
        .select_related("recipient")
        .order_by("-created", "-pk")
    )


def challenges_queued(*, user: User, now: dt.datetime) -> QuerySet[Challenge]:
    """`user`'s places in the auto-match queue: their open, unexpired challenges to anyone,
    oldest first."""
    return Challenge.objects.filter(
        creator=user, recipient__isnull=True, status=ChallengeStatus.OPEN, expires__gt=now
    ).order_by("created", "pk")


def challenge_get(*, challenge_id: int) -> Challenge:
    """One challenge with its players; Http404 if none."""
    return get_object_or_404(
        Challenge.objects.select_related("creator", "recipient", "game"), pk=challenge_id
    )


def game_is_reported(*, game: Game) -> bool:
    """Whether a player has an open report to staff about the game's result."""
    return ScoringReport.objects.filter(game=game, status=ReportStatus.OPEN).exists()


def game_score_dispute(*, game: Game) -> ScoreDispute | None:
    """The game's dispute of its count (there is at most one), or None."""
    return ScoreDispute.objects.filter(game=game).first()


def game_result_corrections(*, game: Game) -> list[ResultCorrection]:
    """Every change of the game's result after its automatic count, oldest first."""
    return list(ResultCorrection.objects.filter(game=game).order_by("created", "pk"))


def game_chat_lines(*, game: Game) -> QuerySet[GameChat]:
    """The game's chat, oldest first."""
    return GameChat.objects.filter(game=game).select_related("author").order_by("created", "pk")


# Clocks ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Clock:
    """One player's time as a page shows it."""

    colour: int
    running: bool  # this player is to move
    left: dt.timedelta | None  # None once the game is over
    deadline: dt.datetime | None  # only while running
    stopped: bool = False  # to move, but their clock is stopped by their vacation


def clock_zone(*, game: Game, colour: int) -> ZoneInfo:
    """The time zone whose weekends pause `colour`'s clock (UTC when the game has no weekend
    pause, so no player row is loaded then)."""
    if not game.weekend_pause:
        return clock.UTC
    return clock.zone(game.player(colour).time_zone)


def clock_time_left(*, game: Game, colour: int, now: dt.datetime) -> dt.timedelta:
    """The time the mover `colour` has left at `now` (their stored time while stopped)."""
    if game.clock_left is None or game.clock_started is None:
        return max(game.deadline - now, clock.ZERO) if game.deadline else clock.ZERO
    if game.deadline is None:
        return game.clock_left
    return clock.time_left(
        left_at_start=game.clock_left,
        started=game.clock_started,
        now=now,
        tz=clock_zone(game=game, colour=colour),
        weekend_pause=game.weekend_pause,
    )


def game_clocks(*, game: Game, now: dt.datetime) -> dict[int, Clock]:
    """Time left for both players at `now`: the player to move until the deadline (weekends
    not counted when the game pauses them), the other the time they will have for their next
    move (their Fischer bank or the days per move)."""
    clocks = {}
    for colour in (BLACK, WHITE):
        running = not game.is_over and game.to_move == colour
        if game.is_over:
            left = None
        elif running:
            left = clock_time_left(game=game, colour=colour, now=now)
        else:
            left = game.turn_budget(colour)
        clocks[colour] = Clock(
            colour=colour,
            running=running,
            left=left,
            deadline=game.deadline if running else None,
            stopped=running and game.deadline is None,
        )
    return clocks


@dataclass(frozen=True)
class VacationState:
    """A player's vacation as the vacation page shows it."""

    balance: dt.timedelta  # what is left now (while on vacation: if it ended now)
    active: bool
    started: dt.datetime | None
    until: dt.datetime | None  # when it ends by itself
    can_start: bool


def vacation_state(*, user: User, now: dt.datetime) -> VacationState:
    """`user`'s vacation balance at `now` and whether they are on vacation."""
    row = Vacation.objects.filter(user=user).first()
    if row is None:
        balance = clock.vacation_accrued(
            balance=clock.vacation_initial(), since=min(user.date_joined, now), now=now
        )
        return VacationState(balance, False, None, None, balance >= clock.VACATION_MIN_START)
    if row.active:
        used = max(min(now, row.until) - row.started, clock.ZERO)
        return VacationState(row.balance - used, True, row.started, row.until, False)
    balance = clock.vacation_accrued(balance=row.balance, since=row.balance_at, now=now)
    return VacationState(balance, False, None, None, balance >= clock.VACATION_MIN_START)


def games_stopped_for(*, user: User) -> list[Game]:
    """`user`'s running games whose clock is stopped by their vacation (their turn)."""
    return list(
        Game.objects.filter(
            Q(black=user, to_move=BLACK) | Q(white=user, to_move=WHITE),
            status=GameStatus.PLAYING,
            deadline__isnull=True,
        )
        .select_related("black", "white")
        .order_by("pk")
    )


def duration_label(value: dt.timedelta | None) -> str:
    """'2 days 4 hours', '5 hours 10 minutes', '3 minutes'; '–' for None."""
    if value is None:
        return "–"
    minutes = int(value.total_seconds() // 60)
    days, rest = divmod(minutes, 60 * 24)
    hours, mins = divmod(rest, 60)

    def unit(n: int, word: str) -> str:
        return f"{n} {word}{'s' if n != 1 else ''}"

    if days:
        return unit(days, "day") + (f" {unit(hours, 'hour')}" if hours else "")
    if hours:
        return unit(hours, "hour") + (f" {unit(mins, 'minute')}" if mins else "")
    return unit(mins, "minute")


def clock_left_label(*, left: dt.timedelta | None, weekend_pause: bool) -> str:
    """The one wording of a clock's time left, on the board, the status page and in mails:
    clock time ('6 days 23 hours'), with '(weekends not counted)' when the game pauses them,
    since the real time to the deadline is then longer."""
    label = duration_label(left)
    if left is not None and weekend_pause:
        label += " (weekends not counted)"
    return label


@dataclass(frozen=True)
class MoveRow:
    """One line of the move list."""

    number: int
    colour: int
    label: str  # 'D4' or 'pass'


def game_move_list(*, game: Game) -> list[MoveRow]:
    """The moves in order with human coordinates (no database access)."""
    return [
        MoveRow(number=number, colour=move.colour, label=move_label(game, move))
        for number, move in enumerate(game_moves(game), start=1)
    ]


def friend_invites_list(*, inviter: User, limit: int = 20) -> list[FriendInvite]:
    """`inviter`'s latest invitations by e-mail, newest first, with the friend who joined (if
    any) loaded. One query."""
    return list(
        FriendInvite.objects.filter(inviter=inviter)
        .select_related("invitee")
        .order_by("-created", "-pk")[:limit]
    )


@dataclass(frozen=True)
class RecordRow:
    """A player's finished games of one variant (Go or Badux): wins, losses, draws."""

    variant: str
    wins: int
    losses: int
    draws: int

    @property
    def played(self) -> int:
        return self.wins + self.losses + self.draws


def _won(user: User) -> Q:
    return Q(black=user, result__startswith="B+") | Q(white=user, result__startswith="W+")


def _lost(user: User) -> Q:
    return Q(black=user, result__startswith="W+") | Q(white=user, result__startswith="B+")


def player_record(*, user: User) -> list[RecordRow]:
    """`user`'s wins, losses and draws per variant (Go, then Badux), over every finished game
    with a result (one query); variants never played are left out."""
    rows = (
        Game.objects.filter(Q(black=user) | Q(white=user), status=GameStatus.FINISHED)
        .values("board_kind")
        .annotate(
            wins=Count("pk", filter=_won(user)),
            losses=Count("pk", filter=_lost(user)),
            draws=Count("pk", filter=Q(result="0")),
        )
    )
    by_kind = {row["board_kind"]: row for row in rows}
    record = []
    for kind in BoardKind:
        row = by_kind.get(kind.value)
        if row and row["wins"] + row["losses"] + row["draws"]:
            record.append(RecordRow(kind.label, row["wins"], row["losses"], row["draws"]))
    return record


def player_recent_games(*, user: User, viewer: User | None, limit: int = 5) -> list[Game]:
    """`user`'s last `limit` finished games that `viewer` may see (all of them for the player,
    public ones for everyone else), most recent first, players loaded."""
    games = games_finished_for(user=user)
    if viewer is None or viewer.pk != user.pk:
        games = games.filter(public=True)
    return list(games[:limit])


@dataclass(frozen=True)
class PlayerGames:
    """What the home page says about a player's games."""

    running: int
    my_turn: int
    finished: int

    @property
    def any(self) -> bool:
        return bool(self.running or self.finished)


def player_games_count(*, user: User) -> PlayerGames:
    """How many games `user` has running, with their turn, and finished (one query)."""
    counts = Game.objects.filter(Q(black=user) | Q(white=user)).aggregate(
        running=Count("pk", filter=Q(status=GameStatus.PLAYING)),
        my_turn=Count(
            "pk",
            filter=Q(status=GameStatus.PLAYING)
            & (Q(black=user, to_move=BLACK) | Q(white=user, to_move=WHITE)),
        ),
        finished=Count("pk", filter=Q(status=GameStatus.FINISHED)),
    )
    return PlayerGames(**counts)
