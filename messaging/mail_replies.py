"""Answering a private message by replying to its notification mail.

The notification mail's Reply-To is a signed `msg+...` address (`messaging.reply_address`)
naming the recipient and the thread. The play-by-mail receiver (`games.mail_receiver`) takes
every mail for INBOUND_MAIL_DOMAIN, parses it and hands a `msg+` one here; each function
returns the SMTP/LMTP status line. The reply's own text (above the quoted mail) becomes a
message in the thread through `threads.message_send`, with the same ignore list, limits and
checks as on the site. Refusals are 5xx answers in the SMTP dialogue, so the sending server
bounces them to the writer with our reason: the sender has been checked to be the player's
own verified address by then, and an altered or unknown address is refused at RCPT.
"""

from __future__ import annotations

import datetime as dt
from typing import NamedTuple

from allauth.account.models import EmailAddress
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError

from accounts.models import User

from .models import Message, ThreadMember
from .reply_address import BadReplyAddress, message_reply_address_read
from .threads import message_send


class ReplyOutcome(NamedTuple):
    """The status line to answer with, and a short word for the log."""

    status: str
    outcome: str


def _bad_address(address: str, error: BadReplyAddress) -> str:
    shown = address.strip().strip("<>")[:100]
    return f"550 5.1.1 <{shown}>: {error}. Answer the message on the site instead."


def message_reply_check(*, address: str) -> str | None:
    """None when `address` is an intact message reply address, else the 550 line to answer at
    RCPT time. Checks the signature only (no database)."""
    try:
        message_reply_address_read(address)
    except BadReplyAddress as error:
        return _bad_address(address, error)
    return None


def _is_users_address(user: User, sender: str) -> bool:
    if not sender:
        return False
    if user.email and user.email.lower() == sender.lower():
        return True
    return EmailAddress.objects.filter(user=user, verified=True, email__iexact=sender).exists()


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
        return ReplyOutcome(_bad_address(recipient, error), "bad_address")
    user = User.objects.filter(pk=token.user_id, is_active=True).first()
    if user is None:
        return ReplyOutcome("550 5.1.1 This player's account no longer exists.", "no_player")
    if automatic:
        return ReplyOutcome("250 2.0.0 Automatic mail (auto-reply, bounce) ignored.", "ignored")
    if not _is_users_address(user, sender):
        return ReplyOutcome(
            f"550 5.7.1 The sender <{sender or 'unknown'}> is not the e-mail address of the "
            "player this reply address was made for; reply from the address of your Badux "
            "account.",
            "wrong_sender",
        )
    if not ThreadMember.objects.filter(thread_id=token.thread_id, user=user).exists():
        return ReplyOutcome("550 5.1.1 This conversation no longer exists.", "no_thread")
    if Message.objects.filter(mail_key=key).exists():
        return ReplyOutcome("250 2.0.0 Already handled (same Message-ID).", "duplicate")
    try:
        message_send(thread_id=token.thread_id, sender=user, body=text, now=now, mail_key=key)
    except IntegrityError:
        return ReplyOutcome("250 2.0.0 Already handled (same Message-ID).", "duplicate")
    except (PermissionDenied, ValidationError) as error:
        reason = " ".join(getattr(error, "messages", None) or [str(error)])
        if not text:
            reason = "the reply had no text of its own above the quoted mail."
        return ReplyOutcome(
            f"550 5.7.1 Your reply was not sent: {' '.join(reason.split())}", "refused"
        )
    return ReplyOutcome("250 2.0.0 Message sent.", "sent")
