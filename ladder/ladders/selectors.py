"""Reads of ladders: the table, who may challenge whom, position histories and games."""

from __future__ import annotations

import dataclasses
import datetime as dt
import logging
import math
from collections import Counter
from typing import NamedTuple

from django.db.models import OuterRef, Q, Subquery
from django.utils import formats
from django.utils.translation import gettext, gettext_noop, ngettext

from accounts.models import NAME_SHOWN, RelationKind, User, UserRelation
from games.models import EndReason, Vacation
from ladder.ladders.models import (
    Ladder,
    LadderChallenge,
    LadderChallengeStatus,
    LadderEntry,
    PositionChange,
    RangeKind,
    VacationRule,
)
from ladder.ratings import ranks
from ladder.ratings.models import Rating
from ladder.ratings.selectors import RatingView, rating_view
from ladder.ratings.services import start_values

logger = logging.getLogger(__name__)


# Position changes the ladder page's chart draws at most: every renumbering adds one for
# each player it moves, so a long-standing player's history has no bound.
POSITION_POINTS = 400


def position_history(
    *, ladder: Ladder, user: User, latest: int = POSITION_POINTS
) -> list[PositionChange]:
    """`user`'s `latest` position changes in `ladder`, oldest first (the `(ladder, user,
    created)` index, read backwards)."""
    newest = PositionChange.objects.filter(ladder=ladder, user=user).order_by("-created", "-pk")
    return list(reversed(newest[:latest]))


def ladder_games_running_count(*, ladder: Ladder, user_id: int) -> int:
    """How many ladder challenges of `user_id` in `ladder` are still being played (those that
    leaving resigns, or closes without effect)."""
    running = LadderChallenge.objects.filter(ladder=ladder, status=LadderChallengeStatus.RUNNING)
    return running.filter(Q(challenger_id=user_id) | Q(defender_id=user_id)).count()


# Who may challenge whom ----------------------------------------------------------------------


_UNREAD = object()  # challenge_context's `me` not given: it reads the entry itself


@dataclasses.dataclass
class ChallengeContext:
    """Everything the challenge rules read about one would-be challenger in one ladder, loaded
    in a few queries so the table can give every row its reason."""

    ladder: Ladder
    me: LadderEntry | None
    now: dt.datetime
    outgoing: int  # my running challenges
    incoming: Counter  # running challenges against each user id
    playing: set[int]  # user ids I have a running ladder game with
    last_challenged: dict[int, dt.datetime]  # defender id -> my last challenge's end (or start)
    ratings: dict[int, float]
    on_vacation: set[int]
    ignored_by: frozenset[int] = frozenset()  # players who ignore me
    ignoring: frozenset[int] = frozenset()  # players I ignore
    closed: frozenset[int] = frozenset()  # players in the ladder whose account is closed
    said: dict[str, str] = dataclasses.field(default_factory=dict)  # `_words` already looked up
    running: Counter = dataclasses.field(default_factory=Counter)  # running challenges by user id


def challenge_context(
    *,
    ladder: Ladder,
    user: User | None,
    now: dt.datetime,
    me: LadderEntry | None | object = _UNREAD,
) -> ChallengeContext:
    """The context for `user` (None or not in the ladder: nobody may be challenged). `me`:
    their entry in the ladder (None: not in it) when the caller has read it already."""
    if me is _UNREAD:
        me = None
        if user is not None and user.is_authenticated:
            me = LadderEntry.objects.filter(
                ladder=ladder, user=user, position__isnull=False
            ).first()
    pairs = list(
        LadderChallenge.objects.filter(
            ladder=ladder, status=LadderChallengeStatus.RUNNING
        ).values_list("challenger_id", "defender_id")
    )
    incoming = Counter(defender_id for _, defender_id in pairs)
    running = Counter(user_id for pair in pairs for user_id in pair)
    outgoing, playing, last, ratings, vacation = 0, set(), {}, {}, set()
    if me is not None:
        for challenger_id, defender_id in pairs:
            if user.pk not in (challenger_id, defender_id):
                continue
            outgoing += challenger_id == user.pk
            playing.add(defender_id if challenger_id == user.pk else challenger_id)
        since = now - dt.timedelta(days=ladder.rematch_wait_days)
        # An annulled game (no result, a moderator's decision) sets no rematch wait.
        earlier = (
            LadderChallenge.objects.filter(
                Q(finished__gte=since) | Q(finished__isnull=True), ladder=ladder, challenger=user
            )
            .exclude(game__end_reason=EndReason.ANNULLED)
            .values_list("defender_id", "created", "finished")
        )
        for defender_id, created, finished in earlier:
            when = finished or created
            last[defender_id] = max(last.get(defender_id, when), when)
        if ladder.range_kind == RangeKind.RATING:
            ratings = ladder_ratings(ladder=ladder)
        if ladder.vacation == VacationRule.PROTECTED:
            vacation = set(
                Vacation.objects.filter(started__isnull=False, until__gt=now).values_list(
                    "user_id", flat=True
                )
            )
        ignored_by, ignoring = _ignores(user)
        closed = frozenset(
            LadderEntry.objects.filter(
                ladder=ladder, position__isnull=False, user__is_active=False
            ).values_list("user_id", flat=True)
        )
        return ChallengeContext(
            ladder, me, now, outgoing, incoming, playing, last, ratings, vacation,
            ignored_by, ignoring, closed, running=running,
        )  # fmt: skip
    return ChallengeContext(
        ladder, me, now, outgoing, incoming, playing, last, ratings, vacation, running=running
    )


def _ignores(user: User) -> tuple[frozenset[int], frozenset[int]]:
    """(ids of players who ignore `user`, ids of players `user` ignores), in one query: the
    ignore list blocks ladder challenges as it blocks invitations and messages."""
    by, of = set(), set()
    pairs = UserRelation.objects.filter(
        Q(owner=user) | Q(target=user), kind=RelationKind.IGNORE
    ).values_list("owner_id", "target_id")
    for owner_id, target_id in pairs:
        if owner_id == user.pk:
            of.add(target_id)
        else:
            by.add(owner_id)
    return frozenset(by), frozenset(of)


def ladder_ratings(*, ladder: Ladder) -> dict[int, float]:
    """The rating in the ladder's family of every player in it (start rating when unrated)."""
    start = start_values()[0]
    users = LadderEntry.objects.filter(ladder=ladder, position__isnull=False).values_list(
        "user_id", flat=True
    )
    found = dict(
        Rating.objects.filter(family=ladder.board_kind, user_id__in=users).values_list(
            "user_id", "rating"
        )
    )
    return {user_id: found.get(user_id, start) for user_id in users}


def _reach(ladder: Ladder, position: int) -> int:
    """How many places above `position` a player may challenge, in a ladder whose range is
    counted in positions or in percent."""
    if ladder.range_kind == RangeKind.POSITIONS:
        return ladder.range_value
    return max(1, math.ceil((position - 1) * ladder.range_value / 100))


def _in_range(ctx: ChallengeContext, target: LadderEntry | Seat) -> bool:
    ladder, me = ctx.ladder, ctx.me
    if ladder.range_kind != RangeKind.RATING:
        return me.position - target.position <= _reach(ladder, me.position)
    mine = ctx.ratings.get(me.user_id, start_values()[0])
    return ctx.ratings.get(target.user_id, mine) - mine <= ladder.range_value


def _words(ctx: ChallengeContext, message: str) -> str:
    """`message` (marked with gettext_noop) in the reader's language, looked up once per
    context: a whole ladder's 5,000 reasons spent half a second in gettext."""
    said = ctx.said.get(message)
    if said is None:
        said = ctx.said[message] = gettext(message)
    return said


class Seat(NamedTuple):
    """What the challenge rules read of a player in the ladder (a LadderEntry has both)."""

    user_id: int
    position: int


def refusal_reason(ctx: ChallengeContext, target: LadderEntry | Seat) -> str | None:
    """Why the context's player may not challenge `target` now, in plain words; None if they
    may. The order is the order a player would check."""
    ladder, me = ctx.ladder, ctx.me
    if not ladder.open:
        # Translators: why a player may not challenge another in a ladder: shown alone in
        # the ladder table, and after "You cannot challenge NAME:" (so lower case, no period).
        return _words(ctx, gettext_noop("the ladder is closed"))
    if me is None:
        return _words(ctx, gettext_noop("join the ladder to challenge"))
    if target.user_id == me.user_id:
        return _words(ctx, gettext_noop("that's you"))
    if target.user_id in ctx.closed:
        return _words(ctx, gettext_noop("their account is closed"))
    if target.user_id in ctx.ignored_by:
        return _words(ctx, gettext_noop("they do not accept challenges from you"))
    if target.user_id in ctx.ignoring:
        return _words(ctx, gettext_noop("they are on your ignore list"))
    if target.position > me.position:
        # Translators: the other player is lower in the ladder than you.
        return _words(ctx, gettext_noop("below you"))
    if not _in_range(ctx, target):
        return _words(ctx, gettext_noop("outside your range"))
    if ladder.one_game_per_pair and target.user_id in ctx.playing:
        return _words(ctx, gettext_noop("you are already playing them"))
    if ctx.outgoing >= ladder.max_outgoing:
        return ngettext(
            "you already have %(count)s challenge running",
            "you already have %(count)s challenges running",
            ctx.outgoing,
        ) % {"count": ctx.outgoing}
    limit = ladder.max_incoming_top if target.position <= ladder.top_band else ladder.max_incoming
    against = ctx.incoming.get(target.user_id, 0)
    if against >= limit:
        # Translators: the other player already has this many challenges against them.
        return ngettext(
            "already %(count)s challenge against them",
            "already %(count)s challenges against them",
            against,
        ) % {"count": against}
    last = ctx.last_challenged.get(target.user_id)
    if last is not None and ladder.rematch_wait_days:
        until = last + dt.timedelta(days=ladder.rematch_wait_days)
        if until > ctx.now:
            # Translators: the same two players may challenge each other again from this day
            # (a day and month, e.g. "9 March").
            return gettext("rematch wait until %(day)s") % {
                "day": formats.date_format(until, "MONTH_DAY_FORMAT")
            }
    if target.user_id in ctx.on_vacation:
        # Translators: the other player is on vacation (their clocks are stopped).
        return _words(ctx, gettext_noop("on vacation"))
    return None


def refusal_reasons(ctx: ChallengeContext, targets: list[LadderEntry | Seat]) -> list[str | None]:
    """`refusal_reason` of each of `targets` (all None when the context's player is not in
    the ladder). The same answers, but the rows below the player, and above them out of a
    range counted in positions, are told without the whole round of checks: most rows of a
    long ladder are one or the other."""
    me = ctx.me
    if me is None:
        return [None] * len(targets)
    if not ctx.ladder.open or ctx.ladder.range_kind == RangeKind.RATING:
        return [refusal_reason(ctx, target) for target in targets]
    apart = ctx.closed | ctx.ignored_by | ctx.ignoring | {me.user_id}
    below = _words(ctx, gettext_noop("below you"))
    outside = _words(ctx, gettext_noop("outside your range"))
    highest = me.position - _reach(ctx.ladder, me.position)  # the highest position in range
    reasons = []
    for target in targets:
        if target.user_id in apart:
            reasons.append(refusal_reason(ctx, target))
        elif target.position > me.position:
            reasons.append(below)
        elif target.position < highest:
            reasons.append(outside)
        else:
            reasons.append(refusal_reason(ctx, target))
    return reasons


# What a row of the ladder table reads: the entry, its player's name, the last opponent's.
_ROW_SHOWN = (
    *(f.name for f in LadderEntry._meta.concrete_fields),
    *(f"user__{name}" for name in NAME_SHOWN),
    "last_opponent__id",
    "last_opponent__username",
)


@dataclasses.dataclass(frozen=True)
class LadderRow:
    entry: LadderEntry
    rating: RatingView | None
    running: int
    reason: str | None  # None: the Challenge button


def ladder_table(
    *,
    ladder: Ladder,
    user: User | None,
    now: dt.datetime,
    positions: tuple[int, int] | None = None,
    me: LadderEntry | None | object = _UNREAD,
) -> list[LadderRow]:
    """The ladder table (the rows from `positions` = (first, last), or all): each player with
    rank, running challenges, last result, and whether `user` may challenge them (or why
    not). A fixed number of queries at any size. `me`: `user`'s entry (None: not in the
    ladder), when the caller has read it."""
    entries = LadderEntry.objects.filter(ladder=ladder, position__isnull=False)
    if positions is not None:
        entries = entries.filter(position__range=positions)
    entries = list(
        entries.select_related("user", "last_opponent").only(*_ROW_SHOWN).order_by("position")
    )
    ratings = {
        row.user_id: row
        for row in Rating.objects.filter(
            family=ladder.board_kind, user_id__in=[e.user_id for e in entries]
        )
    }
    ctx = challenge_context(ladder=ladder, user=user, now=now, me=me)
    running = ctx.running
    rows = []
    for entry, reason in zip(entries, refusal_reasons(ctx, entries), strict=True):
        rating = ratings.get(entry.user_id)
        rows.append(
            LadderRow(
                entry, rating_view(rating, now) if rating else None, running[entry.user_id], reason
            )
        )
    return rows


class TableLine(NamedTuple):
    """A row of the ladder table as the API lists it, read as values (no models)."""

    position: int
    user_id: int
    username: str
    rating: float | None
    rank: str | None
    running: int
    last_result: str
    reason: str | None  # None: may be challenged, or `user` is not in the ladder


def ladder_table_lines(
    *,
    ladder: Ladder,
    user: User | None,
    now: dt.datetime,
    positions: tuple[int, int] | None = None,
) -> list[TableLine]:
    """`ladder_table` as values, for the API: the entries with their players' names and
    ratings (as stored: the API shows no deviation) in one query, no models. A whole ladder
    of 5,000 built 15,000 models, then sent its 5,000 user ids back to read the names.

    The name and the rating are read per entry by primary key and by (user, family), each a
    scalar subquery: the cost follows the ladder's size, never the site's. Joined, PostgreSQL
    hashed every player of the site for a whole ladder (a sequential scan of the users)."""
    entries = LadderEntry.objects.filter(ladder=ladder, position__isnull=False)
    if positions is not None:
        entries = entries.filter(position__range=positions)
    name = User.objects.filter(pk=OuterRef("user_id")).values("username")
    rating = Rating.objects.filter(user=OuterRef("user_id"), family=ladder.board_kind)
    rows = list(
        entries.order_by("position")
        .annotate(username=Subquery(name), rating=Subquery(rating.values("rating")))
        .values_list("position", "user_id", "last_result", "username", "rating")
    )
    ctx = challenge_context(ladder=ladder, user=user, now=now)
    running = ctx.running
    reasons = refusal_reasons(ctx, [Seat(user_id, position) for position, user_id, *_ in rows])
    rank_name = ranks.rank_name
    return [
        TableLine(
            position,
            user_id,
            username,
            rating,
            None if rating is None else rank_name(rating),
            running[user_id],
            last_result,
            reason,
        )
        for (position, user_id, last_result, username, rating), reason in zip(
            rows, reasons, strict=True
        )
    ]


def ladder_games(*, ladder: Ladder, user: User) -> list[LadderChallenge]:
    """`user`'s challenges in `ladder`, newest first, with their games."""
    return list(
        LadderChallenge.objects.filter(Q(challenger=user) | Q(defender=user), ladder=ladder)
        .select_related("game", "challenger", "defender")
        .order_by("-created", "-pk")[:100]
    )
