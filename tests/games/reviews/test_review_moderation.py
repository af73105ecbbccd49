"""Reviews and the moderators: a review or a comment on one is reported to the queue with a
copy; a muted player cannot comment on others' reviews (their own notes stay theirs)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from accounts.moderation.models import Report, ReportKind, SanctionKind
from accounts.moderation.selectors import Muted
from accounts.moderation.services import sanction_take
from games.reviews import services

pytestmark = pytest.mark.django_db

OPENING = ("E5", "C3", "G7", "C7", "pass", "pass")


@pytest.fixture
def public(game_factory, black, now, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        finished = game_factory(moves=OPENING)
    review = services.review_create_from_game(game=finished, user=black, now=now)
    services.review_comment_add(
        review_id=review.pk, user=black, node=1, text="A slow move", now=now
    )
    return services.review_update(
        review_id=review.pk, user=black, title="Lesson", visibility="public", now=now
    )


def test_a_review_is_reported_through_its_page_with_a_copy(client, public, black, white):
    client.force_login(white)
    page = client.get(public.get_absolute_url()).content.decode()
    url = reverse("games:review_report", args=[public.token])
    assert f'href="{url}"' in page
    assert client.get(url).status_code == 200
    assert client.post(url, {"reason": ""}).status_code == 400
    response = client.post(url, {"reason": "Mocks a player by name."})
    assert response.status_code == 302, response.content.decode()
    report = Report.objects.get()
    assert (report.kind, report.reporter, report.reported_user) == (
        ReportKind.REVIEW,
        white,
        black,
    )
    assert "Lesson" in report.snapshot and "A slow move" in report.snapshot
    client.force_login(black)
    assert client.post(url, {"reason": "my own"}).status_code == 409


def test_a_reported_comment_also_lands_in_the_queue(public, black, white, now):
    comment = services.review_comment_add(
        review_id=public.pk, user=white, node=2, text="You are all patzers", now=now
    )
    services.review_comment_report(
        comment_id=comment.pk, user=black, reason="Insults", link="/r/", now=now
    )
    report = Report.objects.get()
    assert (report.kind, report.snapshot, report.reported_user) == (
        ReportKind.REVIEW_COMMENT,
        "You are all patzers",
        white,
    )


def test_a_muted_player_comments_only_on_their_own_review(public, black, white, user_factory, now):
    judge = user_factory(username="judge", is_staff=True)
    sanction_take(
        moderator=judge,
        user=white,
        kind=SanctionKind.MUTE,
        reason="Spam.",
        now=now,
        ends_at=now + dt.timedelta(days=1),
    )
    with pytest.raises(Muted):
        services.review_comment_add(review_id=public.pk, user=white, node=2, text="hi", now=now)
    sanction_take(
        moderator=judge,
        user=black,
        kind=SanctionKind.MUTE,
        reason="Spam.",
        now=now,
        ends_at=now + dt.timedelta(days=1),
    )
    assert services.review_comment_add(
        review_id=public.pk, user=black, node=2, text="my note", now=now
    ).pk
