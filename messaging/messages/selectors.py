"""Reads of private messages: the inbox and archive, a thread and its messages (the unread
count: messaging.unread)."""

from __future__ import annotations

from django.db.models import OuterRef, QuerySet, Subquery

from accounts.models import User
from core.keyset import KeysetPage, keyset_page
from messaging.messages.models import Message, SpamReport, Thread, ThreadMember


def inbox_list(*, user: User, archived: bool = False) -> QuerySet[ThreadMember]:
    """`user`'s threads (their `ThreadMember` rows), the most recently active first, with
    `thread` loaded, `unread` counted, and `other_name` the other player's username. The
    inbox (not archived) or the archive. One query, read in its order by the index
    `thread_member_inbox` (the member's copy of the thread's `last_message`)."""
    other = ThreadMember.objects.filter(thread=OuterRef("thread")).exclude(user=user)
    return (
        ThreadMember.objects.filter(user=user, archived=archived)
        .select_related("thread")
        .annotate(other_name=Subquery(other.values("user__username")[:1]))
        .order_by("-last_message", "-pk")
    )


def inbox_page(
    *, user: User, archived: bool, after: str | None, before: str | None, size: int
) -> KeysetPage:
    """A page of `inbox_list`, `size` conversations around the keys `after`/`before`
    (core.keyset, on the thread's last message; a key that does not parse is the first page):
    no count and no OFFSET, so a player's last page of 1,000 conversations costs what the
    first costs."""
    return keyset_page(
        inbox_list(user=user, archived=archived),
        column="last_message",
        size=size,
        after=after,
        before=before,
    )


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
