"""The Celery application. Configuration comes from Django settings (`CELERY_*` names).

Run a worker with `celery -A baduxsite worker` and exactly one scheduler with
`celery -A baduxsite beat` (two beats would run every periodic task twice).
"""

import os

from celery import Celery, Task
from django.db import OperationalError

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baduxsite.settings.dev")


class BaduxTask(Task):
    """The base of every task of the site: the retry policy they share.

    A task that meets a database error of the moment (`OperationalError`: SQLite's "database
    is locked" once its busy timeout ran out, a PostgreSQL deadlock or serialization failure,
    a dropped connection) is retried up to 5 times, after about 1, 2, 4, 8, 16 seconds: its
    transaction rolled back, and tasks are safe to run again. A task that declares its own
    `autoretry_for` replaces this one (the mail tasks list OperationalError beside their
    TransientMailError: messaging.mail.RETRY_OPTIONS).
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
