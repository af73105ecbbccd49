"""The header's unread counts (notifications and private messages) in one query, per request."""

from __future__ import annotations

from typing import NamedTuple

from accounts.models import User
from messaging.sql import unread_counts_select


class UnreadCounts(NamedTuple):
    """What the site header shows: unread notifications and unread private messages."""

    notifications: int
    messages: int


def unread_counts(*, user: User) -> UnreadCounts:
    """Both header counts of `user` in one query (none for anonymous visitors): the one read
    of either count (messaging.sql.unread_counts_select, a statement written once)."""
    if not user.is_authenticated:
        return UnreadCounts(0, 0)
    return UnreadCounts(*unread_counts_select(user_id=user.pk))


def request_unread_counts(*, request) -> UnreadCounts:
    """`unread_counts` of the request's user, counted once per request and kept on it."""
    counts = getattr(request, "_unread_counts", None)
    if counts is None:
        counts = request._unread_counts = unread_counts(user=request.user)
    return counts
