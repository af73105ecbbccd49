"""Sending through a real SMTP server (aiosmtpd on localhost): transient refusals are retried
with the same notification, permanent ones are not, and nothing is sent twice."""

from __future__ import annotations

import datetime as dt

import pytest
from celery import shared_task
from django.utils import timezone

from accounts.services import notify_modes_set
from core.mail import RETRY_OPTIONS, TransientMailError
from messaging.notifications import services, tasks
from messaging.notifications.models import Digest, Event, Notification
from tests.messaging.conftest import free_port


@shared_task(name="tests.messaging.notify_once", **RETRY_OPTIONS)
def notify_once(user_id: int, key: str) -> bool:
    """A task shaped like the games tasks: record, then mail once."""
    from accounts.models import User
    from core.mail import InlineImage, MailContent
    from tests.messaging.conftest import dot_png

    return services.notify(
        user=User.objects.get(pk=user_id),
        event=Event.GAME_OVER,
        key=key,
        text="Game 7 is over.",
        url="/games/7/",
        now=timezone.now(),
        mail=lambda: MailContent(
            subject="Over",
            template="messaging_test/note",
            context={"greeting": "Good game"},
            images=(InlineImage(cid="dot", png=dot_png()),),
        ),
    ).mailed


pytestmark = pytest.mark.usefixtures("eager_retries")


@pytest.fixture
def player(user_factory):
    return user_factory(username="kuro")


@pytest.mark.parametrize("reply", ["451 4.3.0 Try again later", "421 4.7.0 Too busy, closing"])
def test_a_transient_refusal_is_retried_and_then_delivered_once(
    smtp_server, note_templates, player, reply
):
    server = smtp_server(failures=1, reply=reply)

    result = notify_once.delay(player.pk, "over:7")

    assert result.get() is True
    assert server.attempts == 2
    [envelope] = server.accepted
    assert envelope.rcpt_tos == [player.email]
    assert b"Good game" in envelope.content
    assert b"List-Unsubscribe-Post: List-Unsubscribe=One-Click" in envelope.content
    assert Notification.objects.get().mailed is not None

    assert notify_once.delay(player.pk, "over:7").get() is False
    assert server.attempts == 2


def test_a_permanent_refusal_is_not_retried(smtp_server, note_templates, player):
    server = smtp_server(failures=10, reply="550 5.1.1 No such mailbox")

    assert notify_once.delay(player.pk, "over:7").get() is False

    assert server.attempts == 1
    notification = Notification.objects.get()
    assert notification.mail_error.startswith("550")
    assert notify_once.delay(player.pk, "over:7").get() is False
    assert server.attempts == 1


def test_an_unreachable_server_is_retried_until_the_limit(settings, note_templates, player):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = free_port()  # nobody listens: connection refused
    settings.EMAIL_TIMEOUT = 2

    with pytest.raises(TransientMailError):
        notify_once.delay(player.pk, "over:7").get()

    # The claim was released, so a later run still sends it.
    assert Notification.objects.get().mailed is None


def test_the_digest_task_retries_a_transient_refusal_and_sends_one_digest(
    smtp_server, user_factory, settings
):
    server = smtp_server(failures=2)
    now = dt.datetime.now(tz=dt.UTC)
    settings.MESSAGING_DIGEST_HOUR = now.hour
    player = user_factory(time_zone="UTC")
    notify_modes_set(user=player, modes={"chat": "digest"})
    services.notification_record(
        user=player, event=Event.CHAT, key="chat:1", text="hi", url="/", now=now
    )

    digest_id = tasks.digest_send.delay(player.pk).get()

    assert server.attempts == 3
    assert len(server.accepted) == 1
    assert Digest.objects.get(pk=digest_id).mailed is not None
    assert tasks.digest_send.delay(player.pk).get() == digest_id
    assert server.attempts == 3
