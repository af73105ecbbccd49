"""Play by e-mail, the answer to a refused reply, through a real SMTP server (aiosmtpd on
localhost): a transient refusal is retried and delivered once, a permanent one is not retried,
and an unreachable server leaves the answer to a later run."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from core.mail import TransientMailError
from games.inbound.address import reply_address_for
from games.inbound.services import inbound_mail_handle
from games.inbound.tasks import inbound_reply_send
from games.models import InboundMail
from tests.games.conftest import NOW
from tests.messaging.conftest import eager_retries, free_port, smtp_server  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_retries")]


@pytest.fixture(autouse=True)
def _domain(settings):
    settings.INBOUND_MAIL_DOMAIN = "play.example.org"


@pytest.fixture
def refused_reply(game_factory, black, django_capture_on_commit_callbacks):
    """Black replies "hello" (no move): the game is unchanged and an answer is queued."""

    def send() -> InboundMail:
        game = game_factory()
        message = EmailMessage()
        message["From"] = black.email
        message["Subject"] = "Re: [Badux] Your turn against shiro"
        message["Message-ID"] = "<hello@example.org>"
        message.set_content("hello\n")
        recipient = reply_address_for(user_id=black.pk, game_id=game.pk, move_number=0)
        with django_capture_on_commit_callbacks(execute=True):
            inbound_mail_handle(raw=message.as_bytes(), recipient=recipient, now=NOW)
        game.refresh_from_db()
        assert game.move_number == 0
        return InboundMail.objects.get()

    return send


@pytest.mark.parametrize("reply", ["451 4.3.0 Try again later", "421 4.7.0 Too busy, closing"])
def test_a_transient_refusal_is_retried_and_the_answer_sent_once(
    smtp_server,  # noqa: F811
    refused_reply,
    black,
    reply,
):
    server = smtp_server(failures=1, reply=reply)

    record = refused_reply()

    assert server.attempts == 2
    [envelope] = server.accepted
    assert envelope.rcpt_tos == [black.email]
    assert b"Nothing was played in game" in envelope.content
    assert b"In-Reply-To: <hello@example.org>" in envelope.content
    assert record.replied is not None
    assert inbound_reply_send(record.pk) is False
    assert server.attempts == 2


def test_a_permanent_refusal_is_not_retried(smtp_server, refused_reply):  # noqa: F811
    server = smtp_server(failures=10, reply="550 5.1.1 No such mailbox")

    record = refused_reply()

    assert server.attempts == 1
    assert server.accepted == []
    assert inbound_reply_send(record.pk) is False
    assert server.attempts == 1


def test_an_unreachable_server_releases_the_answer_for_a_later_run(
    settings,
    smtp_server,  # noqa: F811
    refused_reply,
):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = free_port()  # nobody listens: connection refused
    settings.EMAIL_TIMEOUT = 2

    record = refused_reply()  # the queued answer fails on every retry: connection refused
    assert record.replied is None
    with pytest.raises(TransientMailError):
        inbound_reply_send(record.pk)
    record.refresh_from_db()
    assert record.replied is None

    server = smtp_server()
    assert inbound_reply_send(record.pk) is True
    assert len(server.accepted) == 1
    record.refresh_from_db()
    assert record.replied is not None
