"""Heartbeats: the last sign of life of the processes the readiness check cannot ask directly.

- `worker:<queue>`: written by the task `core.heartbeat`, which beat sends to every queue of
  settings.HEALTH_WORKER_QUEUES each HEARTBEAT_SECONDS; its row says a worker of that queue
  ran a task lately (and so that the broker delivers).
- `beat`: written by the beat process each time it sends that task (baduxsite.celery).
- `mail_receiver`: written by `manage.py mail_receiver` each HEARTBEAT_SECONDS while it listens.

baduxsite.health compares each with the bounds of settings.HEALTH_BOUNDS.
"""

from __future__ import annotations

import datetime as dt

from core.models import Heartbeat

# How often each process writes its heartbeat; the bounds allow a few missed.
HEARTBEAT_SECONDS = 60
BEAT = "beat"
MAIL_RECEIVER = "mail_receiver"


def worker_name(queue: str) -> str:
    """The heartbeat name of the workers of `queue`."""
    return f"worker:{queue}"


def heartbeat_record(*, name: str, now: dt.datetime) -> None:
    """Record that `name` was alive at `now` (one row per name, overwritten; never moves back)."""
    updated = Heartbeat.objects.filter(name=name, at__lt=now).update(at=now)
    if not updated:
        Heartbeat.objects.get_or_create(name=name, defaults={"at": now})


def heartbeat_get(*, name: str) -> dt.datetime | None:
    """When `name` was last alive; None if never."""
    return Heartbeat.objects.filter(name=name).values_list("at", flat=True).first()
