"""The SMTP/LMTP receiver for reply mails (aiosmtpd), run by `manage.py mail_receiver`.

The mail server in front (Postfix, Exim ...) hands it every mail for INBOUND_MAIL_DOMAIN.
Unknown or altered recipients are refused at RCPT time (550). The message itself is handled
during DATA by `games.inbound.services.inbound_mail_handle` on one worker thread (the Django ORM is
synchronous), and its status line is the answer: 250 once the move was played or the player was
told why not, 5xx for a sender who is not the player, 451 when the database is unavailable, so
the mail server keeps the message and tries again (a repeat plays nothing twice). Any other
error is a final 554: it would recur on every retry, and the player would hear nothing for days.

SMTP takes one reply address per message (a second RCPT gets 452, which servers answer by
sending a second copy); LMTP takes several and answers each one after DATA, as RFC 2033 wants."""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor

from aiosmtpd.controller import Controller
from aiosmtpd.lmtp import LMTP
from aiosmtpd.smtp import SMTP, Envelope, Session
from django.db import DatabaseError, InterfaceError, close_old_connections
from django.utils import timezone

from core.heartbeats import MAIL_RECEIVER, heartbeat_record
from games.inbound.services import inbound_mail_handle, inbound_recipient_check

logger = logging.getLogger(__name__)

# Replies are short; a client that quotes the board picture stays well below this.
MAX_MESSAGE_BYTES = 10 * 1024 * 1024


class ReplyHandler:
    """aiosmtpd handler: checks recipients at RCPT, feeds each message to the game service."""

    def __init__(self, *, lmtp: bool = False) -> None:
        self.lmtp = lmtp
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mail-receiver")

    async def handle_RCPT(  # noqa: N802 (aiosmtpd's hook name)
        self,
        server: SMTP,
        session: Session,
        envelope: Envelope,
        address: str,
        rcpt_options: list[str],
    ) -> str:
        refusal = inbound_recipient_check(address=address)
        if refusal is not None:
            return refusal
        if envelope.rcpt_tos and not self.lmtp:
            return "452 4.5.3 One reply address per message; send the others separately."
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(  # noqa: N802 (aiosmtpd's hook name)
        self, server: SMTP, session: Session, envelope: Envelope
    ) -> str:
        raw = envelope.original_content or envelope.content or b""
        if isinstance(raw, str):
            raw = raw.encode("utf-8", errors="surrogateescape")
        loop = asyncio.get_running_loop()
        statuses = [
            await loop.run_in_executor(self._executor, self.deliver, raw, recipient)
            for recipient in envelope.rcpt_tos
        ]
        # LMTP answers once per recipient; SMTP has exactly one recipient here.
        return "\r\n".join(statuses) if self.lmtp else statuses[0]

    def deliver(self, raw: bytes, recipient: str) -> str:
        """Handle one message for one recipient (worker thread); returns the status line."""
        close_old_connections()
        try:
            result = inbound_mail_handle(raw=raw, recipient=recipient, now=timezone.now())
        except (DatabaseError, InterfaceError):
            logger.exception("Reply mail to %s: database error, asking to retry", recipient)
            return "451 4.3.0 Temporary failure; please try again later."
        except Exception:
            # A bug: the same message would fail again on every retry, and the sending server
            # would retry for days while the player hears nothing. A final answer bounces it
            # now, and the log has the traceback.
            logger.exception("Reply mail to %s: unexpected error, refused", recipient)
            return (
                "554 5.3.0 Badux could not handle this mail (an error on our side, logged for the "
                "site's staff). Look at the game on the site: your move may not have been played."
            )
        finally:
            close_old_connections()
        logger.info("Reply mail to %s: %s", recipient, result.outcome)
        return " ".join(result.status.split())

    def close(self) -> None:
        """Finish the message in hand and stop the worker thread."""
        self._executor.shutdown(wait=True)


class ReceiverController(Controller):
    """aiosmtpd's threaded controller, speaking LMTP instead of SMTP when asked."""

    def __init__(self, handler: ReplyHandler, *, host: str, port: int) -> None:
        super().__init__(
            handler,
            hostname=host,
            port=port,
            data_size_limit=MAX_MESSAGE_BYTES,
            ident="Badux reply receiver",
        )

    def factory(self) -> SMTP:
        protocol = LMTP if self.handler.lmtp else SMTP
        return protocol(self.handler, **self.SMTP_kwargs)


def receiver_start(*, host: str, port: int, lmtp: bool = False) -> ReceiverController:
    """Start listening on host:port in a background thread; call `receiver_stop` to end."""
    controller = ReceiverController(ReplyHandler(lmtp=lmtp), host=host, port=port)
    controller.start()
    return controller


def receiver_stop(controller: ReceiverController) -> None:
    """Stop listening and let the message in hand finish."""
    controller.stop()
    controller.handler.close()


def receiver_heartbeat() -> bool:
    """Record that the receiver is listening (core.heartbeats; the readiness check reads it);
    False, logged, when the database did not answer (the next beat tries again)."""
    close_old_connections()
    try:
        heartbeat_record(name=MAIL_RECEIVER, now=timezone.now())
    except (DatabaseError, InterfaceError):
        logger.warning("Mail receiver: could not record its heartbeat (database unavailable)")
        return False
    finally:
        close_old_connections()
    return True
