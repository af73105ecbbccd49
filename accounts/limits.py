"""Flood limits on what one player can send to others: chat lines, invitations, challenges,
private messages, invitations by e-mail, messages to the site staff.

A limit is "at most N in a window". Callers count the player's own recent rows in the database
(the rows they are about to add one more of), so a limit holds across web processes, survives
a restart and needs no cache: when Redis is down the limits still hold. Each limit has a name;
`settings.FLOOD_LIMITS` may override any of them as {name: (most, seconds)}.

Counting then inserting is a race: 60 chat lines sent at once would all count 9 and all be
stored. So `limit_enforce(..., sender=user)` first locks the sender's user row (SELECT ... FOR
UPDATE, held until the caller's transaction ends): one player's sends of any kind are counted
one after another, and the limits are exact; other players are not held up. On SQLite, where
FOR UPDATE does not exist, every transaction already takes the write lock at BEGIN
(DATABASES OPTIONS transaction_mode IMMEDIATE), which serialises them all the same.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _lazy

from accounts.models import User


@dataclass(frozen=True)
class Limit:
    """At most `most` `what` in any `window`."""

    name: str
    what: str  # plural noun for the message: "chat lines" (a lazy translation)
    most: int
    window: dt.timedelta

    def since(self, now: dt.datetime) -> dt.datetime:
        """The start of the window ending at `now`: count the rows created after it."""
        return now - self.window


class RateLimited(ValidationError):
    """A player sent too much too fast; the message says how much and when to try again."""

    def __init__(self, limit: Limit) -> None:
        super().__init__(
            gettext(
                "You have sent %(most)s %(what)s in the last %(span)s, the most allowed; wait a "
                "little and try again."
            )
            % {"most": limit.most, "what": limit.what, "span": _span(limit.window)},
            code="rate_limited",
        )
        self.limit = limit


def _span(window: dt.timedelta) -> str:
    seconds = int(window.total_seconds())
    words = (
        (86400, lambda n: ngettext("day", "%(count)s days", n)),
        (3600, lambda n: ngettext("hour", "%(count)s hours", n)),
        (60, lambda n: ngettext("minute", "%(count)s minutes", n)),
    )
    for size, word in words:
        if seconds >= size and seconds % size == 0:
            count = seconds // size
            return word(count) % {"count": count}
    return ngettext("%(count)s second", "%(count)s seconds", seconds) % {"count": seconds}


# name: (what, most, seconds). Generous for people, tight for scripts.
DEFAULTS: dict[str, tuple[str, int, int]] = {
    "chat": (_lazy("chat lines"), 10, 60),
    "chat_hour": (_lazy("chat lines"), 120, 3600),
    "invitation": (_lazy("invitations"), 5, 600),
    "invitation_day": (_lazy("invitations"), 30, 86400),
    "invitation_pair": (_lazy("invitations to the same player"), 3, 86400),
    "challenge": (_lazy("open challenges"), 20, 86400),
    "ladder_challenge": (_lazy("ladder challenges"), 20, 86400),
    "message_thread": (_lazy("new conversations"), 10, 86400),
    "message": (_lazy("messages"), 30, 3600),
    "tell_a_friend": (_lazy("invitations by e-mail"), 10, 86400),
    "contact": (_lazy("messages to the site staff"), 5, 86400),
    "review_comment": (_lazy("review comments"), 10, 60),
    "review_comment_hour": (_lazy("review comments"), 120, 3600),
    "review": (_lazy("new reviews and uploaded records"), 20, 3600),
}


def limit_get(name: str) -> Limit:
    """The limit called `name`, with any override from settings.FLOOD_LIMITS."""
    what, most, seconds = DEFAULTS[name]
    override = settings.FLOOD_LIMITS.get(name)
    if override is not None:
        most, seconds = override
    return Limit(name=name, what=what, most=int(most), window=dt.timedelta(seconds=seconds))


def limit_check(*, name: str, recent: int) -> None:
    """Raise RateLimited when a player who already sent `recent` of these within the limit's
    window may not send one more."""
    limit = limit_get(name)
    if recent >= limit.most:
        raise RateLimited(limit)


def sender_lock(*, sender: User) -> None:
    """Lock `sender`'s user row until the caller's transaction ends, so that their concurrent
    sends are counted one after another. Caller must be inside transaction.atomic."""
    list(User.objects.select_for_update().filter(pk=sender.pk).values_list("pk", flat=True))


def limit_enforce(
    *,
    name: str,
    rows: QuerySet,
    now: dt.datetime,
    field: str = "created",
    sender: User | None = None,
) -> None:
    """Raise RateLimited when `rows` (the sender's own rows of this kind) already hold the
    limit's most within its window ending at `now`, judged by their `field` timestamp.

    With `sender`, their row is locked first (`sender_lock`): pass it, inside the transaction
    that then stores the new row, wherever concurrent requests may send at once."""
    if sender is not None:
        sender_lock(sender=sender)
    limit = limit_get(name)
    recent = rows.filter(**{f"{field}__gt": limit.since(now)}).count()
    if recent >= limit.most:
        raise RateLimited(limit)
