"""Building and sending one mail: plain text plus HTML from Django templates, inline PNGs,
unsubscribe and threading headers, a per-recipient envelope sender, and a split of SMTP
failures into transient (retry) and permanent.

Tasks that send mail use `RETRY_OPTIONS`: Celery retries them, with exponential backoff, on
`TransientMailError` (and on a database error of the moment, as every task).
"""

from __future__ import annotations

import smtplib
from collections.abc import Mapping
from dataclasses import dataclass, field
from email.mime.image import MIMEImage
from email.utils import make_msgid
from urllib.parse import urlsplit

from django.conf import settings
from django.core.mail import EmailMessage, EmailMultiAlternatives
from django.db import OperationalError
from django.template.loader import render_to_string

from core.metrics import MAIL_FAILED, MAIL_SENT


class TransientMailError(Exception):
    """The mail server could not take the mail now (disconnect, refused connection, 4xx)."""


class PermanentMailError(Exception):
    """The mail server refused the mail for good (5xx); retrying would not help."""


# Celery options of every task that sends mail: retried on the mail server's transient errors
# and, like every task (baduxsite.celery.BaduxTask), on a database error of the moment. Waits of
# 30 s doubling to at most 5 minutes, 24 times: about two hours of a mail server's outage. The
# longest wait stays below the broker's visibility timeout (10 minutes), so a waiting retry is
# never delivered twice.
RETRY_OPTIONS: dict[str, object] = {
    "autoretry_for": (TransientMailError, OperationalError),
    "retry_backoff": 30,
    "retry_backoff_max": 5 * 60,
    "retry_jitter": True,
    "max_retries": 24,
}


@dataclass(frozen=True)
class InlineImage:
    """A PNG shown inside the HTML part; the template refers to it as `cid:<cid>`."""

    cid: str
    png: bytes


@dataclass(frozen=True)
class MailContent:
    """What a caller wants to say. `template` names two templates, `<template>.txt` and
    `<template>.html`, rendered with `context` plus the links added by messaging
    (`site_url`, `unsubscribe_url`, `preferences_url`, `notifications_url`).

    `reply_to` sets the Reply-To header, e.g. a per-game address that takes moves by mail.
    `thread` names the conversation the mail belongs to (e.g. "game-12"): every mail of one
    thread refers to the same root Message-ID, so mail clients show them together.
    """

    subject: str
    template: str
    context: Mapping[str, object] = field(default_factory=dict)
    images: tuple[InlineImage, ...] = ()
    reply_to: tuple[str, ...] = ()
    thread: str = ""


def site_url(path: str = "") -> str:
    """Absolute URL of a site path, from settings.SITE_URL."""
    return f"{settings.SITE_URL.rstrip('/')}{path}"


def _mail_domain() -> str:
    return urlsplit(settings.SITE_URL).hostname or "localhost"


def thread_headers(thread: str) -> dict[str, str]:
    """Message-ID, In-Reply-To and References for a new mail in the conversation `thread`: its
    own id, and the thread's fixed root id (`<thread@site domain>`) as the parent. Clients that
    thread by references (most; Gmail also wants the same subject) group them."""
    domain = _mail_domain()
    root = f"<{thread}@{domain}>"
    return {"Message-ID": make_msgid(domain=domain), "In-Reply-To": root, "References": root}


def message_build(
    *,
    to: str,
    content: MailContent,
    unsubscribe_url: str,
    extra_context: Mapping[str, object],
    return_path: str | None = None,
) -> EmailMultiAlternatives:
    """The complete message: text and HTML alternatives with the images as related parts,
    and RFC 2369 / RFC 8058 one-click unsubscribe headers pointing at `unsubscribe_url`.

    `return_path`: the envelope sender, where delivery reports go (a per-recipient address,
    messaging.bounces); the `From:` header stays DEFAULT_FROM_EMAIL. None keeps the default.
    Every mail gets its own Message-ID on the site's domain, and `content.thread` adds the
    thread's references."""
    context = {**extra_context, **content.context, "unsubscribe_url": unsubscribe_url}
    text = render_to_string(f"{content.template}.txt", context)
    html = render_to_string(f"{content.template}.html", context)
    prefix = settings.ACCOUNT_EMAIL_SUBJECT_PREFIX
    headers = {
        "List-Unsubscribe": f"<{unsubscribe_url}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "Auto-Submitted": "auto-generated",
    }
    if content.thread:
        headers.update(thread_headers(content.thread))
    else:
        headers["Message-ID"] = make_msgid(domain=_mail_domain())
    if return_path:
        # Django's SMTP backend sends `from_email` as the envelope sender and the header From
        # from `headers` when given there.
        headers["From"] = settings.DEFAULT_FROM_EMAIL
    message = EmailMultiAlternatives(
        subject=f"{prefix}{content.subject}",
        body=text,
        from_email=return_path or None,
        to=[to],
        reply_to=list(content.reply_to) or None,
        headers=headers,
    )
    message.attach_alternative(html, "text/html")
    if content.images:
        # multipart/related around the alternatives: clients show the images inline.
        message.mixed_subtype = "related"
        for image in content.images:
            part = MIMEImage(image.png, "png")
            part.add_header("Content-ID", f"<{image.cid}>")
            part.add_header("Content-Disposition", "inline", filename=f"{image.cid}.png")
            message.attach(part)
    return message


def message_send(message: EmailMessage) -> None:
    """Send through the configured backend. Raises TransientMailError when a retry may work,
    PermanentMailError when it cannot. Each outcome is counted (core.metrics)."""
    try:
        _send(message)
    except TransientMailError:
        MAIL_FAILED.labels(kind="transient").inc()
        raise
    except PermanentMailError:
        MAIL_FAILED.labels(kind="permanent").inc()
        raise
    MAIL_SENT.inc()


def _send(message: EmailMessage) -> None:
    try:
        message.send()
    except (smtplib.SMTPServerDisconnected, smtplib.SMTPConnectError) as exc:
        raise TransientMailError(str(exc) or type(exc).__name__) from exc
    except smtplib.SMTPResponseException as exc:
        if 400 <= exc.smtp_code < 500:
            raise TransientMailError(f"{exc.smtp_code} {exc.smtp_error!r}") from exc
        raise PermanentMailError(f"{exc.smtp_code} {exc.smtp_error!r}") from exc
    except smtplib.SMTPRecipientsRefused as exc:
        codes = [code for code, _ in exc.recipients.values()]
        if codes and all(400 <= code < 500 for code in codes):
            raise TransientMailError(f"recipient refused for now: {codes}") from exc
        raise PermanentMailError(f"recipient refused: {codes}") from exc
    except smtplib.SMTPException as exc:
        raise PermanentMailError(str(exc) or type(exc).__name__) from exc
    except (ConnectionError, TimeoutError) as exc:
        raise TransientMailError(str(exc) or type(exc).__name__) from exc
