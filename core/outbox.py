"""The one way any app queues a Celery task after a write: `enqueue_on_commit(task, *args)`.

The intent is a row (`OutboxTask`) written in the caller's transaction, so it commits or rolls
back with the change it follows. Nothing else happens in the request: the relay process
(`manage.py outbox_relay`, `outbox_relay_run`) is woken at the commit by PostgreSQL's NOTIFY (a
trigger on the table, migration messaging 0005; on SQLite it looks a few times a second),
publishes the rows in batches and deletes them in the same transaction. So a write makes one
commit and no broker round trip. When the broker cannot take a task (Redis down) its row stays
and is published once the broker is back (by the relay, or by the beat sweep `outbox_relay`
when no relay runs). A broker outage therefore delays notices and loses none, and never fails
the request that made the change.

With `settings.OUTBOX_PUBLISH_AT_COMMIT` (the tests), the committing process publishes the task
itself from a commit hook and deletes its row, and the sweep publishes what it could not.

Every task queued this way must be safe to run twice (a crash between the publish and the
delete publishes it again) and takes JSON-serialisable arguments (ids).
"""

from __future__ import annotations

import datetime as dt
import logging
import threading
import time
from functools import partial

import kombu.exceptions
import psycopg
import redis.exceptions
from celery import current_app
from celery.app.task import Task
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connection, connections, transaction
from django.db.models import DateTimeField, Expression, F, QuerySet, Value
from django.utils import timezone

from core.models import OutboxTask
from core.request_ids import TASK_HEADER, request_id_get
from core.sql import delete_sql, insert_sql, rows_insert, statement_cursor

logger = logging.getLogger(__name__)

# How long the commit hook has to publish before the sweep may publish the row too.
RELAY_AFTER = dt.timedelta(seconds=60)
# Until this long before a row is due, the sweep cannot have taken it, so the commit hook
# publishes it from memory (no SELECT); later it reads the row first, as the sweep may have.
FRESH_MARGIN = dt.timedelta(seconds=30)
# Rows of one INSERT in enqueue_many_on_commit (SQLite allows 32,766 parameters a statement).
BULK_BATCH = 1000
RELAY_BATCH = 500
# A row naming a task no process knows waits this long before the sweep looks at it again.
SET_ASIDE = dt.timedelta(days=1)
# The PostgreSQL channel the outbox table's trigger notifies at each commit that wrote rows
# (migration messaging 0005); the relay LISTENs on it.
OUTBOX_CHANNEL = "badux_outbox"
# The relay takes rows due up to this far ahead of its own clock, so a web machine whose clock
# runs a little ahead of the relay's does not hold a fresh row back.
CLOCK_SKEW = dt.timedelta(seconds=5)
# Woken by nothing (a NOTIFY lost while it reconnected, a row the broker refused), the relay
# still looks this often on PostgreSQL.
LISTEN_IDLE = 2.0
# Once woken, the relay lets this many seconds of commits gather before it drains, so that a
# busy site's moves go out in batches (one transaction each) rather than one drain per move.
RELAY_GATHER = 0.05
# What publishing raises when the broker (or the Redis result backend) is unreachable.
# A failed batch raises BatchPublishError (its delivery uncertain).
BROKER_ERRORS = (
    kombu.exceptions.OperationalError,
    kombu.exceptions.BatchPublishError,
    redis.exceptions.RedisError,
    OSError,
)


def _task_name(task: Task | str) -> str:
    name = task if isinstance(task, str) else task.name
    if name not in current_app.tasks:
        raise LookupError(f"No Celery task is registered as '{name}'.")
    return name


def enqueue_on_commit(task: Task | str, *args: object) -> OutboxTask:
    """Record `task(*args)` in the current transaction; it is published once that commits.

    `task` is a task object or its registered name (a name spares the caller an import of the
    task module). The relay publishes the row (due at once); with OUTBOX_PUBLISH_AT_COMMIT this
    process publishes it after the commit (outside a transaction: at once) and the row is due
    for the sweep only RELAY_AFTER later. Raises LookupError for an unknown task. Never raises
    for an unreachable broker.
    """
    now = timezone.now()
    at_commit = settings.OUTBOX_PUBLISH_AT_COMMIT
    row = OutboxTask(
        task=_task_name(task),
        args=list(args),
        created=now,
        due=now + RELAY_AFTER if at_commit else now,
        request_id=request_id_get(),
    )
    _row_insert(row)
    if at_commit:
        transaction.on_commit(partial(_publish_after_commit, row=row))
    return row


def enqueue_many_on_commit(task: Task | str, args_list: list[tuple]) -> list[OutboxTask]:
    """`enqueue_on_commit(task, *args)` for each `args` of `args_list`, in one INSERT per
    batch of rows rather than one each (a ladder renumbering tells thousands of players at
    once); after the commit the rows are published together (one broker round trip)."""
    if not args_list:
        return []
    now = timezone.now()
    at_commit = settings.OUTBOX_PUBLISH_AT_COMMIT
    name, request_id = _task_name(task), request_id_get()
    rows = OutboxTask.objects.bulk_create(
        [
            OutboxTask(
                task=name,
                args=list(args),
                created=now,
                due=now + RELAY_AFTER if at_commit else now,
                request_id=request_id,
            )
            for args in args_list
        ],
        batch_size=BULK_BATCH,
    )
    if at_commit:
        transaction.on_commit(partial(_publish_many_after_commit, rows=rows))
    return rows


def enqueue_select_on_commit(task: Task | str, *, rows: QuerySet, args: Expression) -> list[int]:
    """`enqueue_many_on_commit` for a task per row of the query `rows`, its arguments the JSON
    array `args` computed on that row (`JSONArray("pk")`): one INSERT ... SELECT
    (core.sql.rows_insert), where making and sending thousands of rows from Python took half a
    second (a ladder renumbering tells 4,700 players). Returns the rows' ids. With
    OUTBOX_PUBLISH_AT_COMMIT they are read back and published after the commit."""
    now = timezone.now()
    at_commit = settings.OUTBOX_PUBLISH_AT_COMMIT
    moment = DateTimeField()
    ids = rows_insert(
        model=OutboxTask,
        values={
            "task": Value(_task_name(task)),
            "args": args,
            "created": Value(now, output_field=moment),
            "due": Value(now + RELAY_AFTER if at_commit else now, output_field=moment),
            "attempts": Value(0),
            "last_error": Value(""),
            "request_id": Value(request_id_get() or ""),
        },
        rows=rows,
    )
    if at_commit and ids:
        transaction.on_commit(partial(_publish_ids_after_commit, ids=sorted(ids)))
    return ids


def _publish_ids_after_commit(ids: list[int]) -> bool:
    """The commit hook of `enqueue_select_on_commit`: publish the rows still here, delete them."""
    return _publish_and_delete(list(OutboxTask.objects.filter(pk__in=ids).order_by("pk")))


def _publish_many_after_commit(rows: list[OutboxTask]) -> bool:
    """The commit hook of `enqueue_many_on_commit`: publish the rows still here, delete them."""
    fresh = timezone.now() < rows[0].due - FRESH_MARGIN
    if not fresh:  # late: the sweep may have taken some
        rows = list(OutboxTask.objects.filter(pk__in=[row.pk for row in rows]).order_by("pk"))
    return _publish_and_delete(rows)


def _publish_and_delete(rows: list[OutboxTask]) -> bool:
    """Publish `rows` together and delete them; False (rows kept for the relay) when there
    are none or the broker refused."""
    if not rows or not _publish(rows):
        return False
    OutboxTask.objects.filter(pk__in=[row.pk for row in rows]).delete()
    return True


_INSERTED = ("task", "args", "created", "due", "attempts", "last_error", "request_id")


def _row_insert(row: OutboxTask) -> None:
    """INSERT `row` by a statement written once (core.sql.insert_sql; every move writes one:
    the ORM's compile of the INSERT cost more CPU than the database took to run it, issue 27)
    and give it its id. The table has no signal receivers: nothing is skipped by not going
    through Model.save (tests/core/test_sql.py compares the row with Model.save's)."""
    db = connections[DEFAULT_DB_ALIAS]  # once: each use of the `connection` proxy looks it up
    params = [
        OutboxTask._meta.get_field(name).get_db_prep_save(getattr(row, name), db)
        for name in _INSERTED
    ]
    returning = db.features.can_return_columns_from_insert
    with statement_cursor() as cursor:
        cursor.execute(insert_sql(OutboxTask, _INSERTED, db.vendor), params)
        if returning:
            row.pk = cursor.fetchone()[0]
        else:
            row.pk = db.ops.last_insert_id(
                cursor, OutboxTask._meta.db_table, OutboxTask._meta.pk.column
            )
    row._state.adding = False
    row._state.db = db.alias


def _publish_after_commit(row: OutboxTask) -> bool:
    """The commit hook: publish `row` and delete it. While the row is fresh (well before it is
    due) no sweep can have taken it, so it is published as written, without reading it back;
    a hook that runs late goes through `outbox_publish`, which skips a row already gone."""
    if timezone.now() >= row.due - FRESH_MARGIN:
        return outbox_publish(row_id=row.pk)
    if not _publish([row]):
        return False
    _row_delete(row.pk)
    return True


def _row_delete(row_id: int) -> None:
    """One DELETE statement in autocommit (core.sql.delete_sql): Model.delete() runs the
    deletion collector, and QuerySet.delete() wraps it in a transaction of its own (BEGIN,
    DELETE, COMMIT: three round trips)."""
    with connection.cursor() as cursor:
        cursor.execute(delete_sql(OutboxTask, connection.vendor), [row_id])


def outbox_publish(*, row_id: int) -> bool:
    """Publish one recorded task and delete its row; True when published. A row already gone
    (published by the sweep) is skipped; an unreachable broker leaves it for the sweep."""
    row = OutboxTask.objects.filter(pk=row_id).first()
    if row is None or not _publish([row]):
        return False
    _row_delete(row.pk)
    return True


def outbox_relay(*, now: dt.datetime, batch_size: int = RELAY_BATCH) -> int:
    """Publish every recorded task that is due at `now` and still here; returns how many were
    published. Rows are locked with SKIP LOCKED, so two sweeps never take the same row. Each
    batch of rows goes to the broker in one round trip (kombu's `Producer.batch`, a Redis
    pipeline: a round trip per task was half the relay's CPU, issue 27). A broker failure
    stops the sweep and keeps the whole batch: when a pipeline fails part of it may have been
    delivered, and every outbox task is safe to run twice."""
    published = 0
    while True:
        with transaction.atomic():
            rows = list(
                OutboxTask.objects.select_for_update(skip_locked=True)
                .filter(due__lte=now)
                .order_by("due", "pk")[:batch_size]
            )
            known = []
            for row in rows:
                if row.task in current_app.tasks:
                    known.append(row)
                    continue
                # Renamed or removed since it was recorded: set aside (outbox_prune deletes it
                # in the end), so that it does not hold up the rows behind it.
                logger.error("Outbox row %s names no task: %s", row.pk, row.task)
                OutboxTask.objects.filter(pk=row.pk).update(
                    attempts=row.attempts + 1, last_error="no such task", due=now + SET_ASIDE
                )
            taken = OutboxTask.objects.filter(pk__in=[row.pk for row in known])
            if known and not _publish(known):
                taken.update(attempts=F("attempts") + 1, last_error="broker unreachable")
                return published
            taken.delete()
            published += len(known)
        if len(rows) < batch_size:
            return published


def _publish(rows: list[OutboxTask]) -> bool:
    """Publish `rows` in order through one producer, in one round trip where the broker's
    transport can batch (Redis; kombu publishes one by one elsewhere); False, with a warning,
    when the broker could not take them (after a failed batch, some may have been taken)."""
    try:
        if current_app.conf.task_always_eager:
            # The tests run each task here, at once: a task that queues another would acquire
            # a second producer while holding the first, and concurrent requests would use up
            # the pool and wait for ever.
            for row in rows:
                current_app.tasks[row.task].apply_async(
                    args=row.args, retry=False, ignore_result=True, headers=_headers(row)
                )
            return True
        with current_app.producer_or_acquire() as producer, producer.batch():
            for row in rows:
                # No result subscription: nothing waits on these results, and subscribing to
                # the Redis result backend retries for 19 s when Redis is down.
                current_app.tasks[row.task].apply_async(
                    args=row.args,
                    retry=False,
                    ignore_result=True,
                    producer=producer,
                    headers=_headers(row),
                )
    except BROKER_ERRORS as exc:
        logger.warning(
            "Could not queue %d outbox task(s), the first %s%s; the outbox sweep will: %s",
            len(rows),
            rows[0].task,
            rows[0].args,
            exc,
        )
        return False
    return True


def _headers(row: OutboxTask) -> dict[str, str]:
    """The Celery headers of `row`'s task: the request id it was recorded under, if any."""
    return {TASK_HEADER: row.request_id} if row.request_id else {}


def outbox_relay_run(*, stop: threading.Event, poll: float | None = None) -> None:
    """The relay process's loop (`manage.py outbox_relay`): publish the outbox rows as their
    transactions commit, until `stop` is set.

    On PostgreSQL a connection of its own LISTENs on OUTBOX_CHANNEL and the table is drained
    (`outbox_relay`, in batches) each time a commit notifies it, and every LISTEN_IDLE seconds
    without one; elsewhere (SQLite) it is drained every `poll` seconds (default
    settings.OUTBOX_RELAY_POLL). A database error is logged and the loop reconnects a second
    later; an unreachable broker leaves the rows for the next drain. Any number of relays may
    run at once: rows are taken with SKIP LOCKED.
    """
    poll = settings.OUTBOX_RELAY_POLL if poll is None else poll
    listener = None
    try:
        while not stop.is_set():
            try:
                if listener is None and connection.vendor == "postgresql":
                    listener = _listen()
                outbox_relay(now=timezone.now() + CLOCK_SKEW)
                if stop.is_set():
                    break
                if listener is None:
                    stop.wait(poll)
                else:
                    _wait_for_notice(listener, timeout=LISTEN_IDLE)
            except (DatabaseError, psycopg.Error):
                logger.exception("Outbox relay: database error; reconnecting in a second")
                listener = _unlisten(listener)
                connection.close()
                stop.wait(1.0)
    finally:
        _unlisten(listener)
        connection.close()


def _listen():
    """A connection of the relay's own (Django's may be closed between drains), listening."""
    raw = connection.get_new_connection(connection.get_connection_params())
    raw.autocommit = True
    raw.execute(f"LISTEN {OUTBOX_CHANNEL}")
    return raw


def _unlisten(listener) -> None:
    if listener is not None:
        try:
            listener.close()
        except Exception:  # noqa: BLE001 - a broken connection is being dropped anyway
            logger.debug("Outbox relay: closing the listener failed", exc_info=True)


def _wait_for_notice(listener, *, timeout: float) -> None:
    """Block until a commit notifies the channel or `timeout` passes; after a notice wait
    RELAY_GATHER once for more commits, then take every notice queued: one drain answers them
    all. (psycopg hands over every notice of the packet that brought the first one, however
    many: a busy site's commits arrive by the hundred, and a wait for each of them put the
    relay minutes behind.)"""
    woken = False
    for _notice in listener.notifies(timeout=timeout, stop_after=1):
        woken = True
    if woken:
        time.sleep(RELAY_GATHER)
        for _notice in listener.notifies(timeout=0):
            pass


def outbox_prune(*, now: dt.datetime, keep: dt.timedelta) -> int:
    """Delete the rows recorded more than `keep` before `now` and never published (a task that
    no longer exists, or a broker down all that time): they are logged, by task, and gone.
    Returns how many."""
    old = OutboxTask.objects.filter(created__lt=now - keep)
    for task, args in old.values_list("task", "args")[:100]:
        logger.warning("Outbox: giving up on %s%s, never published", task, tuple(args))
    return old.delete()[0]
