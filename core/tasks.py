"""core's beat tasks: the outbox's sweep and its prune, the workers' heartbeat. They read the
clock here, at the edge.

The sweep keeps the name it had when messaging held the outbox: beat schedules and queued
messages name it."""

from __future__ import annotations

import datetime as dt

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from core import backups, heartbeats, outbox


@shared_task(name="messaging.outbox_relay")
def outbox_relay() -> int:
    """Periodic (beat): publish the recorded tasks the commit hook could not (broker down)."""
    return outbox.outbox_relay(now=timezone.now())


@shared_task(name="core.outbox_prune")
def outbox_prune() -> int:
    """Beat, daily: delete outbox rows never published after OUTBOX_KEEP_DAYS (a task name no
    process knows any more); returns how many went."""
    return outbox.outbox_prune(
        now=timezone.now(), keep=dt.timedelta(days=settings.OUTBOX_KEEP_DAYS)
    )


@shared_task(name="core.backup_nightly")
def backup_nightly() -> str:
    """Beat, nightly when BACKUP_NIGHTLY is on: back up the database and BACKUP_FOLDERS into
    BACKUP_DIR, then delete all but the BACKUP_KEEP newest backups. Run twice, it makes a second
    backup and the prune keeps the count; returns the new backup's path."""
    return str(backups.backup_nightly_run(now=timezone.now()).path)


@shared_task(name="core.heartbeat")
def heartbeat(queue: str) -> str:
    """Beat, every minute, once to each queue of HEALTH_WORKER_QUEUES: a worker of `queue`
    records that it is alive (core.heartbeats; the readiness check reads it)."""
    name = heartbeats.worker_name(queue)
    heartbeats.heartbeat_record(name=name, now=timezone.now())
    return name
