"""The header's unread counts (notifications and private messages) in one query, per request."""

from __future__ import annotations

from typing import NamedTuple

from accounts.models import User
from core.sql import statement_cursor


class UnreadCounts(NamedTuple):
    """What the site header shows: unread notifications and unread private messages."""

    notifications: int
    messages: int


def unread_counts(*, user: User) -> UnreadCounts:
    """Both header counts of `user` in one query (none for anonymous visitors).

    Every page asks, so the statement is written once here rather than built by the ORM on
    each request (compiling the annotated query cost more CPU than running it), and prepared
    once per connection (core.sql); it reads the (user, read) index of
    notifications and the user index of thread members."""
    if not user.is_authenticated:
        return UnreadCounts(0, 0)
    with statement_cursor() as cursor:
        cursor.execute(UNREAD_SQL, [user.pk, user.pk])
        notes, messages = cursor.fetchone()
    return UnreadCounts(int(notes or 0), int(messages or 0))


def request_unread_counts(*, request) -> UnreadCounts:
    """`unread_counts` of the request's user, counted once per request and kept on it."""
    counts = getattr(request, "_unread_counts", None)
    if counts is None:
        counts = request._unread_counts = unread_counts(user=request.user)
    return counts


# Tables and columns of Notification and ThreadMember (tests/messaging checks them).
UNREAD_SQL = (
    'SELECT (SELECT COUNT(*) FROM "messaging_notification"'
    ' WHERE "user_id" = %s AND NOT "read"),'
    ' (SELECT COALESCE(SUM("unread"), 0) FROM "messaging_threadmember"'
    ' WHERE "user_id" = %s AND "unread" > 0)'
)
