"""Private messages and the moderators: a muted player's message is refused with the reason on
the page, in the service and by e-mail reply (never dropped silently); a spam report lands in
the moderators' queue with a copy of the message."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.moderation.models import Report, ReportKind, SanctionKind
from accounts.moderation.selectors import Muted
from accounts.moderation.services import sanction_take
from messaging.messages import services as threads
from messaging.messages.models import Message
from messaging.replies.address import message_reply_address
from messaging.replies.services import message_reply_receive

pytestmark = pytest.mark.django_db


@pytest.fixture
def thread(black, white):
    return threads.thread_start(
        sender=black, recipient=white, subject="Rematch?", body="Again?", now=timezone.now()
    )


@pytest.fixture
def muted_white(user_factory, white):
    judge = user_factory(username="judge", is_staff=True)
    now = timezone.now()
    return sanction_take(
        moderator=judge,
        user=white,
        kind=SanctionKind.MUTE,
        reason="Threats by message.",
        now=now,
        ends_at=now + dt.timedelta(days=2),
    )


def test_a_muted_player_cannot_start_or_answer_a_thread(thread, black, white, muted_white):
    with pytest.raises(Muted):
        threads.message_send(thread_id=thread.pk, sender=white, body="no", now=timezone.now())
    with pytest.raises(Muted):
        threads.thread_start(
            sender=white, recipient=black, subject="x", body="y", now=timezone.now()
        )
    assert Message.objects.count() == 1


def test_the_reply_page_says_why(client, thread, white, muted_white):
    client.force_login(white)
    response = client.post(reverse("messages:reply", args=[thread.pk]), {"body": "hello"})
    assert response.status_code in (400, 403)  # the reply form, with the refusal in it
    assert "Threats by message." in response.content.decode()
    assert Message.objects.count() == 1


def test_a_reply_by_mail_is_refused_with_the_reason(settings, thread, white, muted_white):
    settings.INBOUND_MAIL_DOMAIN = "play.example.org"
    result = message_reply_receive(
        recipient=message_reply_address(user_id=white.pk, thread_id=thread.pk),
        sender=white.email,
        text="hello",
        automatic=False,
        key="k1",
        now=timezone.now(),
    )
    assert result.outcome == "refused"
    assert result.status.startswith("550 ") and "Threats by message." in result.status
    assert Message.objects.count() == 1


def test_a_spam_report_lands_in_the_queue_with_a_copy(thread, black, white):
    message = Message.objects.get()
    threads.message_report_spam(message_id=message.pk, reporter=white, now=timezone.now())
    threads.message_report_spam(message_id=message.pk, reporter=white, now=timezone.now())
    Message.objects.all().delete()
    report = Report.objects.get()
    assert (report.kind, report.reporter, report.reported_user) == (
        ReportKind.MESSAGE,
        white,
        black,
    )
    assert "Again?" in report.snapshot and "Rematch?" in report.snapshot
