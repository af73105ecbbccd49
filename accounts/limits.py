"""Flood limits on what one player can send to others: chat lines, invitations, challenges,
private messages, invitations by e-mail, messages to the site staff.

A limit is "at most N in a window". Callers count the player's own recent rows in the database
(the rows they are about to add one more of), so a limit holds across web processes, survives
a restart and needs no cache: when Redis is down the limits still hold. Each limit has a name;
`settings.FLOOD_LIMITS` may override any of them as {name: (most, seconds)}.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db.models import QuerySet


@dataclass(frozen=True)
class Limit:
    """At most `most` `what` in any `window`."""

    name: str
    what: str  # plural noun for the message: "chat lines"
    most: int
    window: dt.timedelta

    def since(self, now: dt.datetime) -> dt.datetime:
        """The start of the window ending at `now`: count the rows created after it."""
        return now - self.window


class RateLimited(ValidationError):
    """A player sent too much too fast; the message says how much and when to try again."""

    def __init__(self, limit: Limit) -> None:
        super().__init__(
            f"You have sent {limit.most} {limit.what} in the last {_span(limit.window)}, the "
            f"most allowed; wait a little and try again.",
            code="rate_limited",
        )
        self.limit = limit


def _span(window: dt.timedelta) -> str:
    seconds = int(window.total_seconds())
    for size, word in ((86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds >= size and seconds % size == 0:
            count = seconds // size
            return word if count == 1 else f"{count} {word}s"
    return f"{seconds} seconds"


# name: (what, most, seconds). Generous for people, tight for scripts.
DEFAULTS: dict[str, tuple[str, int, int]] = {
    "chat": ("chat lines", 10, 60),
    "chat_hour": ("chat lines", 120, 3600),
    "invitation": ("invitations", 5, 600),
    "invitation_day": ("invitations", 30, 86400),
    "invitation_pair": ("invitations to the same player", 3, 86400),
    "challenge": ("open challenges", 20, 86400),
    "ladder_challenge": ("ladder challenges", 20, 86400),
    "message_thread": ("new conversations", 10, 86400),
    "message": ("messages", 30, 3600),
    "tell_a_friend": ("invitations by e-mail", 10, 86400),
    "contact": ("messages to the site staff", 5, 86400),
}


def limit_get(name: str) -> Limit:
    """The limit called `name`, with any override from settings.FLOOD_LIMITS."""
    what, most, seconds = DEFAULTS[name]
    override = getattr(settings, "FLOOD_LIMITS", {}).get(name)
    if override is not None:
        most, seconds = override
    return Limit(name=name, what=what, most=int(most), window=dt.timedelta(seconds=seconds))


def limit_check(*, name: str, recent: int) -> None:
    """Raise RateLimited when a player who already sent `recent` of these within the limit's
    window may not send one more."""
    limit = limit_get(name)
    if recent >= limit.most:
        raise RateLimited(limit)


def limit_enforce(*, name: str, rows: QuerySet, now: dt.datetime, field: str = "created") -> None:
    """Raise RateLimited when `rows` (the sender's own rows of this kind) already hold the
    limit's most within its window ending at `now`, judged by their `field` timestamp."""
    limit = limit_get(name)
    recent = rows.filter(**{f"{field}__gt": limit.since(now)}).count()
    if recent >= limit.most:
        raise RateLimited(limit)
