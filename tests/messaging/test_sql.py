"""The messaging app's statement written once (messaging.sql, declared with core.sql's Totals): the
header's unread counts, against the ORM's answer for the same read, on whichever database the
suite runs."""

from __future__ import annotations

import pytest
from django.db.models import Sum

from messaging.messages import services as threads
from messaging.messages.models import ThreadMember
from messaging.messages.notifications import MESSAGE
from messaging.notifications.models import Channel, Notification
from messaging.sql import unread_counts_select
from tests.messaging.conftest import NOW

pytestmark = pytest.mark.django_db


def orm_counts(user_id: int) -> tuple[int, int]:
    notes = Notification.objects.filter(user_id=user_id, read=False).count()
    unread = ThreadMember.objects.filter(user_id=user_id, unread__gt=0).aggregate(n=Sum("unread"))
    return notes, unread["n"] or 0


def test_the_unread_counts_are_the_orm_s_counts(user_factory):
    kuro, shiro, kiiro = (user_factory(username=name) for name in ("kuro", "shiro", "kiiro"))
    users = (kuro, shiro, kiiro)
    assert [unread_counts_select(user_id=u.pk) for u in users] == [orm_counts(u.pk) for u in users]
    for subject in ("One", "Two"):
        thread = threads.thread_start(
            sender=kuro, recipient=shiro, subject=subject, body="Hello", now=NOW
        )
    threads.message_send(thread_id=thread.pk, sender=kuro, body="More", now=NOW)
    threads.message_send(thread_id=thread.pk, sender=shiro, body="Thanks", now=NOW)
    for number, read in enumerate((False, False, True)):
        Notification.objects.create(
            user=shiro,
            event=MESSAGE,
            key=f"note-{number}",
            text="t",
            created=NOW,
            channel=Channel.SITE,
            read=read,
        )
    found = [unread_counts_select(user_id=u.pk) for u in users]
    assert found == [orm_counts(u.pk) for u in users]
    assert found[1][0] >= 2 and found[1][1] >= 1  # something was counted
