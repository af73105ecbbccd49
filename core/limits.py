"""Flood limits on what one player can send to others: chat lines, spectators' comments,
invitations, challenges, private messages, invitations by e-mail, messages to the site staff,
reports to the moderators; and on the games a player starts against the site's bots (each one
sets the bots' worker thinking after every move).

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
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db.models import Model, QuerySet
from django.utils.translation import ngettext, ngettext_lazy


@dataclass(frozen=True)
class Limit:
    """At most `most` of them in any `window`; `sent` says so when it is reached."""

    name: str
    sent: str  # the refusal, an ngettext_lazy on "most" with %(most)s and %(span)s
    most: int
    window: dt.timedelta

    def since(self, now: dt.datetime) -> dt.datetime:
        """The start of the window ending at `now`: count the rows created after it."""
        return now - self.window


class RateLimited(ValidationError):
    """A player sent too much too fast; the message says how much and when to try again."""

    def __init__(self, limit: Limit) -> None:
        super().__init__(
            limit.sent % {"most": limit.most, "span": _span(limit.window)},
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


# What a player reads when a limit is reached: one whole sentence per kind of thing sent.
_CHAT = ngettext_lazy(
    "You have sent %(most)s chat line in the last %(span)s, the most allowed; wait a little and "
    "try again.",
    "You have sent %(most)s chat lines in the last %(span)s, the most allowed; wait a little and "
    "try again.",
    "most",
)
_INVITATIONS = ngettext_lazy(
    "You have sent %(most)s invitation in the last %(span)s, the most allowed; wait a little and "
    "try again.",
    "You have sent %(most)s invitations in the last %(span)s, the most allowed; wait a little and "
    "try again.",
    "most",
)
_INVITATIONS_PAIR = ngettext_lazy(
    "You have sent %(most)s invitation to the same player in the last %(span)s, the most allowed; "
    "wait a little and try again.",
    "You have sent %(most)s invitations to the same player in the last %(span)s, the most allowed; "
    "wait a little and try again.",
    "most",
)
_CHALLENGES = ngettext_lazy(
    "You have sent %(most)s open challenge in the last %(span)s, the most allowed; wait a little "
    "and try again.",
    "You have sent %(most)s open challenges in the last %(span)s, the most allowed; wait a little "
    "and try again.",
    "most",
)
_LADDER_CHALLENGES = ngettext_lazy(
    "You have sent %(most)s ladder challenge in the last %(span)s, the most allowed; wait a little "
    "and try again.",
    "You have sent %(most)s ladder challenges in the last %(span)s, the most allowed; wait a "
    "little and try again.",
    "most",
)
_THREADS = ngettext_lazy(
    "You have sent %(most)s new conversation in the last %(span)s, the most allowed; wait a little "
    "and try again.",
    "You have sent %(most)s new conversations in the last %(span)s, the most allowed; wait a "
    "little and try again.",
    "most",
)
_MESSAGES = ngettext_lazy(
    "You have sent %(most)s message in the last %(span)s, the most allowed; wait a little and try "
    "again.",
    "You have sent %(most)s messages in the last %(span)s, the most allowed; wait a little and try "
    "again.",
    "most",
)
_TELL_A_FRIEND = ngettext_lazy(
    "You have sent %(most)s invitation by e-mail in the last %(span)s, the most allowed; wait a "
    "little and try again.",
    "You have sent %(most)s invitations by e-mail in the last %(span)s, the most allowed; wait a "
    "little and try again.",
    "most",
)
_CONTACT = ngettext_lazy(
    "You have sent %(most)s message to the site staff in the last %(span)s, the most allowed; wait "
    "a little and try again.",
    "You have sent %(most)s messages to the site staff in the last %(span)s, the most allowed; "
    "wait a little and try again.",
    "most",
)
_REVIEW_COMMENTS = ngettext_lazy(
    "You have sent %(most)s review comment in the last %(span)s, the most allowed; wait a little "
    "and try again.",
    "You have sent %(most)s review comments in the last %(span)s, the most allowed; wait a little "
    "and try again.",
    "most",
)
_REVIEWS = ngettext_lazy(
    "You have sent %(most)s new review or uploaded record in the last %(span)s, the most allowed; "
    "wait a little and try again.",
    "You have sent %(most)s new reviews and uploaded records in the last %(span)s, the most "
    "allowed; wait a little and try again.",
    "most",
)
_KIBITZ = ngettext_lazy(
    "You have sent %(most)s comment on games in the last %(span)s, the most allowed; wait a "
    "little and try again.",
    "You have sent %(most)s comments on games in the last %(span)s, the most allowed; wait a "
    "little and try again.",
    "most",
)
_BOT_GAMES = ngettext_lazy(
    "You have started %(most)s game against a bot in the last %(span)s, the most allowed; wait a "
    "little and try again.",
    "You have started %(most)s games against bots in the last %(span)s, the most allowed; wait a "
    "little and try again.",
    "most",
)
_GROUPS = ngettext_lazy(
    "You have created %(most)s group in the last %(span)s, the most allowed; wait a little and "
    "try again.",
    "You have created %(most)s groups in the last %(span)s, the most allowed; wait a little and "
    "try again.",
    "most",
)
_GROUP_REQUESTS = ngettext_lazy(
    "You have asked to join %(most)s group in the last %(span)s, the most allowed; wait a little "
    "and try again.",
    "You have asked to join %(most)s groups in the last %(span)s, the most allowed; wait a "
    "little and try again.",
    "most",
)
_GROUP_POSTS = ngettext_lazy(
    "You have sent %(most)s post in the last %(span)s, the most allowed; wait a little and try "
    "again.",
    "You have sent %(most)s posts in the last %(span)s, the most allowed; wait a little and try "
    "again.",
    "most",
)
_REPORTS = ngettext_lazy(
    "You have sent %(most)s report to the moderators in the last %(span)s, the most allowed; "
    "wait a little and try again.",
    "You have sent %(most)s reports to the moderators in the last %(span)s, the most allowed; "
    "wait a little and try again.",
    "most",
)
_APPEALS = ngettext_lazy(
    "You have answered %(most)s decision of the moderators in the last %(span)s, the most "
    "allowed; wait a little and try again.",
    "You have answered %(most)s decisions of the moderators in the last %(span)s, the most "
    "allowed; wait a little and try again.",
    "most",
)

# name: (refusal, most, seconds). Generous for people, tight for scripts.
DEFAULTS: dict[str, tuple[str, int, int]] = {
    "chat": (_CHAT, 10, 60),
    "chat_hour": (_CHAT, 120, 3600),
    "invitation": (_INVITATIONS, 5, 600),
    "invitation_day": (_INVITATIONS, 30, 86400),
    "invitation_pair": (_INVITATIONS_PAIR, 3, 86400),
    "challenge": (_CHALLENGES, 20, 86400),
    "ladder_challenge": (_LADDER_CHALLENGES, 20, 86400),
    "message_thread": (_THREADS, 10, 86400),
    "message": (_MESSAGES, 30, 3600),
    "tell_a_friend": (_TELL_A_FRIEND, 10, 86400),
    "contact": (_CONTACT, 5, 86400),
    "review_comment": (_REVIEW_COMMENTS, 10, 60),
    "review_comment_hour": (_REVIEW_COMMENTS, 120, 3600),
    "review": (_REVIEWS, 20, 3600),
    "bot_game": (_BOT_GAMES, 10, 3600),
    "group_create": (_GROUPS, 3, 86400),
    "group_request": (_GROUP_REQUESTS, 10, 86400),
    "group_invite": (_INVITATIONS, 30, 86400),
    "group_post": (_GROUP_POSTS, 5, 60),
    "group_post_hour": (_GROUP_POSTS, 60, 3600),
    "kibitz": (_KIBITZ, 5, 60),
    "kibitz_hour": (_KIBITZ, 60, 3600),
    "report": (_REPORTS, 10, 3600),
    "report_day": (_REPORTS, 30, 86400),
    "appeal": (_APPEALS, 5, 86400),  # each decision once anyway; also from a ban mail's link
}


def limit_get(name: str) -> Limit:
    """The limit called `name`, with any override from settings.FLOOD_LIMITS."""
    sent, most, seconds = DEFAULTS[name]
    override = settings.FLOOD_LIMITS.get(name)
    if override is not None:
        most, seconds = override
    return Limit(name=name, sent=sent, most=int(most), window=dt.timedelta(seconds=seconds))


def limit_check(*, name: str, recent: int) -> None:
    """Raise RateLimited when a player who already sent `recent` of these within the limit's
    window may not send one more."""
    limit = limit_get(name)
    if recent >= limit.most:
        raise RateLimited(limit)


def sender_lock(*, sender: Model) -> None:
    """Lock `sender`'s user row until the caller's transaction ends, so that their concurrent
    sends are counted one after another. Caller must be inside transaction.atomic."""
    users = get_user_model().objects
    list(users.select_for_update().filter(pk=sender.pk).values_list("pk", flat=True))


def limit_enforce(
    *,
    name: str,
    rows: QuerySet,
    now: dt.datetime,
    field: str = "created",
    sender: Model | None = None,
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
