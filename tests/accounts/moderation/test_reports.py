"""report_create: the one way a report is filed, with its copy, its refusals and its limit."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from accounts.models import User
from accounts.moderation.models import Report, ReportKind, ReportStatus
from accounts.moderation.services import ReportRefused, report_create
from core.limits import RateLimited
from core.refusals import refusal_of

NOW = dt.datetime(2026, 3, 1, 12, tzinfo=dt.UTC)


@pytest.fixture
def reporter(user_factory):
    return user_factory(username="reporter")


@pytest.fixture
def troll(user_factory):
    return user_factory(username="troll")


def test_a_report_keeps_a_copy_the_link_and_the_target(reporter, troll):
    report = report_create(
        reporter=reporter,
        reported_user=troll,
        kind=ReportKind.PROFILE,
        snapshot="bio: rude words",
        reason="  insults in the bio  ",
        url="/players/troll/",
        target=troll,
        now=NOW,
    )
    troll.bio = "all nice now"
    troll.save()
    report.refresh_from_db()
    assert report.snapshot == "bio: rude words"
    assert report.reason == "insults in the bio"
    assert report.url == "/players/troll/"
    assert report.target_id == troll.pk and report.target_type.model == "user"
    assert report.status == ReportStatus.OPEN and report.created == NOW


def test_no_one_reports_themselves(reporter):
    with pytest.raises(ReportRefused) as caught:
        report_create(
            reporter=reporter,
            reported_user=reporter,
            kind=ReportKind.PLAYER,
            snapshot="",
            reason="me",
            now=NOW,
        )
    assert refusal_of(caught.value).code == "report_self"
    assert not Report.objects.exists()


def test_a_second_open_report_on_the_same_thing_is_refused(reporter, troll):
    arguments = {
        "reporter": reporter,
        "reported_user": troll,
        "kind": ReportKind.PLAYER,
        "snapshot": "",
        "reason": "spam",
        "now": NOW,
    }
    first = report_create(**arguments)
    with pytest.raises(ReportRefused) as caught:
        report_create(**arguments)
    assert refusal_of(caught.value).status == 409
    first.status = ReportStatus.CLOSED
    first.save()
    assert report_create(**arguments).pk != first.pk  # once closed, it may be reported again


def test_reports_are_rate_limited_per_reporter(reporter, user_factory, settings):
    settings.FLOOD_LIMITS = {"report": (3, 3600)}
    for number in range(3):
        report_create(
            reporter=reporter,
            reported_user=user_factory(),
            kind=ReportKind.PLAYER,
            snapshot="",
            reason=f"r{number}",
            now=NOW,
        )
    with pytest.raises(RateLimited):
        report_create(
            reporter=reporter,
            reported_user=user_factory(),
            kind=ReportKind.PLAYER,
            snapshot="",
            reason="one more",
            now=NOW,
        )
    other = user_factory()
    assert report_create(
        reporter=other,
        reported_user=reporter,
        kind=ReportKind.PLAYER,
        snapshot="",
        reason="another reporter",
        now=NOW,
    )


@pytest.mark.django_db
@hsettings(max_examples=25, deadline=None)
@given(reason=st.text(max_size=30), kind=st.text(max_size=20), snapshot=st.text(max_size=5000))
def test_any_input_is_stored_or_refused_as_a_validation_error(reason, kind, snapshot):
    reporter, _ = User.objects.get_or_create(username="h-reporter")
    troll, _ = User.objects.get_or_create(username="h-troll")
    Report.objects.all().delete()
    try:
        report = report_create(
            reporter=reporter,
            reported_user=troll,
            kind=kind,
            snapshot=snapshot,
            reason=reason,
            now=NOW,
        )
    except ValidationError:
        assert Report.objects.count() == 0
    else:
        assert report.reason == reason.strip() and len(report.snapshot) <= 4000
