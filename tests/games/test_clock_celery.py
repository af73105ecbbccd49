"""The clock sweep under real Celery: the beat schedule runs it every minute, and a real worker
process, consuming through Redis and writing to PostgreSQL, ends an overdue game with it.

The worker test needs DATABASE_URL (PostgreSQL) and REDIS_URL; it skips without them (CI sets
both). The worker runs on a private queue, so other workers on the same Redis are not involved.
"""

from __future__ import annotations

import datetime as dt
import os
import signal
import subprocess
import sys
import uuid

import pytest
from celery import Celery
from celery.schedules import schedule
from django.db import connection
from django.utils import timezone

from baduxsite.celery import app
from games.game_settings import GameSettings
from games.models import EndReason, Game, GameStatus
from games.services import play
from tests.site.helpers import ROOT, child_database_url, clean_env


def test_the_beat_schedule_runs_the_clock_sweep_every_minute():
    entry = app.conf.beat_schedule["games-sweep-clocks"]
    assert entry["task"] == "games.sweep_clocks"
    every = entry["schedule"]
    seconds = every.run_every.total_seconds() if isinstance(every, schedule) else float(every)
    assert seconds == 60
    assert entry["task"] in app.tasks


def test_the_sweep_task_ends_overdue_games_in_eager_mode(game_factory):
    game = game_factory(clock_days=1, now=timezone.now() - dt.timedelta(days=2))
    counts = app.tasks["games.sweep_clocks"].delay().get()
    assert counts["timed_out"] == 1
    game.refresh_from_db()
    assert (game.status, game.result) == (GameStatus.FINISHED, "W+T")


WORKER = """
import sys
from baduxsite.celery import app
app.conf.task_default_queue = sys.argv[1]
app.worker_main(["worker", "--pool", "solo", "--queues", sys.argv[1], "--hostname",
                 sys.argv[1] + "@%h", "--without-gossip", "--without-mingle",
                 "--without-heartbeat", "--loglevel", "WARNING"])
"""


@pytest.mark.django_db(transaction=True)
def test_a_real_worker_ends_an_overdue_game_through_the_sweep(user_factory):
    redis_url = os.environ.get("REDIS_URL")
    if not redis_url or not os.environ.get("DATABASE_URL"):
        pytest.skip("needs REDIS_URL and DATABASE_URL (PostgreSQL)")
    if connection.vendor != "postgresql":
        pytest.skip("the worker test runs on PostgreSQL")
    now = timezone.now()
    black, white = user_factory(username="kuro"), user_factory(username="shiro")
    one_day = GameSettings(board_kind="square", board_size=9, clock_days=1)
    overdue = play.game_start(
        black=black, white=white, now=now - dt.timedelta(days=2), settings=one_day
    )
    running = play.game_start(black=white, white=black, now=now, settings=one_day)

    queue = f"clock-test-{uuid.uuid4().hex[:10]}"
    env = clean_env(
        DJANGO_SETTINGS_MODULE="baduxsite.settings.dev",
        DATABASE_URL=child_database_url(),
        REDIS_URL=redis_url,
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
    )
    worker = subprocess.Popen(
        [sys.executable, "-c", WORKER, queue],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    # Not the current app: shared tasks elsewhere in this process must stay on the eager app.
    client = Celery("clock-test", broker=redis_url, backend=redis_url, set_as_current=False)
    try:
        task_name = app.conf.beat_schedule["games-sweep-clocks"]["task"]
        result = client.send_task(task_name, queue=queue)
        counts = result.get(timeout=90)
        result.forget()
    finally:
        os.killpg(worker.pid, signal.SIGTERM)
        try:
            output = worker.communicate(timeout=30)[0].decode(errors="replace")
        except subprocess.TimeoutExpired:
            os.killpg(worker.pid, signal.SIGKILL)
            output = worker.communicate()[0].decode(errors="replace")
        client.close()

    assert counts["timed_out"] == 1, output
    overdue = Game.objects.get(pk=overdue.pk)
    assert (overdue.status, overdue.end_reason, overdue.result) == (
        GameStatus.FINISHED,
        EndReason.TIMEOUT,
        "W+T",
    )
    assert Game.objects.get(pk=running.pk).status == GameStatus.PLAYING
