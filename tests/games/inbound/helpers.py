"""Helpers shared by the play-by-mail tests: a real SMTP/LMTP receiver and reply mails."""

from __future__ import annotations

import itertools
import smtplib
import socket
from email.message import EmailMessage

from games.inbound.address import reply_address_for
from games.models import Game

DOMAIN = "play.example.org"


def smtp_client(receiver) -> smtplib.SMTP:
    port, lmtp = receiver
    # smtplib.LMTP greets with LHLO instead of EHLO; the rest of the dialogue is the same.
    return smtplib.LMTP("127.0.0.1", port) if lmtp else smtplib.SMTP("127.0.0.1", port)


def reply_to(mail, text: str, *, message_id: str, sender: str | None = None) -> EmailMessage:
    """A reply as a mail client writes it: to the Reply-To, the mail's text quoted below."""
    message = EmailMessage()
    message["From"] = sender or mail.to[0]
    message["To"] = mail.reply_to[0]
    message["Subject"] = f"Re: {mail.subject}"
    message["Message-ID"] = message_id
    quoted = "\n".join(f"> {line}" for line in mail.body.splitlines())
    message.set_content(f"{text}\n\nOn Monday, Badux wrote:\n{quoted}\n")
    return message


def address_for(game: Game, user, move_number: int | None = None) -> str:
    number = game.move_number if move_number is None else move_number
    return reply_address_for(user_id=user.pk, game_id=game.pk, move_number=number)


def reply_bytes(
    text: str, *, sender: str, message_id: str | None = None, html: bool = False, **headers
) -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["Subject"] = "Re: [Badux] Your turn against shiro"
    message["Message-ID"] = message_id or f"<reply-{next(_ids)}@example.org>"
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    if html:
        message.set_content(f"<div>{text}</div><blockquote>old</blockquote>", subtype="html")
    else:
        message.set_content(f"{text}\n\nOn Monday, Badux wrote:\n> It is your turn.\n")
    return message.as_bytes()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


_ids = itertools.count(1)
