"""The Celery application. Configuration comes from Django settings (`CELERY_*` names).

Run a worker with `celery -A baduxsite worker` and exactly one scheduler with
`celery -A baduxsite beat` (two beats would run every periodic task twice).
"""

import logging
import os

from celery import Celery, Task, signals
from django.db import DatabaseError, OperationalError, close_old_connections

from core.metrics import TASK_FAILURES, TASK_RUNS
from core.request_ids import TASK_HEADER, request_id_bind

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baduxsite.settings.dev")


class BaduxTask(Task):
    """The base of every task of the site: the retry policy they share.

    A task that meets a database error of the moment (`OperationalError`: SQLite's "database
    is locked" once its busy timeout ran out, a PostgreSQL deadlock or serialization failure,
    a dropped connection) is retried up to 5 times, after about 1, 2, 4, 8, 16 seconds: its
    transaction rolled back, and tasks are safe to run again. A task that declares its own
    `autoretry_for` replaces this one (the mail tasks list OperationalError beside their
    TransientMailError: core.mail.RETRY_OPTIONS).
    """

    autoretry_for = (OperationalError,)
    retry_backoff = 1
    retry_backoff_max = 30
    retry_jitter = True
    max_retries = 5


logger = logging.getLogger(__name__)
# The beat task whose every send records beat's own heartbeat (core.tasks.heartbeat).
HEARTBEAT_TASK = "core.heartbeat"

app = Celery("baduxsite", task_cls=BaduxTask)
app.config_from_object("django.conf:settings", namespace="CELERY")
# Finds `tasks.py` in every installed app.
app.autodiscover_tasks()


@signals.task_prerun.connect
@signals.task_postrun.connect
def _database_connections_as_requests_leave_them(sender: Task | None = None, **kwargs) -> None:
    """Before and after each task a worker runs, what Django does around each request:
    connections past CONN_MAX_AGE, broken, or left inside a transaction are closed; the others
    are kept, checked again before their next use (CONN_HEALTH_CHECKS). Celery's own closing
    of every connection around every task is switched off (CELERY_DB_REUSE_MAX): it made each
    task open a new database session, whose start cost the database more CPU than a "your
    turn" notice itself (issue 27). Tasks run eagerly (the tests) are left alone, as Celery
    leaves them: they run inside the caller's transaction."""
    if sender is not None and not getattr(sender.request, "is_eager", False):
        close_old_connections()


@signals.setup_logging.connect
def _logging_as_django(loglevel: int | str | None = None, **kwargs) -> None:
    """Workers and beat log as the web processes do (settings.LOGGING: JSON lines in production,
    each with its request id) instead of Celery's own format; at the level of their
    `--loglevel`, as before."""
    import logging.config  # noqa: PLC0415  (only in a worker or beat)

    from django.conf import settings  # noqa: PLC0415  (configured by then)

    logging.config.dictConfig(settings.LOGGING)
    if loglevel:
        logging.getLogger().setLevel(loglevel)


def _is_eager(task: Task | None) -> bool:
    return task is None or bool(getattr(task.request, "is_eager", False))


@signals.task_prerun.connect
def _task_started(sender: Task | None = None, task: Task | None = None, **kwargs) -> None:
    """Count the run (core.metrics.TASK_RUNS) and, in a worker, bind the request id the task
    was queued under (core.request_ids; the outbox sends it as a header), so its log lines
    and the tasks it queues carry it. An eager task (the tests) runs in its caller's context,
    whose id it keeps."""
    task = task or sender
    if task is None:
        return
    TASK_RUNS.labels(task=task.name).inc()
    if not _is_eager(task):
        headers = getattr(task.request, "headers", None) or {}
        value = getattr(task.request, TASK_HEADER, None) or headers.get(TASK_HEADER) or ""
        request_id_bind(value)


@signals.task_postrun.connect
def _task_finished(sender: Task | None = None, task: Task | None = None, **kwargs) -> None:
    if not _is_eager(task or sender):
        request_id_bind("")


@signals.task_failure.connect
def _task_failed(sender: Task | None = None, **kwargs) -> None:
    """Count a run that raised and will not be retried (core.metrics.TASK_FAILURES)."""
    if sender is not None:
        TASK_FAILURES.labels(task=sender.name).inc()


@signals.before_task_publish.connect
def _beat_alive(sender: str | None = None, **kwargs) -> None:
    """Beat's heartbeat: only beat sends `core.heartbeat` (its schedule), so each send
    records that beat ran (core.heartbeats; the readiness check reads it)."""
    if sender != HEARTBEAT_TASK:
        return
    from django.utils import timezone  # noqa: PLC0415  (Django is set up once a task is sent)

    from core.heartbeats import BEAT, heartbeat_record  # noqa: PLC0415  (same)

    try:
        heartbeat_record(name=BEAT, now=timezone.now())
    except DatabaseError:
        logger.warning("Beat could not record its heartbeat (database unavailable)")
