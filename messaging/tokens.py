"""Signed unsubscribe tokens: who, and which event (or every digest event), no expiry.

A token only ever turns mail off, so it may live as long as the mails that carry it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core import signing

from .models import Event

SALT = "messaging.unsubscribe"
# Pseudo-event of the digest's List-Unsubscribe header: every event set to "digest" goes off.
ALL_DIGEST = "digest"


class BadToken(Exception):
    """The token was not signed by this site, or names an unknown event."""


@dataclass(frozen=True)
class Unsubscribe:
    user_id: int
    event: str  # an `Event` code or ALL_DIGEST


def token_make(*, user_id: int, event: str) -> str:
    """A URL-safe signed token for turning `event` mail off for `user_id`."""
    if event != ALL_DIGEST and event not in Event.values:
        raise ValueError(f"unknown event {event!r}")
    return signing.dumps({"u": user_id, "e": event}, salt=SALT)


def token_read(token: str) -> Unsubscribe:
    """The request a token carries; BadToken when tampered with or malformed."""
    try:
        data = signing.loads(token, salt=SALT)
        user_id, event = int(data["u"]), str(data["e"])
    except (signing.BadSignature, KeyError, TypeError, ValueError) as exc:
        raise BadToken("This unsubscribe link is damaged or was not made by this site.") from exc
    if event != ALL_DIGEST and event not in Event.values:
        raise BadToken("This unsubscribe link names an unknown kind of mail.")
    return Unsubscribe(user_id=user_id, event=event)
