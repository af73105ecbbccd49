"""Answering a private message by replying to its notification mail.

The notification mail's Reply-To is a signed `msg+...` address (`messaging.replies.address`)
naming the recipient and the thread. The play-by-mail receiver (`games.inbound.receiver`) takes
every mail for INBOUND_MAIL_DOMAIN, parses it and hands a `msg+` one here; each function
returns the SMTP/LMTP status line. The reply's own text (above the quoted mail) becomes a
message in the thread through `threads.message_send`, with the same ignore list, limits and
checks as on the site. Refusals are 5xx answers in the SMTP dialogue, so the sending server
bounces them to the writer with our reason: the sender has been checked to be the player's
own verified address by then, and an altered or unknown address is refused at RCPT."""

from __future__ import annotations

import datetime as dt
from typing import NamedTuple

from allauth.account.models import EmailAddress
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError

from accounts.models import User
from core.refusals import refusal_of
from messaging.messages.models import Message, ThreadMember
from messaging.messages.services import message_send
from messaging.replies.address import (
    BadReplyAddress,
    bad_address_line,
    message_reply_address_read,
)


class ReplyOutcome(NamedTuple):
    """The status line to answer with, and a short word for the log."""

    status: str
    outcome: str


NO_PLAYER_LINE = "550 5.1.1 This player's account no longer exists."
AUTOMATIC_LINE = "250 2.0.0 Automatic mail (auto-reply, bounce) ignored."
_MESSAGE_ADVICE = "Answer the message on the site instead."


def reply_sender_refusal(*, user: User, sender: str) -> str | None:
    """None when `sender` (a reply mail's From address) is one of `user`'s addresses (their
    account's, or another verified one; case does not matter), else the 550 line that refuses
    the reply. Every kind of reply address checks its sender here."""
    sender = (sender or "").strip()
    if sender:
        if user.email and user.email.lower() == sender.lower():
            return None
        if EmailAddress.objects.filter(user=user, verified=True, email__iexact=sender).exists():
            return None
    return (
        f"550 5.7.1 The sender <{sender or 'unknown'}> is not the e-mail address of the player "
        "this reply address was made for; reply from the address of your Badux account."
    )


def message_reply_check(*, address: str) -> str | None:
    """None when `address` is an intact message reply address, else the 550 line to answer at
    RCPT time. Checks the signature only (no database)."""
    try:
        message_reply_address_read(address)
    except BadReplyAddress as error:
        return bad_address_line(address, error, _MESSAGE_ADVICE)
    return None


def message_reply_receive(
    *, recipient: str, sender: str, text: str, automatic: bool, key: str, now: dt.datetime
) -> ReplyOutcome:
    """Add the reply mail's `text` (already stripped of quoted history) to the thread the
    signed `recipient` address names, written by its player. `sender` is the mail's From
    address, `key` its dedupe key (a repeat delivery adds nothing), `automatic` whether it is
    an auto-reply or bounce (ignored). Never raises for bad input; database errors propagate
    (the receiver answers 451)."""
    try:
        token = message_reply_address_read(recipient)
    except BadReplyAddress as error:
        return ReplyOutcome(bad_address_line(recipient, error, _MESSAGE_ADVICE), "bad_address")
    user = User.objects.filter(pk=token.user_id, is_active=True).first()
    if user is None:
        return ReplyOutcome(NO_PLAYER_LINE, "no_player")
    if automatic:
        return ReplyOutcome(AUTOMATIC_LINE, "ignored")
    refusal = reply_sender_refusal(user=user, sender=sender)
    if refusal:
        return ReplyOutcome(refusal, "wrong_sender")
    if not ThreadMember.objects.filter(thread_id=token.thread_id, user=user).exists():
        return ReplyOutcome("550 5.1.1 This conversation no longer exists.", "no_thread")
    if Message.objects.filter(mail_key=key).exists():
        return ReplyOutcome("250 2.0.0 Already handled (same Message-ID).", "duplicate")
    try:
        message_send(thread_id=token.thread_id, sender=user, body=text, now=now, mail_key=key)
    except IntegrityError:
        return ReplyOutcome("250 2.0.0 Already handled (same Message-ID).", "duplicate")
    except (PermissionDenied, ValidationError) as error:
        reason = refusal_of(error).message
        if not text:
            reason = "the reply had no text of its own above the quoted mail."
        return ReplyOutcome(
            f"550 5.7.1 Your reply was not sent: {' '.join(reason.split())}", "refused"
        )
    return ReplyOutcome("250 2.0.0 Message sent.", "sent")
