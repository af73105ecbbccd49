"""A moderator's decisions: taken, logged, told, lifted, ended by the sweep, appealed once; and
the refusals a restricted player gets."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import Permission
from django.core.exceptions import PermissionDenied, ValidationError

from accounts.models import User
from accounts.moderation.models import (
    AppendOnly,
    Report,
    ReportKind,
    ReportStatus,
    Sanction,
    SanctionKind,
    StaffLogEntry,
)
from accounts.moderation.selectors import (
    Muted,
    Suspended,
    moderation_play_check,
    moderation_speech_check,
    moderator_is,
    reports_open,
)
from accounts.moderation.services import (
    ReportRefused,
    appeal_file,
    report_create,
    sanction_lift,
    sanction_take,
    sanctions_end_due,
)
from accounts.moderation.tasks import moderation_sweep
from core.refusals import refusal_of
from messaging.notifications.models import Notification

NOW = dt.datetime(2026, 3, 1, 12, tzinfo=dt.UTC)
DAY = dt.timedelta(days=1)

pytestmark = pytest.mark.django_db


@pytest.fixture
def moderator(user_factory) -> User:
    return user_factory(username="judge", is_staff=True)


@pytest.fixture
def troll(user_factory) -> User:
    return user_factory(username="troll", email="troll@example.org")


def _take(moderator, troll, kind, **options):
    options.setdefault("reason", "insults in chat")
    options.setdefault("now", NOW)
    return sanction_take(moderator=moderator, user=troll, kind=kind, **options)


def test_a_warning_is_logged_closes_the_report_and_tells_the_player(
    moderator, troll, user_factory, mailoutbox, django_capture_on_commit_callbacks
):
    report = report_create(
        reporter=user_factory(),
        reported_user=troll,
        kind=ReportKind.PLAYER,
        snapshot="",
        reason="rude",
        now=NOW,
    )
    with django_capture_on_commit_callbacks(execute=True):
        warning = _take(moderator, troll, SanctionKind.WARN, report_ids=(report.pk,))
    report.refresh_from_db()
    assert report.status == ReportStatus.CLOSED and report.closed_by == warning
    assert list(reports_open()) == []
    (entry,) = StaffLogEntry.objects.all()
    assert (entry.action, entry.moderator, entry.user, entry.reason) == (
        "warn",
        moderator,
        troll,
        "insults in chat",
    )
    (mail,) = mailoutbox
    assert mail.to == ["troll@example.org"] and "insults in chat" in mail.body
    assert f"/players/{troll.username}/moderation/" in mail.body
    notice = Notification.objects.get(user=troll, event="moderation")
    assert "insults in chat" in notice.text
    # A warning restricts nothing.
    moderation_speech_check(user=troll, now=NOW)
    moderation_play_check(user=troll, now=NOW)


def test_a_dismissal_closes_the_report_and_tells_nobody(
    moderator, troll, user_factory, mailoutbox, django_capture_on_commit_callbacks
):
    report = report_create(
        reporter=user_factory(),
        reported_user=troll,
        kind=ReportKind.PLAYER,
        snapshot="",
        reason="rude",
        now=NOW,
    )
    with django_capture_on_commit_callbacks(execute=True):
        _take(
            moderator, troll, SanctionKind.DISMISS, reason="nothing wrong", report_ids=(report.pk,)
        )
    assert Report.objects.get().status == ReportStatus.CLOSED
    assert mailoutbox == []
    assert StaffLogEntry.objects.get().action == "dismiss"


def test_a_mute_refuses_speech_with_its_reason_and_end_until_the_sweep_ends_it(moderator, troll):
    _take(moderator, troll, SanctionKind.MUTE, ends_at=NOW + DAY)
    with pytest.raises(Muted) as caught:
        moderation_speech_check(user=troll, now=NOW + dt.timedelta(hours=1))
    refusal = refusal_of(caught.value)
    assert (refusal.status, refusal.code) == (403, "muted")
    assert "insults in chat" in refusal.message and "2026" in refusal.message
    moderation_play_check(user=troll, now=NOW)  # a muted player still plays
    assert sanctions_end_due(now=NOW + DAY / 2) == 0
    assert sanctions_end_due(now=NOW + DAY) == 1
    assert sanctions_end_due(now=NOW + DAY) == 0  # twice: nothing more
    moderation_speech_check(user=troll, now=NOW + DAY)
    assert StaffLogEntry.objects.filter(action="expired", moderator=None, user=troll).count() == 1


def test_the_beat_task_runs_the_sweep(moderator, troll):
    past = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=1)
    sanction = _take(moderator, troll, SanctionKind.MUTE, now=past - DAY, ends_at=past)
    assert moderation_sweep.delay().get() == 1
    sanction.refresh_from_db()
    assert sanction.ended is not None


def test_a_suspension_refuses_play_and_speech(moderator, troll):
    _take(moderator, troll, SanctionKind.SUSPEND, ends_at=NOW + DAY)
    with pytest.raises(Suspended) as caught:
        moderation_play_check(user=troll, now=NOW)
    assert refusal_of(caught.value).code == "suspended"
    with pytest.raises(Muted):
        moderation_speech_check(user=troll, now=NOW)


def test_a_ban_closes_the_account_until_it_ends(moderator, troll):
    _take(moderator, troll, SanctionKind.BAN, ends_at=NOW + DAY)
    troll.refresh_from_db()
    assert not troll.is_active
    sanctions_end_due(now=NOW + DAY)
    troll.refresh_from_db()
    assert troll.is_active


def test_a_lift_ends_a_restriction_early_and_is_logged(moderator, troll):
    mute = _take(moderator, troll, SanctionKind.MUTE)  # until lifted
    lift = sanction_lift(moderator=moderator, sanction_id=mute.pk, reason="apologised", now=NOW)
    assert lift.kind == SanctionKind.LIFT and lift.lifts == mute
    moderation_speech_check(user=troll, now=NOW)
    assert [e.action for e in StaffLogEntry.objects.order_by("pk")] == ["mute", "lift"]
    with pytest.raises(Sanction.DoesNotExist):
        sanction_lift(moderator=moderator, sanction_id=mute.pk, reason="again", now=NOW)


def test_only_moderators_decide_and_never_about_themselves(moderator, troll, user_factory):
    with pytest.raises(PermissionDenied):
        sanction_take(
            moderator=user_factory(), user=troll, kind=SanctionKind.MUTE, reason="x", now=NOW
        )
    with pytest.raises(PermissionDenied):
        _take(moderator, moderator, SanctionKind.MUTE)
    helper = user_factory(username="helper")
    helper.user_permissions.add(Permission.objects.get(codename="moderate"))
    helper = User.objects.get(pk=helper.pk)  # permissions are cached on the instance
    assert moderator_is(user=helper)
    _take(helper, troll, SanctionKind.WARN)


@pytest.mark.parametrize(
    "options",
    [
        {"reason": "   "},
        {"ends_at": NOW - DAY},
        {"games": "resign"},  # a mute carries no games choice
        {"kind": "lift"},
        {"kind": "nonsense"},
    ],
)
def test_bad_decisions_are_refused_and_nothing_is_written(moderator, troll, options):
    kind = options.pop("kind", SanctionKind.MUTE)
    with pytest.raises(ValidationError):
        _take(moderator, troll, kind, **options)
    assert not Sanction.objects.exists() and not StaffLogEntry.objects.exists()


def test_the_staff_log_is_append_only(moderator, troll):
    _take(moderator, troll, SanctionKind.WARN)
    entry = StaffLogEntry.objects.get()
    entry.reason = "rewritten"
    with pytest.raises(AppendOnly):
        entry.save()
    with pytest.raises(AppendOnly):
        entry.delete()
    with pytest.raises(AppendOnly):
        StaffLogEntry.objects.update(reason="rewritten")
    with pytest.raises(AppendOnly):
        StaffLogEntry.objects.all().delete()
    assert StaffLogEntry.objects.get().reason == "insults in chat"


def test_a_player_appeals_each_decision_once_and_it_returns_to_the_queue(moderator, troll):
    mute = _take(moderator, troll, SanctionKind.MUTE, ends_at=NOW + DAY)
    appeal = appeal_file(user=troll, sanction_id=mute.pk, text="It was a joke.", now=NOW)
    assert list(reports_open()) == [appeal]
    assert appeal.kind == ReportKind.APPEAL and appeal.appeal_of == mute
    assert "insults in chat" in appeal.snapshot and appeal.reason == "It was a joke."
    with pytest.raises(ReportRefused):
        appeal_file(user=troll, sanction_id=mute.pk, text="Please!", now=NOW)
    with pytest.raises(Sanction.DoesNotExist):
        appeal_file(user=moderator, sanction_id=mute.pk, text="not mine", now=NOW)
    assert StaffLogEntry.objects.filter(action="appeal").count() == 1
