"""Reads of private messages: the inbox and archive, a thread and its messages, the unread count."""

from __future__ import annotations

from django.db.models import OuterRef, QuerySet, Subquery, Sum

from accounts.models import User
from messaging.messages.models import Message, SpamReport, Thread, ThreadMember


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
