"""Account mail (allauth's sign-up verification, password reset, e-mail change, ...) through the
outbox: the allauth adapter (accounts.adapter) renders each mail in the request and hands it to
`account_mail_queue`; the task `account_mail_send` sends it after the commit, retried on the
mail server's transient errors like every other mail. No web request talks SMTP. The task keeps
the name it had when messaging sent account mail (queued rows name it).

The rendered mail travels as the task's JSON argument (`message_to_json`), so nothing is
rendered twice and the links are the ones made for the request.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task
from django.core.mail import EmailMessage, EmailMultiAlternatives

from core.mail import RETRY_OPTIONS, PermanentMailError, message_send
from core.outbox import enqueue_on_commit

logger = logging.getLogger(__name__)

ACCOUNT_MAIL_TASK = "messaging.account_mail_send"


def message_to_json(message: EmailMessage) -> dict[str, Any]:
    """A text mail with optional alternatives (what allauth renders) as JSON-safe data.
    Raises ValueError for attachments, which account mail never has."""
    if message.attachments:
        raise ValueError("Account mail with attachments cannot be queued.")
    return {
        "subject": message.subject,
        "body": message.body,
        "from_email": message.from_email,
        "to": list(message.to),
        "cc": list(message.cc),
        "bcc": list(message.bcc),
        "reply_to": list(message.reply_to),
        "headers": dict(message.extra_headers),
        "content_subtype": message.content_subtype,
        "alternatives": [
            [content, mimetype] for content, mimetype in getattr(message, "alternatives", [])
        ],
    }


def message_from_json(data: dict[str, Any]) -> EmailMultiAlternatives:
    """The mail `message_to_json` described."""
    message = EmailMultiAlternatives(
        subject=data["subject"],
        body=data["body"],
        from_email=data["from_email"],
        to=data["to"],
        cc=data["cc"],
        bcc=data["bcc"],
        reply_to=data["reply_to"],
        headers=data["headers"],
    )
    message.content_subtype = data["content_subtype"]
    for content, mimetype in data["alternatives"]:
        message.attach_alternative(content, mimetype)
    return message


def account_mail_queue(message: EmailMessage) -> None:
    """Record the send of `message` in the caller's transaction; the outbox publishes it after
    the commit."""
    enqueue_on_commit(ACCOUNT_MAIL_TASK, message_to_json(message))


@shared_task(name=ACCOUNT_MAIL_TASK, **RETRY_OPTIONS)
def account_mail_send(data: dict[str, Any]) -> bool:
    """Send one queued account mail; True when the server took it, False when it refused it
    for good (logged). TransientMailError (a server that hangs, refuses the connection or
    answers 4xx) retries the task. Running it twice can send the mail twice, which for a
    verification or reset link is harmless."""
    try:
        message_send(message_from_json(data))
    except PermanentMailError:
        logger.warning("Account mail to %s refused for good", data["to"], exc_info=True)
        return False
    return True
