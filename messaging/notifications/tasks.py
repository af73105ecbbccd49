"""Celery tasks of notifications: the hourly digest sweep and one digest per player, the daily
prune. (The private messages' tasks are in messaging/messages/tasks.py.)

They read the clock here, at the edge, and pass it to the services."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from core.mail import RETRY_OPTIONS
from messaging.notifications import services


@shared_task(name="messaging.digest_sweep")
def digest_sweep() -> int:
    """Queue `digest_send` for every player whose digest is due now; returns how many. It
    writes nothing, so it publishes directly: a digest not queued is due again next hour."""
    user_ids = services.digest_due_user_ids(now=timezone.now())
    for user_id in user_ids:
        digest_send.delay(user_id)
    return len(user_ids)


@shared_task(name="messaging.digest_send", **RETRY_OPTIONS)
def digest_send(user_id: int) -> int | None:
    """Send the player's due digest once; returns the digest id, or None when none was due."""
    digest = services.digest_send(user_id=user_id, now=timezone.now())
    return digest.pk if digest else None


@shared_task(name="messaging.prune")
def prune() -> dict[str, int]:
    """Beat, daily: delete read notifications older than NOTIFICATIONS_KEEP_DAYS. Returns how
    many went, by kind of row."""
    return {
        "notifications": services.notifications_prune(
            now=timezone.now(), keep_days=settings.NOTIFICATIONS_KEEP_DAYS
        ),
    }
