"""The push task: one notification to its player's devices, queued through the outbox by
`messaging.notifications.services.notify`. It reads the clock here and passes it on."""

from __future__ import annotations

import datetime as dt

from celery import shared_task
from celery.app.task import Task
from django.db import OperationalError
from django.utils import timezone

from messaging.push import services

# Retries of a transient failure: 30 s doubling to at most 5 minutes, 12 times (about 40
# minutes); then the push has failed for good and the notice falls back to mail.
RETRY_BACKOFF = 30
RETRY_BACKOFF_MAX = 5 * 60
MAX_RETRIES = 12


@shared_task(
    name=services.PUSH_TASK,
    bind=True,
    max_retries=MAX_RETRIES,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
)
def push_send(
    self: Task,
    notification_id: int,
    expires: str | None = None,
    mail_task: str | None = None,
    mail_args: list | None = None,
) -> int:
    """Push the notification to every device of its player once; returns how many took it.
    Transient failures are retried (the devices that took it are not pushed again); when no
    device took it and none is left to retry, the notice falls back to mail
    (`services.push_fallback`). Safe to run twice."""
    sent = services.push_notification_send(
        notification_id=notification_id,
        expires=dt.datetime.fromisoformat(expires) if expires else None,
        now=timezone.now(),
    )
    if sent.transient and self.request.retries < MAX_RETRIES:
        raise self.retry(countdown=_countdown(self.request.retries))
    if not sent.skipped and not sent.delivered:
        services.push_fallback(
            notification_id=notification_id, mail_task=mail_task, mail_args=mail_args
        )
    return sent.delivered


def _countdown(retries: int) -> int:
    return min(RETRY_BACKOFF * 2**retries, RETRY_BACKOFF_MAX)
