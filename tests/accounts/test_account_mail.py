"""allauth's mails go through the outbox: no web request talks SMTP, and a mail server that
hangs or refuses delays the mail and loses none.

A real SMTP server (aiosmtpd) on localhost accepts connections and then answers nothing, as
a hung mail server does, until the test lets it recover. Before, the sign-up request itself
waited on it for EMAIL_TIMEOUT (30 s) and answered 500 with the account made; a refusing
server lost the mail.
"""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from aiosmtpd.controller import Controller
from allauth.account.models import EmailAddress
from celery import current_app
from django.core.mail import EmailMessage, EmailMultiAlternatives
from django.urls import reverse

from accounts.mail import (
    ACCOUNT_MAIL_TASK,
    account_mail_send,
    message_from_json,
    message_to_json,
)
from accounts.models import User
from core.mail import TransientMailError
from core.models import OutboxTask
from tests.conftest import PASSWORD
from tests.messaging.conftest import free_port

pytestmark = pytest.mark.django_db


@dataclass
class HungSMTP:
    """aiosmtpd handler: takes the connection, then answers no EHLO until `recover()`."""

    recovered: threading.Event = field(default_factory=threading.Event)
    greetings: int = 0
    accepted: list = field(default_factory=list)

    async def handle_EHLO(self, server, session, envelope, hostname, responses):
        self.greetings += 1
        while not self.recovered.is_set():
            await asyncio.sleep(0.02)
        session.host_name = hostname
        return responses

    async def handle_DATA(self, server, session, envelope) -> str:
        self.accepted.append(envelope)
        return "250 Message accepted"

    def recover(self) -> None:
        self.recovered.set()


@pytest.fixture
def hung_smtp(settings) -> Iterator[HungSMTP]:
    handler = HungSMTP()
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_TIMEOUT = 1
    yield handler
    handler.recover()
    controller.stop()


@pytest.fixture
def queued(monkeypatch) -> list[list]:
    """The account mails handed to the broker (as a web process does: it never runs them)."""
    sent: list[list] = []

    def apply_async(self, args=None, **options):
        sent.append(list(args or ()))

    task = current_app.tasks[ACCOUNT_MAIL_TASK]
    monkeypatch.setattr(type(task), "apply_async", apply_async)
    return sent


def _sign_up(client, captured) -> int:
    with captured(execute=True):
        return client.post(
            reverse("account_signup"),
            {"username": "kuro", "email": "kuro@example.org", "password1": PASSWORD,
             "password2": PASSWORD},
        ).status_code  # fmt: skip


def test_sign_up_answers_without_talking_to_a_hung_mail_server_and_the_mail_follows(
    client, django_capture_on_commit_callbacks, hung_smtp, queued
):
    assert _sign_up(client, django_capture_on_commit_callbacks) == 302

    assert hung_smtp.greetings == 0  # the request never opened a connection to it
    assert User.objects.filter(username="kuro").exists()
    assert not OutboxTask.objects.exists()  # published: the worker has it
    [(data,)] = queued
    assert data["to"] == ["kuro@example.org"]

    with pytest.raises(TransientMailError):  # the worker's first try: Celery retries it
        account_mail_send(data)
    assert hung_smtp.accepted == []

    hung_smtp.recover()
    assert account_mail_send(data) is True  # a later retry, once the server answers

    [envelope] = hung_smtp.accepted
    assert envelope.rcpt_tos == ["kuro@example.org"]
    link = re.search(rb"http://testserver(/accounts/confirm-email/\S+/)", envelope.content)
    assert link, envelope.content[:2000]
    client.post(link.group(1).decode())
    assert EmailAddress.objects.get(email="kuro@example.org").verified


def test_a_mail_server_that_refuses_the_connection_is_retried_not_lost(settings, queued):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", free_port()  # nothing listens
    data = message_to_json(EmailMessage("Confirm", "Go to ...", "site@example.org", ["a@b.org"]))

    with pytest.raises(TransientMailError):
        account_mail_send(data)


def test_password_reset_and_a_new_address_are_queued_too(
    client, user_factory, django_capture_on_commit_callbacks, queued
):
    player = user_factory(username="shiro", email="shiro@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("account_reset_password"), {"email": "shiro@example.org"})
    client.force_login(player)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("account_email"), {"email": "new@example.org", "action_add": ""})

    assert [data["to"] for (data,) in queued] == [["shiro@example.org"], ["new@example.org"]]
    assert "/accounts/password/reset/key/" in queued[0][0]["body"]


def test_the_mail_travels_whole_as_json():
    message = EmailMultiAlternatives(
        "[Badux] Confirm", "text", "site@example.org", ["a@b.org"], headers={"X-Badux": "1"}
    )
    message.attach_alternative("<p>html</p>", "text/html")

    again = message_from_json(message_to_json(message))

    assert (again.subject, again.body, again.to, again.extra_headers, again.alternatives) == (
        message.subject,
        message.body,
        message.to,
        message.extra_headers,
        [("<p>html</p>", "text/html")],
    )
