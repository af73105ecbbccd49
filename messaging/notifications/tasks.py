"""Celery tasks of messaging: the hourly digest sweep and one digest per player, the daily prune.

They read the clock here, at the edge, and pass it to the services."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from core.mail import RETRY_OPTIONS
from messaging.messages import mail as thread_mail
from messaging.notifications import services
from messaging.notifications.notice_tasks import notice_task


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


@notice_task("messaging.notify_message")
def notify_message(message_id: int) -> bool:
    """Tell the recipient of a private message about it (list, mail or digest by their
    "message" preference). Nothing when the message is gone or the recipient now ignores
    the sender. Returns whether a mail went out."""
    return thread_mail.message_notify(message_id=message_id, now=timezone.now())


@shared_task(name="messaging.spam_report_mail", **RETRY_OPTIONS)
def spam_report_mail(report_id: int) -> bool:
    """Mail the staff about a spam report, once per reported message."""
    return thread_mail.spam_report_mail(report_id=report_id, now=timezone.now())


@shared_task(name="messaging.prune")
def prune() -> dict[str, int]:
    """Beat, daily: delete read notifications older than NOTIFICATIONS_KEEP_DAYS. Returns how
    many went, by kind of row."""
    return {
        "notifications": services.notifications_prune(
            now=timezone.now(), keep_days=settings.NOTIFICATIONS_KEEP_DAYS
        ),
    }
