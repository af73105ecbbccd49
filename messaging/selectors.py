"""Reads for messaging: a player's notification list and unread count, their private message
inbox and threads."""

from __future__ import annotations

from typing import NamedTuple

from django.db import connection
from django.db.models import OuterRef, QuerySet, Subquery, Sum

from accounts.models import User

from .models import Message, Notification, SpamReport, Thread, ThreadMember


def notifications_list(*, user: User) -> QuerySet[Notification]:
    """`user`'s notifications, newest first."""
    return Notification.objects.filter(user=user).order_by("-created", "-pk")


def notifications_unread_count(*, user: User) -> int:
    """How many of `user`'s notifications are unread (0 for anonymous visitors); one query."""
    if not user.is_authenticated:
        return 0
    return Notification.objects.filter(user=user, read=False).count()


def inbox_list(*, user: User, archived: bool = False) -> QuerySet[ThreadMember]:
    """`user`'s threads (their `ThreadMember` rows), the most recently active first, with
    `thread` loaded, `unread` counted, and `other_name` the other player's username. The
    inbox (not archived) or the archive. One query."""
    other = ThreadMember.objects.filter(thread=OuterRef("thread")).exclude(user=user)
    return (
        ThreadMember.objects.filter(user=user, archived=archived)
        .select_related("thread")
        .annotate(other_name=Subquery(other.values("user__username")[:1]))
        .order_by("-thread__last_message", "-thread_id")
    )


def messages_unread_count(*, user: User) -> int:
    """How many private messages `user` has not read yet, over all threads (archived ones
    too: a new message brings a thread back anyway). One query; 0 for anonymous visitors."""
    if not user.is_authenticated:
        return 0
    total = ThreadMember.objects.filter(user=user, unread__gt=0).aggregate(n=Sum("unread"))["n"]
    return total or 0


def thread_get_for(*, thread_id: int, user: User) -> ThreadMember | None:
    """`user`'s side of thread `thread_id` with the thread loaded, or None when there is no
    such thread or it is not theirs."""
    return (
        ThreadMember.objects.select_related("thread").filter(thread_id=thread_id, user=user).first()
    )


def thread_reported_ids(*, thread: Thread, user: User) -> set[int]:
    """Ids of the messages of `thread` that `user` reported as spam. One query."""
    return set(
        SpamReport.objects.filter(reporter=user, message__thread=thread).values_list(
            "message_id", flat=True
        )
    )


def thread_messages(*, thread: Thread) -> QuerySet[Message]:
    """The messages of `thread`, oldest first, authors loaded."""
    return thread.messages.select_related("author").order_by("created", "pk")


class UnreadCounts(NamedTuple):
    """What the site header shows: unread notifications and unread private messages."""

    notifications: int
    messages: int


def unread_counts(*, user: User) -> UnreadCounts:
    """Both header counts of `user` in one query (none for anonymous visitors).

    Every page asks, so the statement is written once here rather than built by the ORM on
    each request (compiling the annotated query cost more CPU than running it); it reads the
    (user, read) index of notifications and the user index of thread members."""
    if not user.is_authenticated:
        return UnreadCounts(0, 0)
    with connection.cursor() as cursor:
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
