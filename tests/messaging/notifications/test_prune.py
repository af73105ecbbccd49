"""The daily prune: read notifications past NOTIFICATIONS_KEEP_DAYS go, unread and recent ones
stay; outbox rows never published go after OUTBOX_KEEP_DAYS."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from messaging.models import Notification
from messaging.notifications.models import Channel, Event
from messaging.notifications.services import notifications_prune
from messaging.notifications.tasks import prune

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
