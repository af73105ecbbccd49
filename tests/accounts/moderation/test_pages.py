"""Moderation's pages: reporting a player, the queue for moderators only, a report's decision
(asking first before a suspension or a ban), the player's page and their one appeal."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.moderation.models import Report, ReportKind, Sanction, SanctionKind
from accounts.moderation.services import report_create, sanction_take

pytestmark = pytest.mark.django_db


@pytest.fixture
def moderator(user_factory):
    return user_factory(username="judge", is_staff=True)


@pytest.fixture
def troll(user_factory):
    return user_factory(username="troll", bio="rude words")


def test_a_report_through_the_profile_lands_in_the_queue_with_a_copy(
    client, user_factory, troll, moderator
):
    client.force_login(user_factory(username="victim"))
    profile = client.get(reverse("profile_detail", args=["troll"]))
    assert reverse("moderation_report_player", args=["troll"]).encode() in profile.content
    response = client.post(
        reverse("moderation_report_player", args=["troll"]),
        {"what": "profile", "reason": "The bio insults people."},
    )
    assert response.status_code == 302
    report = Report.objects.get()
    assert report.kind == ReportKind.PROFILE and "rude words" in report.snapshot
    assert report.url.endswith("/players/troll/")
    again = client.post(
        reverse("moderation_report_player", args=["troll"]),
        {"what": "profile", "reason": "Again."},
    )
    assert again.status_code == 409
    assert b"You already reported this" in again.content
    client.force_login(moderator)
    queue = client.get(reverse("moderation_queue"))
    assert b"troll" in queue.content and b"The bio insults people." in queue.content


def test_players_cannot_report_themselves_on_the_page(client, troll):
    client.force_login(troll)
    response = client.post(reverse("moderation_report_player", args=["troll"]), {"reason": "me"})
    assert response.status_code == 409 and not Report.objects.exists()


def test_only_moderators_see_the_queue_the_reports_and_the_log(client, troll, moderator):
    report = report_create(
        reporter=moderator, reported_user=troll, kind=ReportKind.PLAYER, snapshot="", reason="x"
    )
    client.force_login(troll)
    for url in (
        reverse("moderation_queue"),
        reverse("moderation_log"),
        reverse("moderation_report", args=[report.pk]),
    ):
        assert client.get(url).status_code == 403
    client.force_login(moderator)
    assert client.get(reverse("moderation_report", args=[report.pk])).status_code == 200
    assert client.get(reverse("moderation_report", args=[999])).status_code == 404


def test_a_moderator_mutes_from_the_report_page(client, troll, moderator, user_factory):
    report = report_create(
        reporter=user_factory(),
        reported_user=troll,
        kind=ReportKind.PLAYER,
        snapshot="",
        reason="spam",
    )
    client.force_login(moderator)
    response = client.post(
        reverse("moderation_report", args=[report.pk]),
        {"kind": "mute", "reason": "Spam in chats.", "duration": "24", "games": ""},
    )
    assert response.status_code == 302
    mute = Sanction.objects.get(kind=SanctionKind.MUTE)
    assert mute.ends_at is not None and mute.user == troll
    log = client.get(reverse("moderation_log"))
    assert b"Spam in chats." in log.content


def test_a_suspension_asks_first(client, troll, moderator, user_factory):
    report = report_create(
        reporter=user_factory(),
        reported_user=troll,
        kind=ReportKind.PLAYER,
        snapshot="",
        reason="cheating",
    )
    client.force_login(moderator)
    fields = {"kind": "suspend", "reason": "Engine use.", "duration": "168", "games": "stop"}
    asked = client.post(reverse("moderation_report", args=[report.pk]), fields)
    assert asked.status_code == 200 and b"Suspend troll?" in asked.content
    assert not Sanction.objects.exists()
    done = client.post(reverse("moderation_report", args=[report.pk]), {**fields, "confirm": "yes"})
    assert done.status_code == 302
    assert Sanction.objects.get().games == "stop"


def test_the_player_reads_the_decision_and_appeals_once(client, troll, moderator):
    mute = sanction_take(
        moderator=moderator, user=troll, kind="mute", reason="Insults.", now=timezone.now()
    )
    client.force_login(troll)
    page = client.get(reverse("moderation_player", args=["troll"]))
    assert b"Insults." in page.content and b"Send my answer" in page.content
    client.post(reverse("moderation_appeal", args=[mute.pk]), {"text": "Sorry."})
    page = client.get(reverse("moderation_player", args=["troll"]))
    assert b"Sorry." in page.content and b"Send my answer" not in page.content
    again = client.post(
        reverse("moderation_appeal", args=[mute.pk]), {"text": "Again."}, follow=True
    )
    assert b"You have already answered this decision." in again.content
    assert Report.objects.filter(kind=ReportKind.APPEAL).count() == 1
    # Another player's page is not theirs to read.
    assert client.get(reverse("moderation_player", args=["judge"])).status_code == 403
