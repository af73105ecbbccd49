"""Moderation's writes: a report (`report_create`, the one way every report path files one), a
moderator's decision (`sanction_take`), its early end (`sanction_lift`), the sweep that ends
decisions at their end date (`sanctions_end_due`) and the player's one answer (`appeal_file`).
Every decision and appeal adds a line to the append-only staff log."""

from __future__ import annotations

import datetime as dt

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, models, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from accounts.models import User
from accounts.moderation import hooks
from accounts.moderation.models import (
    REASON_MAX_LENGTH,
    RESTRICTING,
    SNAPSHOT_MAX_LENGTH,
    URL_MAX_LENGTH,
    GamesChoice,
    Report,
    ReportKind,
    ReportStatus,
    Sanction,
    SanctionKind,
    StaffLogEntry,
)
from accounts.moderation.selectors import moderator_is
from core.limits import limit_enforce
from core.outbox import enqueue_on_commit
from core.refusals import Refusal, refusal_register

TELL_TASK = "accounts.moderation_tell_mail"  # "*_mail": the mail queue


class ReportRefused(ValidationError):
    """A report that cannot be filed: about oneself, or a second open one on the same thing."""


refusal_register(
    ReportRefused, lambda error: Refusal(409, error.code or "report_refused", error.messages[0])
)


def _reason_clean(reason: str, *, empty: str) -> str:
    reason = reason.strip()
    if not reason:
        raise ValidationError(empty, code="invalid")
    if len(reason) > REASON_MAX_LENGTH:
        raise ValidationError(
            gettext("Keep it under %(most)s characters.") % {"most": REASON_MAX_LENGTH},
            code="invalid",
        )
    return reason


def _subject(kind: str, reported_user: User, target: models.Model | None) -> str:
    if target is None:
        return f"{kind}:{reported_user.pk}"
    meta = target._meta
    return f"{meta.app_label}.{meta.model_name}:{target.pk}"


@transaction.atomic
def report_create(
    *,
    reporter: User,
    reported_user: User,
    kind: str,
    snapshot: str,
    reason: str,
    url: str = "",
    target: models.Model | None = None,
    now: dt.datetime | None = None,
) -> Report:
    """`reporter` reports `reported_user` to the moderators: `kind` (a ReportKind) says what,
    `snapshot` is a copy of what was reported (kept if its author edits or deletes it; cut at
    SNAPSHOT_MAX_LENGTH), `reason` is the reporter's, `url` where it was (stored as given),
    `target` the reported row itself when there is one (a chat line, a message ...).

    Raises ReportRefused for a report about oneself or a second open report by the same
    reporter on the same thing (`target`, or else the same kind about the same player),
    ValidationError for an unknown kind or an empty or too long reason, RateLimited past the
    "report" and "report_day" limits."""
    now = now or timezone.now()
    if kind not in ReportKind.values or kind == ReportKind.APPEAL:
        raise ValidationError(gettext("That cannot be reported."), code="invalid")
    if reporter.pk == reported_user.pk:
        raise ReportRefused(gettext("You cannot report yourself."), code="report_self")
    reason = _reason_clean(reason, empty=gettext("Say why you report it."))
    own = Report.objects.filter(reporter=reporter)
    limit_enforce(name="report", rows=own, now=now, sender=reporter)
    limit_enforce(name="report_day", rows=own, now=now)
    subject = _subject(kind, reported_user, target)
    duplicate = ReportRefused(
        gettext("You already reported this; the moderators will look at it."),
        code="report_duplicate",
    )
    if own.filter(subject=subject, status=ReportStatus.OPEN).exists():
        raise duplicate
    try:
        with transaction.atomic():
            return Report.objects.create(
                kind=kind,
                reporter=reporter,
                reported_user=reported_user,
                subject=subject,
                snapshot=snapshot[:SNAPSHOT_MAX_LENGTH],
                reason=reason,
                url=url[:URL_MAX_LENGTH],
                target_type=ContentType.objects.get_for_model(target) if target else None,
                target_id=target.pk if target is not None else None,
                created=now,
            )
    except IntegrityError as error:
        if own.filter(subject=subject, status=ReportStatus.OPEN).exists():
            raise duplicate from error  # the same report sent twice at once
        raise


def _log(
    *,
    action: str,
    moderator: User | None,
    user: User | None,
    sanction: Sanction | None,
    reason: str,
    now: dt.datetime,
) -> StaffLogEntry:
    return StaffLogEntry.objects.create(
        action=action, moderator=moderator, user=user, sanction=sanction, reason=reason, created=now
    )


# Which choice about running games each decision may carry.
GAMES_CHOICES = {
    SanctionKind.SUSPEND: (GamesChoice.NONE, GamesChoice.STOP, GamesChoice.ADJOURN),
    SanctionKind.BAN: (GamesChoice.NONE, GamesChoice.RESIGN, GamesChoice.ANNUL),
}


def _moderator_check(moderator: User) -> None:
    if not moderator_is(user=moderator):
        raise PermissionDenied(gettext("Only the site's moderators can do that."))


@transaction.atomic
def sanction_take(
    *,
    moderator: User,
    user: User,
    kind: str,
    reason: str,
    now: dt.datetime,
    ends_at: dt.datetime | None = None,
    games: str = GamesChoice.NONE,
    report_ids: tuple[int, ...] = (),
) -> Sanction:
    """`moderator` decides about `user`, for `reason`: dismiss the reports, warn, mute,
    suspend or ban, a restriction until `ends_at` (None: until lifted). `games` says what
    becomes of the running games of a suspended (stop their clocks) or banned (resign them)
    player; games does it through the "taken" hook. A ban closes the account (not active)
    until it ends. The open reports `report_ids` about `user` are closed by this decision. The
    decision is logged; the player is told (on the site and by mail) after the commit, but
    for a dismissal.

    Raises PermissionDenied for anyone but a moderator and about oneself, ValidationError for
    an empty reason, an end not in the future, or a games choice this decision cannot carry."""
    _moderator_check(moderator)
    if moderator.pk == user.pk:
        raise PermissionDenied(gettext("A moderator cannot decide about themselves."))
    if kind not in SanctionKind.values or kind == SanctionKind.LIFT:
        raise ValidationError(gettext("Choose a decision."), code="invalid")
    reason = _reason_clean(reason, empty=gettext("Say why."))
    if kind not in RESTRICTING:
        ends_at = None
    elif ends_at is not None and ends_at <= now:
        raise ValidationError(gettext("The end must be in the future."), code="invalid")
    if games not in GAMES_CHOICES.get(kind, (GamesChoice.NONE,)):
        raise ValidationError(gettext("That choice does not fit this decision."), code="invalid")
    sanction = Sanction.objects.create(
        kind=kind,
        user=user,
        moderator=moderator,
        reason=reason,
        games=games,
        created=now,
        ends_at=ends_at,
    )
    Report.objects.filter(pk__in=report_ids, reported_user=user, status=ReportStatus.OPEN).update(
        status=ReportStatus.CLOSED, closed=now, closed_by=sanction
    )
    _log(action=kind, moderator=moderator, user=user, sanction=sanction, reason=reason, now=now)
    if kind == SanctionKind.BAN:
        User.objects.filter(pk=user.pk).update(is_active=False)
    hooks.sanction_hook_run("taken", sanction=sanction, now=now)
    if kind != SanctionKind.DISMISS:
        enqueue_on_commit(TELL_TASK, sanction.pk)
    return sanction


def _end(sanction: Sanction, *, now: dt.datetime) -> None:
    """End a restriction in force (the caller holds its row locked): marked ended, the account
    opened again after a ban (unless another ban holds), and the "ended" hook run."""
    sanction.ended = now
    sanction.save(update_fields=["ended"])
    if sanction.kind == SanctionKind.BAN:
        still = Sanction.objects.filter(
            user_id=sanction.user_id, kind=SanctionKind.BAN, ended__isnull=True
        ).exists()
        if not still:
            User.objects.filter(pk=sanction.user_id).update(is_active=True)
    hooks.sanction_hook_run("ended", sanction=sanction, now=now)


@transaction.atomic
def sanction_lift(*, moderator: User, sanction_id: int, reason: str, now: dt.datetime) -> Sanction:
    """`moderator` ends a mute, suspension or ban now, for `reason` (logged; the player is
    told). Returns the lift. Raises PermissionDenied for anyone but a moderator,
    Sanction.DoesNotExist for a decision that is not a restriction in force, ValidationError
    for an empty reason."""
    _moderator_check(moderator)
    reason = _reason_clean(reason, empty=gettext("Say why."))
    sanction = Sanction.objects.select_for_update().get(
        pk=sanction_id, kind__in=RESTRICTING, ended__isnull=True
    )
    _end(sanction, now=now)
    lift = Sanction.objects.create(
        kind=SanctionKind.LIFT,
        user_id=sanction.user_id,
        moderator=moderator,
        reason=reason,
        created=now,
        lifts=sanction,
    )
    _log(
        action=SanctionKind.LIFT,
        moderator=moderator,
        user=sanction.user,
        sanction=sanction,
        reason=reason,
        now=now,
    )
    enqueue_on_commit(TELL_TASK, lift.pk)
    return lift


def sanctions_end_due(*, now: dt.datetime) -> int:
    """End every restriction whose end date has passed by `now` (the beat sweep, by the indexed
    `ends_at`), each in its own transaction and logged as expired; returns how many. Safe to
    run twice and beside a moderator's lift."""
    due = Sanction.objects.filter(
        kind__in=RESTRICTING, ended__isnull=True, ends_at__lte=now
    ).values_list("pk", flat=True)
    ended = 0
    for pk in list(due):
        with transaction.atomic():
            sanction = (
                Sanction.objects.select_for_update(of=("self",))
                .select_related("user")
                .filter(pk=pk, ended__isnull=True)
                .first()
            )
            if sanction is None:  # lifted meanwhile
                continue
            _end(sanction, now=now)
            _log(
                action="expired",
                moderator=None,
                user=sanction.user,
                sanction=sanction,
                reason=gettext("Its end date passed."),
                now=now,
            )
            ended += 1
    return ended


@transaction.atomic
def appeal_file(*, user: User, sanction_id: int, text: str, now: dt.datetime) -> Report:
    """`user` answers a decision about them, once: the appeal goes to the moderators' queue.
    Raises Sanction.DoesNotExist for a decision that is not theirs (or a dismissal),
    ReportRefused when they already answered it, ValidationError for an empty or too long
    text, RateLimited past the "appeal" limit (a banned player's link works logged out)."""
    appeals = Report.objects.filter(reporter=user, kind=ReportKind.APPEAL)
    limit_enforce(name="appeal", rows=appeals, now=now, sender=user)
    sanction = (
        Sanction.objects.select_for_update()
        .exclude(kind=SanctionKind.DISMISS)
        .get(pk=sanction_id, user=user)
    )
    if sanction.appealed is not None:
        raise ReportRefused(
            gettext("You have already answered this decision."), code="appeal_twice"
        )
    text = _reason_clean(text, empty=gettext("Write your answer first."))
    sanction.appeal, sanction.appealed = text, now
    sanction.save(update_fields=["appeal", "appealed"])
    report = Report.objects.create(
        kind=ReportKind.APPEAL,
        reporter=user,
        reported_user=user,
        subject=_subject(ReportKind.APPEAL, user, sanction),
        snapshot=f"{sanction.get_kind_display()}: {sanction.reason}"[:SNAPSHOT_MAX_LENGTH],
        reason=text,
        url=reverse("moderation_player", args=[user.username]),
        created=now,
        appeal_of=sanction,
    )
    _log(action="appeal", moderator=None, user=user, sanction=sanction, reason=text, now=now)
    return report


def report_create_unless_open(**arguments) -> Report | None:
    """`report_create(**arguments)` for the report paths that keep a record of their own (a
    spam report, a result report, a review comment's report to the staff): when the reporter
    already has an open report on the same thing, it is kept and None returned, instead of
    refusing. Other refusals (RateLimited ...) are raised."""
    try:
        with transaction.atomic():
            return report_create(**arguments)
    except ReportRefused as error:
        if error.code != "report_duplicate":
            raise
        return None
