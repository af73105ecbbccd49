"""The one way any app queues a Celery task after a write: `enqueue_on_commit(task, *args)`.

The intent is a row (`OutboxTask`) written in the caller's transaction, so it commits or rolls
back with the change it follows. Once the transaction commits the task is published and its
row deleted; when the broker cannot take it (Redis down), the row stays and the beat sweep
`outbox_relay` publishes it later. A broker outage therefore delays notices and loses none,
and never fails the request that made the change. Every task queued this way must be safe to
run twice (a row may be published by both paths) and takes JSON-serialisable arguments (ids).
"""

from __future__ import annotations

import datetime as dt
import logging
from functools import partial

import kombu.exceptions
import redis.exceptions
from celery import current_app
from celery.app.task import Task
from django.db import connection, transaction
from django.utils import timezone

from messaging.models import OutboxTask

logger = logging.getLogger(__name__)

# How long the commit hook has to publish before the sweep may publish the row too.
RELAY_AFTER = dt.timedelta(seconds=60)
# Until this long before a row is due, the sweep cannot have taken it, so the commit hook
# publishes it from memory (no SELECT); later it reads the row first, as the sweep may have.
FRESH_MARGIN = dt.timedelta(seconds=30)
RELAY_BATCH = 500
# A row naming a task no process knows waits this long before the sweep looks at it again.
SET_ASIDE = dt.timedelta(days=1)
# What publishing raises when the broker (or the Redis result backend) is unreachable.
BROKER_ERRORS = (kombu.exceptions.OperationalError, redis.exceptions.RedisError, OSError)


def _task_name(task: Task | str) -> str:
    name = task if isinstance(task, str) else task.name
    if name not in current_app.tasks:
        raise LookupError(f"No Celery task is registered as '{name}'.")
    return name


def enqueue_on_commit(task: Task | str, *args: object) -> OutboxTask:
    """Record `task(*args)` in the current transaction and publish it once that commits.

    `task` is a task object or its registered name (a name spares the caller an import of the
    task module). Outside a transaction the row is written and published at once. Raises
    LookupError for an unknown task. Never raises for an unreachable broker.
    """
    now = timezone.now()
    row = OutboxTask.objects.create(
        task=_task_name(task), args=list(args), created=now, due=now + RELAY_AFTER
    )
    transaction.on_commit(partial(_publish_after_commit, row=row))
    return row


def _publish_after_commit(row: OutboxTask) -> bool:
    """The commit hook: publish `row` and delete it. While the row is fresh (well before it is
    due) no sweep can have taken it, so it is published as written, without reading it back;
    a hook that runs late goes through `outbox_publish`, which skips a row already gone."""
    if timezone.now() >= row.due - FRESH_MARGIN:
        return outbox_publish(row_id=row.pk)
    if not _publish(row):
        return False
    _row_delete(row.pk)
    return True


def _row_delete(row_id: int) -> None:
    """One DELETE statement in autocommit: QuerySet.delete() would wrap it in a transaction of
    its own (BEGIN, DELETE, COMMIT: three round trips) on every published task."""
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {OutboxTask._meta.db_table} WHERE id = %s", [row_id])  # noqa: S608 - the table name is ours


def _publish(row: OutboxTask) -> bool:
    try:
        # No result subscription: nothing waits on these results, and subscribing to the Redis
        # result backend retries for 19 s when Redis is down.
        current_app.tasks[row.task].apply_async(args=row.args, retry=False, ignore_result=True)
    except BROKER_ERRORS as exc:
        logger.warning("Could not queue %s%s; the outbox sweep will: %s", row.task, row.args, exc)
        return False
    return True


def outbox_publish(*, row_id: int) -> bool:
    """Publish one recorded task and delete its row; True when published. A row already gone
    (published by the sweep) is skipped; an unreachable broker leaves it for the sweep."""
    row = OutboxTask.objects.filter(pk=row_id).first()
    if row is None or not _publish(row):
        return False
    _row_delete(row.pk)
    return True


def outbox_relay(*, now: dt.datetime, batch_size: int = RELAY_BATCH) -> int:
    """Publish every recorded task that is due at `now` and still here; returns how many were
    published. Rows are locked with SKIP LOCKED, so two sweeps never take the same row; the
    first broker failure stops the sweep (the rest wait for the next one)."""
    published = 0
    while True:
        with transaction.atomic():
            rows = list(
                OutboxTask.objects.select_for_update(skip_locked=True)
                .filter(due__lte=now)
                .order_by("due", "pk")[:batch_size]
            )
            done = []
            for row in rows:
                if row.task not in current_app.tasks:
                    # Renamed or removed since it was recorded: set aside (outbox_prune deletes
                    # it in the end), so that it does not hold up the rows behind it.
                    logger.error("Outbox row %s names no task: %s", row.pk, row.task)
                    OutboxTask.objects.filter(pk=row.pk).update(
                        attempts=row.attempts + 1, last_error="no such task", due=now + SET_ASIDE
                    )
                    continue
                if not _publish(row):
                    OutboxTask.objects.filter(pk=row.pk).update(
                        attempts=row.attempts + 1, last_error="broker unreachable"
                    )
                    break
                done.append(row.pk)
            OutboxTask.objects.filter(pk__in=done).delete()
            published += len(done)
        if len(done) < batch_size:
            return published


def outbox_prune(*, now: dt.datetime, keep: dt.timedelta) -> int:
    """Delete the rows recorded more than `keep` before `now` and never published (a task that
    no longer exists, or a broker down all that time): they are logged, by task, and gone.
    Returns how many."""
    old = OutboxTask.objects.filter(created__lt=now - keep)
    for task, args in old.values_list("task", "args")[:100]:
        logger.warning("Outbox: giving up on %s%s, never published", task, tuple(args))
    return old.delete()[0]
