"""Answering a private message by replying to its notification mail, end to end: the real
aiosmtpd receiver (SMTP and LMTP) routes `msg+` addresses to messaging; the reply's own text
lands in the thread once, with the ignore list, the limits and the sender check applied."""

from __future__ import annotations

import smtplib
from email.message import EmailMessage

import pytest
from django.utils import timezone

from accounts.models import RelationKind
from accounts.services import relation_set
from games.inbound.parse import own_text
from messaging.messages import services as threads
from messaging.messages.models import Message
from messaging.replies.address import (
    BadReplyAddress,
    ShortSigner,
    message_reply_address,
    message_reply_address_read,
)
from messaging.replies.services import message_reply_receive
from tests.games.inbound.helpers import DOMAIN, reply_to, smtp_client

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("inbound_domain")]


@pytest.fixture
def thread(black, white, mailoutbox, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        return threads.thread_start(
            sender=black,
            recipient=white,
            subject="Rematch?",
            body="Shall we play again?",
            now=timezone.now(),
        )


def _notice(mailoutbox, user):
    mails = [m for m in mailoutbox if m.to == [user.email] and m.reply_to]
    assert mails, "no message mail with a Reply-To"
    return mails[-1]


def _send(receiver, message: EmailMessage):  # noqa: F811 (the fixture name is reused)
    with smtp_client(receiver) as client:
        return client.send_message(message)


def test_a_reply_to_the_mail_is_a_message_in_the_thread_once(
    receiver,  # noqa: F811
    thread,
    black,
    white,
    mailoutbox,
):
    mail = _notice(mailoutbox, white)
    assert mail.reply_to[0].startswith("msg+") and mail.reply_to[0].endswith(f"@{DOMAIN}")
    assert "Reply to this e-mail to answer kuro" in mail.body
    reply = reply_to(mail, "Yes, gladly!\n\nSunday suits me.", message_id="<m1@example.org>")
    _send(receiver, reply)
    _send(receiver, reply)  # delivered twice: one message
    messages = list(thread.messages.order_by("pk").values_list("author__username", "body"))
    assert messages == [
        ("kuro", "Shall we play again?"),
        ("shiro", "Yes, gladly!\n\nSunday suits me."),
    ]
    # kuro hears of it like of any message, with his own reply address.
    notice = _notice(mailoutbox, black)
    assert "Sunday suits me." in notice.body
    assert message_reply_address_read(notice.reply_to[0]).user_id == black.pk


def test_a_stranger_the_ignore_list_and_an_empty_reply_are_refused(
    receiver,  # noqa: F811
    thread,
    black,
    white,
    mailoutbox,
):
    mail = _notice(mailoutbox, white)
    with pytest.raises(smtplib.SMTPDataError) as refused:
        _send(receiver, reply_to(mail, "hi", message_id="<s@x>", sender="eve@example.net"))
    assert refused.value.smtp_code == 550
    with pytest.raises(smtplib.SMTPDataError) as empty:
        _send(receiver, reply_to(mail, "", message_id="<e@x>"))
    assert b"no text of its own" in empty.value.smtp_error
    relation_set(owner=black, target=white, kind=RelationKind.IGNORE, now=timezone.now())
    with pytest.raises(smtplib.SMTPDataError) as ignored:
        _send(receiver, reply_to(mail, "hello?", message_id="<i@x>"))
    assert b"does not accept messages" in ignored.value.smtp_error
    assert thread.messages.count() == 1


def test_an_altered_address_is_refused_at_rcpt(receiver, thread, white, mailoutbox):  # noqa: F811
    mail = _notice(mailoutbox, white)
    address = mail.reply_to[0]
    broken = address.replace("msg+", "msg+1", 1)
    with smtp_client(receiver) as client, pytest.raises(smtplib.SMTPRecipientsRefused) as error:
        client.sendmail(white.email, [broken], b"Subject: x\r\n\r\nhello\r\n")
    ((code, text),) = error.value.recipients.values()
    assert code == 550
    assert b"Answer the message on the site" in text
    assert thread.messages.count() == 1


def test_the_service_refuses_a_rate_limited_reply(thread, white, settings):
    settings.FLOOD_LIMITS = {"message": (0, 3600)}
    address = message_reply_address(user_id=white.pk, thread_id=thread.pk)
    result = message_reply_receive(
        recipient=address,
        sender="SHIRO@example.org",
        text="hello",
        automatic=False,
        key="k1",
        now=timezone.now(),
    )
    assert result.outcome == "refused" and "0 messages in the last hour" in result.status
    auto = message_reply_receive(
        recipient=address,
        sender=white.email,
        text="x",
        automatic=True,
        key="k2",
        now=timezone.now(),
    )
    assert auto.outcome == "ignored"
    assert Message.objects.count() == 1


def test_addresses_are_off_without_a_domain_and_refuse_other_salts(settings, thread, white):
    good = message_reply_address(user_id=white.pk, thread_id=thread.pk)
    assert message_reply_address_read(good.upper()).thread_id == thread.pk
    # The same shape signed with the games' salt is not a message address.
    token = ShortSigner(salt="games.inbound.address", sep=".").sign(f"{thread.pk}-{white.pk}")
    with pytest.raises(BadReplyAddress, match="altered"):
        message_reply_address_read(f"msg+{token}@{DOMAIN}")
    settings.INBOUND_MAIL_DOMAIN = ""
    assert message_reply_address(user_id=white.pk, thread_id=thread.pk) is None


@pytest.mark.parametrize(
    ("body", "text"),
    [
        ("Yes!\n\nOn Mon, Badux wrote:\n> Shall we?\n> x", "Yes!"),
        ("Line one\n\n\n\nLine two\n-- \nMy signature", "Line one\n\nLine two"),
        ("> only quoted\n> text", ""),
        ("a\x00b\x07c\n-----Original Message-----\nold", "a b c"),
        ("Above\n> quoted\nBelow the quote", "Above\nBelow the quote"),
    ],
)
def test_own_text_keeps_what_the_writer_wrote(body, text):
    assert own_text(body) == text
