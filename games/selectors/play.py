"""Reads of one game: the game, who may see it, its clocks, its move list, its reports,
disputes and corrections.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import NamedTuple
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db.models import CharField, Exists, OuterRef, Q, Value
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Coalesce, Concat
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from accounts.models import User
from games import clock
from games.counting import JUDGE_PENDING
from games.errors import NoSuchGame, NotAPlayer
from games.models import (
    Game,
    GameStatus,
    ReportStatus,
    ResultCorrection,
    ScoreDispute,
    ScoringReport,
)
from games.moves import game_moves, move_label
from games.selectors.game_row import game_row_get
from messaging.models import Notification
from rules import BLACK, WHITE
from rules.game import PLAY


def game_get(*, game_id: int) -> Game:
    """The game with both players loaded (one statement written once, games.selectors.game_row);
    NoSuchGame (404) if none, the answer a private game gives whoever may not see it
    (`game_view_check`)."""
    game = game_row_get(game_id=game_id)
    if game is None:
        raise NoSuchGame()
    return game


def game_page_get(*, game_id: int, viewer: User | None) -> Game:
    """`game_get` for the game page: in the same query, whether the game has any chat
    (`game.chat_any`) and whether `viewer` has notes on it (`game.note_any`), so that the page
    reads neither in the usual case of none; likewise for spectators' comments and watchers
    (`kibitz_any`, `watch_any`, `watch_mine`: the viewer watches it) and each player's choice
    to hide those comments (`black_hides_kibitz`, `white_hides_kibitz`). NoSuchGame (404) if
    none; the caller checks who may see it (`game_view_check`)."""
    viewer_id = viewer.pk if viewer is not None and viewer.is_authenticated else None
    game = game_row_get(game_id=game_id, extras="page", params=(viewer_id, viewer_id))
    if game is None:
        raise NoSuchGame()
    return game


def game_can_view(*, game: Game, user: User | None) -> bool:
    """Players always see their game; everyone (logged in or not) sees public games."""
    return game.public or game.colour_of(user) is not None


def games_viewable(*, game_ids: list[int], viewer: User | None) -> set[int]:
    """Of the games `game_ids`, those `viewer` may see as `game_can_view` decides (None or
    anonymous: a visitor): the public ones and the viewer's own, in one query by the games'
    primary key (a list of games needs no game row)."""
    viewer_id = viewer.pk if viewer is not None and viewer.is_authenticated else None
    shown = Q(public=True)
    if viewer_id is not None:
        shown |= Q(black_id=viewer_id) | Q(white_id=viewer_id)
    return set(Game.objects.filter(shown, pk__in=game_ids).values_list("pk", flat=True))


def game_view_check(*, game: Game, user: User | None) -> None:
    """The one check of who may see a game, for pages, the API and the services: NoSuchGame
    (404, as for a missing id) unless `game_can_view`, so that no one learns that a private
    game exists."""
    if not game_can_view(game=game, user=user):
        raise NoSuchGame()


def game_player_check(*, game: Game, user: User | None, refusal: str | None = None) -> int:
    """The colour `user` plays in `game`, for whatever only its players may do: NoSuchGame
    to whoever may not see the game (`game_view_check`), NotAPlayer (403, saying `refusal`)
    to anyone else who does not play in it."""
    game_view_check(game=game, user=user)
    colour = game.colour_of(user)
    if colour is None:
        raise NotAPlayer(refusal or _("Only the players of this game can do that."))
    return colour


def game_is_reported(*, game: Game) -> bool:
    """Whether a player has an open report to staff about the game's result."""
    return ScoringReport.objects.filter(game=game, status=ReportStatus.OPEN).exists()


def game_score_dispute(*, game: Game) -> ScoreDispute | None:
    """The game's dispute of its count (there is at most one), or None."""
    return ScoreDispute.objects.filter(game=game).first()


def game_result_corrections(*, game: Game) -> list[ResultCorrection]:
    """Every change of the game's result after its automatic count, oldest first."""
    return list(ResultCorrection.objects.filter(game=game).order_by("created", "pk"))


# Clocks ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Clock:
    """One player's time as a page shows it."""

    colour: int
    running: bool  # this player is to move
    left: dt.timedelta | None  # None once the game is over
    deadline: dt.datetime | None  # only while running
    stopped: bool = False  # to move, but their clock is stopped by their vacation
    # Where a byo-yomi clock stands ('then 3 × 1 day byo-yomi', 'byo-yomi: 2 periods left'),
    # '' for the other clocks.
    detail: str = ""
    # A byo-yomi clock's main time, periods and moves left now (None for the other clocks).
    byoyomi: clock.PlayerTime | None = None


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
            detail=clock_detail(game=game, colour=colour, left=left) if left is not None else "",
            byoyomi=clock_byoyomi(game=game, colour=colour, left=left),
        )
    return clocks


def clock_byoyomi(*, game: Game, colour: int, left: dt.timedelta | None) -> clock.PlayerTime | None:
    """`colour`'s byo-yomi clock when they have `left` for this move or their next
    (`games.clock.player_time_now`); None for the other clocks and a finished game."""
    control = game.time_control
    if left is None or not control.has_byoyomi:
        return None
    before = game.player_time(colour)
    return clock.player_time_now(control, before, clock.turn_time(control, before) - left)


def clock_detail(*, game: Game, colour: int, left: dt.timedelta) -> str:
    """Where `colour`'s byo-yomi clock stands when they have `left` for this move (the mover,
    part-way through their move) or their next (the other player): the main time left and the
    byo-yomi to come after it (`left` counts both: "in all"), or the periods (Japanese) or the
    moves in the period (Canadian) left. '' for the clocks without byo-yomi."""
    control = game.time_control
    now = clock_byoyomi(game=game, colour=colour, left=left)
    if now is None:
        return ""
    period = duration_label(control.period)
    if control.kind == clock.JAPANESE:
        if now.main > clock.ZERO:
            return _("in all: main time %(main)s, then %(periods)s × %(period)s byo-yomi") % {
                "main": duration_label(now.main),
                "periods": now.periods,
                "period": period,
            }
        return ngettext(
            "byo-yomi: the last period of %(period)s",
            "byo-yomi: %(periods)s periods of %(period)s left",
            now.periods,
        ) % {"periods": now.periods, "period": period}
    if now.main > clock.ZERO:
        return _("in all: main time %(main)s, then %(moves)s moves in %(period)s") % {
            "main": duration_label(now.main),
            "moves": control.period_moves,
            "period": period,
        }
    return ngettext(
        "byo-yomi: %(moves)s move in %(left)s",
        "byo-yomi: %(moves)s moves in %(left)s",
        now.moves_left,
    ) % {"moves": now.moves_left, "left": duration_label(now.period_left)}


def duration_label(value: dt.timedelta | None) -> str:
    """'2 days 4 hours', '5 hours 10 minutes', '3 minutes'; '–' for None."""
    if value is None:
        return "–"
    minutes = int(value.total_seconds() // 60)
    days, rest = divmod(minutes, 60 * 24)
    hours, mins = divmod(rest, 60)

    def day(n: int) -> str:
        return ngettext("%(count)s day", "%(count)s days", n) % {"count": n}

    def hour(n: int) -> str:
        return ngettext("%(count)s hour", "%(count)s hours", n) % {"count": n}

    def minute(n: int) -> str:
        return ngettext("%(count)s minute", "%(count)s minutes", n) % {"count": n}

    # "2 days 4 hours": the two parts in the language's order.
    both = pgettext("duration of two parts", "%(larger)s %(smaller)s")
    if days:
        return both % {"larger": day(days), "smaller": hour(hours)} if hours else day(days)
    if hours:
        return both % {"larger": hour(hours), "smaller": minute(mins)} if mins else hour(hours)
    return minute(mins)


def clock_left_label(*, left: dt.timedelta | None, weekend_pause: bool, detail: str = "") -> str:
    """The one wording of a clock's time left, on the board, the status page and in mails:
    clock time ('6 days 23 hours'), with '(weekends not counted)' when the game pauses them,
    since the real time to the deadline is then longer, and a byo-yomi clock's `detail`
    (`clock_detail`: the time left counts all of it)."""
    label = duration_label(left)
    if left is not None and weekend_pause:
        label = _("%(left)s (weekends not counted)") % {"left": label}
    if left is not None and detail:
        label += f" · {detail}"
    return label


@dataclass(frozen=True)
class MoveRow:
    """One line of the move list."""

    number: int
    colour: int
    label: str  # 'D4' or 'pass'
    passed: bool = False


def game_move_list(*, game: Game) -> list[MoveRow]:
    """The moves in order with human coordinates (no database access)."""
    return [
        MoveRow(
            number=number,
            colour=move.colour,
            label=move_label(game, move),
            passed=move.kind != PLAY,
        )
        for number, move in enumerate(game_moves(game), start=1)
    ]


# How far back the sweep looks (how long a notice may be on its way first:
# settings.GAMES_NOTICES_SWEEP_GRACE).
NOTICE_LOOKBACK = dt.timedelta(days=1)
# How far before the last sweep's `checked` a sweep looks again: a move or an end committed
# late (its time is taken when its request starts) or stamped by a node whose clock is a little
# ahead is still seen by the next sweep, if it came this much past the grace.
NOTICE_OVERLAP = dt.timedelta(minutes=10)


class NoticesMissing(NamedTuple):
    """What `notices_missing_since` found: the notices to queue again, and `checked`, the time
    up to which every game's notice was seen (None: more than `limit` missing, so not all of
    them were read; the next sweep starts from where this one did)."""

    turns: list[tuple[int, int]]
    overs: list[int]
    checked: dt.datetime | None


def notices_missing(
    *, now: dt.datetime, limit: int = 1000
) -> tuple[list[tuple[int, int]], list[int]]:
    """The notices the players should have by `now` and do not: the running games whose
    "your turn" notice for the current move (`turn:<game>:<move>`) is missing, as
    (game id, move number), and the games finished without both players' game-over notice
    (`game_over:<game>`), as ids, but for a count still waiting for the judge engine (its
    notice waits for the verdict, or the dispute sweep's `counts_unjudged_open`). Only turns
    and ends between NOTICE_LOOKBACK and settings.GAMES_NOTICES_SWEEP_GRACE before `now`, at
    most `limit` of each, by game id. The whole lookback: the beat sweep reads only what came
    after its last run (`notices_missing_since`)."""
    found = notices_missing_since(now=now, checked=None, limit=limit)
    return found.turns, found.overs


def notices_missing_since(
    *, now: dt.datetime, checked: dt.datetime | None, limit: int = 1000
) -> NoticesMissing:
    """`notices_missing` for the turns and ends from NOTICE_OVERLAP before `checked` (what the
    last sweep returned as its `checked`; None or older than NOTICE_LOOKBACK: the whole
    lookback) to the grace before `now`, so that a sweep reads the games of the minutes since
    the last one, not of the day.

    The `checked` it returns is the end of its window, held back to the turn or end of the
    first game whose notice it found missing, whether or not it is queued now (an adjourned
    game, a count waiting for its judge): such a game is read again by every sweep until its
    notice exists or it leaves the lookback. A notice that goes missing after a sweep saw it
    (deleted) is not queued again. At most `limit` games with a notice missing are
    read of each kind (those queued now and those waiting); with `limit` of either, `checked`
    is None."""
    until = now - dt.timedelta(seconds=settings.GAMES_NOTICES_SWEEP_GRACE)
    since = now - NOTICE_LOOKBACK
    if checked is not None:
        since = max(since, min(checked, until) - NOTICE_OVERLAP)

    def noticed(player: str, key: str) -> Exists:
        return Exists(Notification.objects.filter(user_id=OuterRef(player), key=OuterRef(key)))

    turn_key = Concat(
        Value("turn:"), Cast("pk", CharField()), Value(":"), Cast("move_number", CharField())
    )
    turn_told = noticed("black_id", "turn_key") | noticed("white_id", "turn_key")
    turns = list(
        Game.objects.filter(status=GameStatus.PLAYING)
        .filter(
            Q(last_move_at__range=(since, until))
            | Q(last_move_at__isnull=True, created__range=(since, until))
        )
        .annotate(turn_key=turn_key)
        .filter(~turn_told)
        .order_by("pk")
        .values_list("pk", "move_number", "adjourned", Coalesce("last_move_at", "created"))[:limit]
    )
    over_key = Concat(Value("game_over:"), Cast("pk", CharField()))
    both_told = noticed("black_id", "over_key") & noticed("white_id", "over_key")
    overs = list(
        Game.objects.filter(status=GameStatus.FINISHED, finished__range=(since, until))
        .annotate(over_key=over_key)
        .filter(~both_told)
        .order_by("pk")
        .values_list("pk", "finished", KT("score__judge"))[:limit]
    )
    held = [at for *_, at in turns] + [at for _, at, _ in overs]
    full = len(turns) >= limit or len(overs) >= limit
    return NoticesMissing(
        turns=[(pk, number) for pk, number, adjourned, _ in turns if adjourned is None],
        overs=[pk for pk, _, judge in overs if judge != JUDGE_PENDING],
        checked=None if full else min([until, *held]),
    )
