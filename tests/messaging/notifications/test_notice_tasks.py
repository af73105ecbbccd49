"""Notice tasks in two halves: the record half (game work) records the notice and sends no mail;
its mail half (mail queue) sends the mail, once; a silent mail server holds up no notice."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest
from celery import current_app

from core.mail import TransientMailError
from core.models import OutboxTask
from messaging.messages import services as threads
from messaging.messages.tasks import notify_message
from messaging.notifications.models import Notification
from tests.messaging.conftest import NOW

pytestmark = pytest.mark.django_db


@pytest.fixture
def message(user_factory):
    kuro, shiro = user_factory(username="kuro"), user_factory(username="shiro")
    thread = threads.thread_start(sender=kuro, recipient=shiro, subject="Hi", body="GG", now=NOW)
    return thread.messages.get()


@pytest.fixture
def silent_smtp(settings) -> Iterator[None]:
    """A mail server that accepts connections and never says a word (EMAIL_TIMEOUT 1 s)."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(16)
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST, settings.EMAIL_PORT = server.getsockname()
        settings.EMAIL_TIMEOUT = 1
        yield


def test_the_record_half_records_the_notice_and_queues_its_mail_half(message, mailoutbox):
    # Not committed (no on-commit hooks run): the mail half stays in the outbox.
    assert notify_message(message.pk) is True

    assert Notification.objects.filter(user__username="shiro").count() == 1
    assert mailoutbox == []
    [row] = OutboxTask.objects.filter(task="messaging.notify_message_mail")
    assert row.args == [message.pk]

    send = current_app.tasks["messaging.notify_message_mail"]
    assert send(message.pk) is True
    assert send(message.pk) is False
    assert [m.to for m in mailoutbox] == [["shiro@example.org"]]
    assert Notification.objects.filter(user__username="shiro").count() == 1


def test_a_silent_mail_server_does_not_hold_up_the_notice(message, silent_smtp):
    assert notify_message(message.pk) is True
    assert Notification.objects.filter(user__username="shiro").exists()

    # The mail half meets the silence (here after EMAIL_TIMEOUT) and is retried later.
    with pytest.raises(TransientMailError):
        current_app.tasks["messaging.notify_message_mail"].run(message.pk)
    assert Notification.objects.get(user__username="shiro").mailed is None


def test_a_record_half_run_twice_before_its_mail_sends_the_mail_once(
    message, mailoutbox, django_capture_on_commit_callbacks
):
    assert notify_message(message.pk) is True
    with django_capture_on_commit_callbacks(execute=True):
        assert notify_message(message.pk) is True
    send = current_app.tasks["messaging.notify_message_mail"]
    assert send(message.pk) is False
    assert len(mailoutbox) == 1


def test_every_task_that_talks_smtp_runs_on_the_mail_queue_and_no_other():
    router = current_app.amqp.router
    # The site's tasks: not Celery's own, nor those other test modules register.
    names = [name for name in current_app.tasks if not name.startswith(("celery.", "tests."))]
    queues = {name: router.route({}, name, (), {})["queue"].name for name in names}
    talks_smtp = {
        name
        for name in names
        if TransientMailError in (getattr(current_app.tasks[name], "autoretry_for", None) or ())
    }
    assert {name for name, queue in queues.items() if queue == "mail"} == talks_smtp
    # The record halves of notices, the sweeps and the tournament rounds: game work.
    for name in ("games.notify_turn", "games.sweep_clocks", "ladder.tournament_advance"):
        assert queues[name] == "celery"
    assert queues["games.notify_turn_mail"] == "mail"
    assert queues["bots.staff_mail"] == "mail"
    assert queues["bots.move"] == "bots"
