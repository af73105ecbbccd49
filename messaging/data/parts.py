"""The messaging app's part of the players' data: their messages and notifications in the
archive; at erasure their messages, memberships, notifications, digests and spam reports go,
and their name leaves the notices other players got about them."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator

from django.db.models import Q

from accounts.data.archive import json_list_chunks
from accounts.data.registry import (
    ArchiveFile,
    eraser_register,
    links_register,
    outbox_task_register,
    part_register,
)
from accounts.models import User
from messaging.messages.models import Message, Thread
from messaging.notifications.models import Notification

CHUNK = 500


def _messages(user: User):
    return Message.objects.filter(Q(thread__members__user=user) | Q(author=user)).distinct()


def _message_rows(user: User) -> Iterator[dict]:
    rows = (
        _messages(user)
        .order_by("thread_id", "created", "pk")
        .values("pk", "thread_id", "thread__subject", "author__username", "body", "created")
    )
    for row in rows.iterator(chunk_size=CHUNK):
        yield {
            "id": row["pk"],
            "thread": row["thread_id"],
            "subject": row["thread__subject"],
            "author": row["author__username"],
            "body": row["body"],
            "sent": row["created"],
        }


def _notification_rows(user: User) -> Iterator[dict]:
    rows = (
        Notification.objects.filter(user=user)
        .order_by("created", "pk")
        .values("event", "text", "url", "created", "read")
    )
    yield from rows.iterator(chunk_size=CHUNK)


def _files(*, user: User) -> Iterator[ArchiveFile]:
    yield ArchiveFile("messages.json", json_list_chunks(_message_rows(user)))
    yield ArchiveFile("notifications.json", json_list_chunks(_notification_rows(user)))


def _erase(*, user: User, now: dt.datetime) -> None:
    """Threads the player started lose their subject (it is theirs), and threads nobody else
    wrote in go; the player's names leave other players' notices."""
    started = Thread.objects.filter(started_by=user)
    started.exclude(messages__author__in=User.objects.exclude(pk=user.pk)).delete()
    started.update(subject="…")
    names_scrub(user=user)


def names_scrub(*, user: User) -> int:
    """Replace the player's user and display names in other players' notices with the
    placeholder they will be shown under; returns how many notices changed."""
    names = [name for name in (user.username, user.display_name) if name]
    if not names:
        return 0
    pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")\b")
    query = Q()
    for name in names:
        query |= Q(text__contains=name)
    placeholder = f"deleted-{user.pk}"
    changed = 0
    for notice in Notification.objects.filter(query).exclude(user=user).iterator():
        text = pattern.sub(placeholder, notice.text)
        if text != notice.text:
            Notification.objects.filter(pk=notice.pk).update(text=text)
            changed += 1
    return changed


def register() -> None:
    part_register(name="messages", count=lambda *, user: 2, files=_files)
    links_register(
        keep=["messaging.Thread.started_by"],
        erase=[
            "messaging.ThreadMember.user",
            "messaging.Message.author",
            "messaging.SpamReport.reporter",
            "messaging.Digest.user",
            "messaging.Notification.user",
            "messaging.AddressHealth.user",
            "messaging.PushSubscription.user",
            "messaging.PushChoice.user",
        ],
    )
    eraser_register(_erase)
    outbox_task_register("messaging.notify_message", row_model="messaging.Message")
    outbox_task_register("messaging.notify_message_mail", row_model="messaging.Message")
    outbox_task_register("messaging.spam_report_mail", row_model="messaging.SpamReport")
    outbox_task_register("messaging.digest_send", user_arg=0)
    outbox_task_register("messaging.push_send", row_model="messaging.Notification")
