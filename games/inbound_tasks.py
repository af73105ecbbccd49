"""The answer to a reply mail that played nothing (Celery task, queued after the commit).

Imported by `GamesConfig.ready()` so workers know the task. Safe to run twice: a record that
was already answered is skipped. Only transient SMTP and network errors are retried.
"""

from __future__ import annotations

import smtplib

from celery import shared_task
from django.conf import settings
from django.core.mail import EmailMessage
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from .models import InboundMail
from .reply_address import reply_address_for

_TRANSIENT = (
    smtplib.SMTPServerDisconnected,
    smtplib.SMTPConnectError,
    ConnectionError,
    TimeoutError,
)


def enqueue_on_commit(task, *args: object) -> None:
    """Queue `task.delay(*args)` once the current transaction commits (never before)."""
    transaction.on_commit(lambda: task.delay(*args))


def _site_url(path: str) -> str:
    return f"{getattr(settings, 'SITE_URL', '').rstrip('/')}{path}"


def inbound_reply_message(record: InboundMail) -> EmailMessage:
    """The plain-text answer: why nothing was played, where the game stands, how to retry."""
    user = record.user
    game = record.game
    lines = [f"Hello {user.username},", ""]
    reply_to = None
    if game is None:
        lines.append(f"Nothing was played: {record.detail}")
    else:
        black, white = game.black.username, game.white.username
        lines += [f"Nothing was played in game {game.pk} ({black} – {white}):", record.detail, ""]
        if game.is_over:
            lines.append(f"The game is over: {game.result}.")
        elif game.player_to_move_id == user.pk:
            lines.append(f"It is your turn: {game.move_number} moves have been played.")
            reply_to = reply_address_for(
                user_id=user.pk, game_id=game.pk, move_number=game.move_number
            )
        else:
            lines.append(f"It is {game.player(game.to_move).username}'s turn.")
        lines.append(_site_url(reverse("games:board", args=[game.pk])))
    if reply_to:
        lines += [
            "",
            "To play by e-mail, reply to this mail with your move alone on the first line:",
            "a coordinate such as D4, or pass, or resign.",
        ]
    lines.append(f"\nYour mail began with: {record.first_line or '(no text)'}")
    subject = record.subject or (f"Your move in game {game.pk}" if game else "Your move")
    if not subject.lower().startswith("re:"):
        subject = f"Re: {subject}"
    headers = {"Auto-Submitted": "auto-replied"}
    if record.message_id:
        headers["In-Reply-To"] = record.message_id
        headers["References"] = record.message_id
    return EmailMessage(
        subject=subject,
        body="\n".join(lines) + "\n",
        to=[record.sender],
        reply_to=[reply_to] if reply_to else None,
        headers=headers,
    )


@shared_task(
    name="games.inbound_reply_send",
    autoretry_for=_TRANSIENT,
    retry_backoff=60,
    max_retries=5,
)
def inbound_reply_send(inbound_mail_id: int) -> bool:
    """Send the answer to a refused reply mail, once; False when there is nothing to send."""
    record = (
        InboundMail.objects.select_related("user", "game__black", "game__white")
        .filter(pk=inbound_mail_id, replied__isnull=True)
        .exclude(detail="")
        .first()
    )
    if record is None or record.user is None or not record.sender:
        return False
    inbound_reply_message(record).send()
    InboundMail.objects.filter(pk=record.pk).update(replied=timezone.now())
    return True
