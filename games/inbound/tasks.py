"""The answer to a reply mail that played nothing (Celery task, queued after the commit).

Workers know the task through `CELERY_IMPORTS` (`games.inbound.sweeps`, which imports
`games.inbound`, which imports this module). This module never imports `games.inbound`: the
service enqueues the task, not the other way round. Safe to run twice: the task claims
the record before sending, so a record that was already answered is skipped. Sending goes
through `core.mail`: transient refusals (disconnects, 4xx) release the claim and retry
with backoff, permanent ones (5xx) are logged and not retried."""

from __future__ import annotations

import logging

from celery import shared_task
from django.core.mail import EmailMessage
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from accounts.locale import reader_locale
from core.mail import (
    RETRY_OPTIONS,
    PermanentMailError,
    TransientMailError,
    message_send,
    site_url,
)
from games.inbound.address import reply_address_for
from games.models import InboundMail

logger = logging.getLogger(__name__)


def inbound_reply_message(record: InboundMail) -> EmailMessage:
    """The plain-text answer: why nothing was played, where the game stands, how to retry."""
    user = record.user
    game = record.game
    with reader_locale(user=user):
        return _reply(record, user, game)


def _reply(record: InboundMail, user, game) -> EmailMessage:
    lines = [gettext("Hello %(name)s,") % {"name": user.username}, ""]
    reply_to = None
    if game is None:
        lines.append(gettext("Nothing was played: %(why)s") % {"why": record.detail})
    else:
        black, white = game.black.username, game.white.username
        lines += [
            gettext("Nothing was played in game %(game)s (%(black)s – %(white)s):")
            % {"game": game.pk, "black": black, "white": white},
            record.detail,
            "",
        ]
        if game.is_over:
            lines.append(gettext("The game is over: %(result)s.") % {"result": game.result_label})
        elif game.is_adjourned:  # nobody's turn: no reply address either
            lines.append(
                gettext(
                    "The moderators adjourned this game while a player is suspended: nobody "
                    "can move until it resumes."
                )
            )
        elif game.player_to_move_id == user.pk:
            lines.append(
                ngettext(
                    "It is your turn: %(count)s move has been played.",
                    "It is your turn: %(count)s moves have been played.",
                    game.move_number,
                )
                % {"count": game.move_number}
            )
            reply_to = reply_address_for(
                user_id=user.pk, game_id=game.pk, move_number=game.move_number
            )
        else:
            lines.append(
                gettext("It is %(name)s's turn.") % {"name": game.player(game.to_move).username}
            )
        lines.append(site_url(reverse("games:board", args=[game.pk])))
    if reply_to:
        lines += [
            "",
            gettext(
                "To play by e-mail, reply to this mail with your move alone on the first line:"
            ),
            gettext("a coordinate such as D4, or pass, or resign."),
        ]
    lines.append(
        "\n"
        + gettext("Your mail began with: %(line)s")
        % {"line": record.first_line or gettext("(no text)")}
    )
    subject = record.subject or (
        gettext("Your move in game %(game)s") % {"game": game.pk} if game else gettext("Your move")
    )
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


@shared_task(name="games.inbound_reply_send", **RETRY_OPTIONS)
def inbound_reply_send(inbound_mail_id: int) -> bool:
    """Send the answer to a refused reply mail, once. Returns whether this call sent it (False
    when there is nothing to send, it was already sent, or the server refused it for good)."""
    record = (
        InboundMail.objects.select_related("user", "game__black", "game__white")
        .filter(pk=inbound_mail_id, replied__isnull=True)
        .exclude(detail="")
        .first()
    )
    if record is None or record.user is None or not record.sender:
        return False
    claimed = InboundMail.objects.filter(pk=record.pk, replied__isnull=True).update(
        replied=timezone.now()
    )
    if not claimed:
        return False
    try:
        message_send(inbound_reply_message(record))
    except TransientMailError:
        InboundMail.objects.filter(pk=record.pk).update(replied=None)
        raise
    except PermanentMailError as exc:
        logger.warning("Answer to reply mail %s refused: %s", record.pk, exc)
        return False
    return True
