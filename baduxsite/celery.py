"""The Celery application. Configuration comes from Django settings (`CELERY_*` names).

Run a worker with `celery -A baduxsite worker` and exactly one scheduler with
`celery -A baduxsite beat` (two beats would run every periodic task twice).
"""

import os

from celery import Celery, Task, signals
from django.db import OperationalError, close_old_connections

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
