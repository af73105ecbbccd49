"""Moderation's reads: a player's restriction now (and the refusals it gives), the queue of
open reports, the staff log, and a player's own decisions."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.utils import formats, timezone
from django.utils.translation import gettext

from accounts.models import RelationKind, User, UserRelation
from accounts.moderation.models import (
    RESTRICTING,
    GamesChoice,
    Report,
    ReportStatus,
    Sanction,
    SanctionKind,
    StaffLogEntry,
)
from core.refusals import Refusal, refusal_register

MODERATE_PERMISSION = "accounts.moderate"


class Restricted(PermissionDenied):
    """A moderator's decision forbids this: the player is muted, suspended or banned. The
    refusal says which, why and until when (`sanction`)."""

    code = "restricted"

    def __init__(self, sanction: Sanction) -> None:
        super().__init__(restriction_message(sanction=sanction))
        self.sanction = sanction


class Muted(Restricted):
    """A muted (or suspended, or banned) player writes to others: chat, messages, comments,
    challenges to players who are not their friends."""

    code = "muted"


class Suspended(Restricted):
    """A suspended (or banned) player plays: a move, a pass, a resignation, a challenge."""

    code = "suspended"


def restriction_message(*, sanction: Sanction) -> str:
    """The sentence a restricted player reads: what, until when, and why."""
    if sanction.ends_at is None:
        until = gettext("until a moderator lifts it")
    else:
        local = timezone.localtime(sanction.ends_at)
        until = gettext("until %(end)s") % {"end": formats.date_format(local, "DATETIME_FORMAT")}
    words = {
        SanctionKind.MUTE: gettext("You are muted by the site's moderators"),
        SanctionKind.SUSPEND: gettext("You are suspended by the site's moderators"),
        SanctionKind.BAN: gettext("Your account is closed by the site's moderators"),
    }
    return gettext("%(what)s %(until)s. The reason: %(reason)s") % {
        "what": words.get(sanction.kind, words[SanctionKind.MUTE]),
        "until": until,
        "reason": sanction.reason,
    }


refusal_register(Restricted, lambda error: Refusal(403, error.code, str(error)))


def sanctions_in_force(*, user_id: int, now: dt.datetime) -> QuerySet[Sanction]:
    """`user_id`'s mutes, suspensions and bans in force at `now` (not ended, not past their end;
    the sweep marks the latter ended within a minute)."""
    return Sanction.objects.filter(
        Q(ends_at__isnull=True) | Q(ends_at__gt=now),
        user_id=user_id,
        kind__in=RESTRICTING,
        ended__isnull=True,
    )


_SEVERITY = {SanctionKind.BAN: 3, SanctionKind.SUSPEND: 2, SanctionKind.MUTE: 1}


def restriction_get(*, user_id: int, now: dt.datetime) -> Sanction | None:
    """The strongest decision restricting `user_id` at `now` (a ban before a suspension before a
    mute; of two alike, the one ending last), or None."""
    rows = list(sanctions_in_force(user_id=user_id, now=now))
    if not rows:
        return None
    far = dt.datetime.max.replace(tzinfo=dt.UTC)
    return max(rows, key=lambda s: (_SEVERITY[s.kind], s.ends_at or far))


def moderation_speech_check(*, user: User, now: dt.datetime) -> None:
    """Raise Muted when `user` may not write to others at `now` (muted, suspended or banned)."""
    sanction = restriction_get(user_id=user.pk, now=now)
    if sanction is not None:
        raise Muted(sanction)


def moderation_play_check(*, user: User, now: dt.datetime) -> None:
    """Raise Suspended when `user` may not play at `now` (suspended or banned)."""
    sanction = restriction_get(user_id=user.pk, now=now)
    if sanction is not None and sanction.kind != SanctionKind.MUTE:
        raise Suspended(sanction)


def moderation_challenge_check(*, user: User, recipient: User | None, now: dt.datetime) -> None:
    """Raise Suspended when `user` may not play at `now`; Muted when they are muted and
    challenge a stranger: an open challenge (anyone may take it) or a player neither of the two
    keeps as a buddy."""
    sanction = restriction_get(user_id=user.pk, now=now)
    if sanction is None:
        return
    if sanction.kind != SanctionKind.MUTE:
        raise Suspended(sanction)
    if recipient is None or not _buddies(user, recipient):
        raise Muted(sanction)


def _buddies(one: User, other: User) -> bool:
    return UserRelation.objects.filter(
        Q(owner=one, target=other) | Q(owner=other, target=one), kind=RelationKind.BUDDY
    ).exists()


def clock_held(*, user_id: int, now: dt.datetime) -> bool:
    """Whether `user_id`'s game clocks stand still at `now`: a suspension in force whose
    moderator chose to stop their clocks (games.services.moderation)."""
    return (
        sanctions_in_force(user_id=user_id, now=now)
        .filter(kind=SanctionKind.SUSPEND, games=GamesChoice.STOP)
        .exists()
    )


def games_adjourned_held(*, user_id: int, now: dt.datetime) -> bool:
    """Whether `user_id`'s adjourned games stay adjourned at `now`: a suspension in force
    whose moderator chose to adjourn their games (games.services.adjournments)."""
    return (
        sanctions_in_force(user_id=user_id, now=now)
        .filter(kind=SanctionKind.SUSPEND, games=GamesChoice.ADJOURN)
        .exists()
    )


def moderator_is(*, user: User) -> bool:
    """Whether `user` may use the moderation queue: staff, or the `accounts.moderate`
    permission."""
    return user.is_authenticated and (user.is_staff or user.has_perm(MODERATE_PERMISSION))


def reports_open() -> QuerySet[Report]:
    """The queue: every open report, oldest first, with its people."""
    return Report.objects.filter(status=ReportStatus.OPEN).select_related(
        "reporter", "reported_user", "appeal_of"
    )


def reports_about(*, user_id: int) -> QuerySet[Report]:
    """Every report about `user_id`, newest first (the moderator's history of a player)."""
    return Report.objects.filter(reported_user_id=user_id).order_by("-created", "-pk")


def sanctions_of(*, user_id: int) -> QuerySet[Sanction]:
    """Every decision about `user_id` but dismissals, newest first: what their page shows."""
    return (
        Sanction.objects.filter(user_id=user_id)
        .exclude(kind=SanctionKind.DISMISS)
        .select_related("lifts")
    )


def staff_log(*, limit: int = 100) -> QuerySet[StaffLogEntry]:
    """The newest lines of the staff log."""
    return StaffLogEntry.objects.select_related("moderator", "user")[:limit]
