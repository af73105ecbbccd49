"""Signed unsubscribe tokens: who, and which notification kind (or every digest kind), no
expiry. The kind is its registered name (accounts.notifications), the same string as before
the registry, so links in mails already sent keep working.

A token only ever turns mail off, so it may live as long as the mails that carry it."""

from __future__ import annotations

from dataclasses import dataclass

from django.core import signing
from django.utils.translation import gettext

from accounts.notifications import kind_exists

SALT = "messaging.unsubscribe"
# Pseudo-event of the digest's List-Unsubscribe header: every event set to "digest" goes off.
ALL_DIGEST = "digest"


class BadToken(Exception):
    """The token was not signed by this site, or names an unknown event."""


@dataclass(frozen=True)
class Unsubscribe:
    user_id: int
    event: str  # a registered kind's name or ALL_DIGEST


def token_make(*, user_id: int, event: str) -> str:
    """A URL-safe signed token for turning `event` mail off for `user_id`."""
    if event != ALL_DIGEST and not kind_exists(name=event):
        raise ValueError(f"unknown notification kind {event!r}")
    return signing.dumps({"u": user_id, "e": str(event)}, salt=SALT)


def token_read(token: str) -> Unsubscribe:
    """The request a token carries; BadToken when tampered with or malformed."""
    try:
        data = signing.loads(token, salt=SALT)
        user_id, event = int(data["u"]), str(data["e"])
    except (signing.BadSignature, KeyError, TypeError, ValueError) as exc:
        raise BadToken(
            gettext("This unsubscribe link is damaged or was not made by this site.")
        ) from exc
    if event != ALL_DIGEST and not kind_exists(name=event):
        raise BadToken(gettext("This unsubscribe link names an unknown kind of mail."))
    return Unsubscribe(user_id=user_id, event=event)
