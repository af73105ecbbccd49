"""The daily prune: read notifications past NOTIFICATIONS_KEEP_DAYS go, unread and recent ones
stay; outbox rows never published go after OUTBOX_KEEP_DAYS."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from messaging.models import Notification
from messaging.notifications.models import Channel, Event
from messaging.notifications.services import notifications_prune
from messaging.notifications.tasks import prune
from messaging.push.models import PushDelivery, PushState, PushSubscription

pytestmark = pytest.mark.django_db

NOW = dt.datetime(2026, 6, 1, 12, 0, tzinfo=dt.UTC)


def _note(user, *, days_old: float, read: bool, key: str) -> Notification:
    return Notification.objects.create(
        user=user, event=Event.YOUR_TURN, key=key, text="Your turn", url="/games/1/",
        created=NOW - dt.timedelta(days=days_old), read=read, channel=Channel.SITE,
    )  # fmt: skip


def test_read_notifications_older_than_the_setting_go_and_the_rest_stay(user_factory):
    kuro = user_factory(username="kuro")
    old_read = [_note(kuro, days_old=91 + i, read=True, key=f"old{i}") for i in range(5)]
    old_unread = _note(kuro, days_old=400, read=False, key="unread")
    recent_read = _note(kuro, days_old=89, read=True, key="recent")

    assert notifications_prune(now=NOW, keep_days=90, batch_size=2) == 5

    assert set(Notification.objects.values_list("key", flat=True)) == {"unread", "recent"}
    assert not Notification.objects.filter(pk__in=[n.pk for n in old_read]).exists()
    assert old_unread.pk and recent_read.pk


def _notices_with_pushes(user, device, *, count: int, days_old: float, read: bool, tag: str):
    notes = Notification.objects.bulk_create(
        Notification(
            user=user, event=Event.YOUR_TURN, key=f"{tag}{n}", text="Your turn", url="/games/1/",
            created=NOW - dt.timedelta(days=days_old, minutes=n), read=read, channel=Channel.SITE,
        )
        for n in range(count)
    )  # fmt: skip
    PushDelivery.objects.bulk_create(
        PushDelivery(notification=note, subscription=device, state=PushState.SENT, created=NOW)
        for note in notes
    )


def _prune_statements(user_factory, *, old: int) -> tuple[int, int]:
    """(rows deleted, statements run) of a prune finding `old` old read notices, each pushed."""
    kuro = user_factory()
    device = PushSubscription.objects.create(
        user=kuro, endpoint=f"https://push.example/{kuro.pk}", p256dh="k", auth="a", created=NOW
    )
    _notices_with_pushes(kuro, device, count=old, days_old=91, read=True, tag="old")
    _notices_with_pushes(kuro, device, count=3, days_old=91, read=False, tag="unread")
    _notices_with_pushes(kuro, device, count=3, days_old=89, read=True, tag="recent")
    with CaptureQueriesContext(connection) as captured:
        deleted = notifications_prune(now=NOW, keep_days=90)
    kept = Notification.objects.filter(user=kuro)
    assert sorted(kept.values_list("key", flat=True)) == sorted(
        [f"unread{n}" for n in range(3)] + [f"recent{n}" for n in range(3)]
    )
    assert set(
        PushDelivery.objects.filter(subscription=device).values_list("notification", flat=True)
    ) == set(kept.values_list("pk", flat=True))
    return deleted, len(captured.captured_queries)


def test_the_prune_runs_as_many_statements_for_many_old_notices_as_for_few(user_factory):
    few_deleted, few_statements = _prune_statements(user_factory, old=50)
    many_deleted, many_statements = _prune_statements(user_factory, old=500)

    assert (few_deleted, many_deleted) == (50, 500)
    assert few_statements == many_statements <= 8


def test_the_prune_deletes_the_pushes_of_the_notices_it_deletes_batch_by_batch(user_factory):
    kuro = user_factory(username="kuro")
    device = PushSubscription.objects.create(
        user=kuro, endpoint="https://push.example/kuro", p256dh="k", auth="a", created=NOW
    )
    _notices_with_pushes(kuro, device, count=7, days_old=100, read=True, tag="old")
    _notices_with_pushes(kuro, device, count=2, days_old=10, read=True, tag="recent")

    assert notifications_prune(now=NOW, keep_days=90, batch_size=3) == 7

    assert sorted(Notification.objects.values_list("key", flat=True)) == ["recent0", "recent1"]
    assert PushDelivery.objects.count() == 2


def test_the_daily_task_prunes_notifications(user_factory, settings):
    settings.NOTIFICATIONS_KEEP_DAYS = 30
    now = timezone.now()
    kuro = user_factory(username="kuro")
    Notification.objects.create(
        user=kuro, event=Event.YOUR_TURN, key="a", text="t", url="/", read=True,
        channel=Channel.SITE, created=now - dt.timedelta(days=31),
    )  # fmt: skip

    assert prune.delay().get() == {"notifications": 1}
    assert prune.delay().get() == {"notifications": 0}


def test_the_beat_runs_the_prunes_daily(settings):
    schedule = settings.CELERY_BEAT_SCHEDULE
    assert schedule["messaging-prune"] == {"task": "messaging.prune", "schedule": 24 * 60 * 60}
    assert schedule["accounts-sessions-prune"]["task"] == "accounts.sessions_prune"
    assert settings.NOTIFICATIONS_KEEP_DAYS == 90
