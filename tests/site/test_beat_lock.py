"""Beat runs once per deployment: of two beats, one sends and the other stands by until the
lock is free (baduxsite/beat.py), against a real Redis. A beat whose broker is not Redis has
nowhere to lock: it schedules as Celery's PersistentScheduler does, and says so once."""

from __future__ import annotations

import datetime as dt
import logging
import uuid

import pytest
import redis
from celery import Celery

from baduxsite.beat import BeatLock, SingleBeatScheduler
from tests.site.helpers import real_redis_url


@pytest.fixture
def lock_key():
    url = real_redis_url()
    key = f"badux-test:beat:{uuid.uuid4().hex}"
    yield url, key
    redis.Redis.from_url(url).delete(key)


def test_one_beat_holds_the_lock_and_the_other_stands_by(lock_key):
    url, key = lock_key
    first, second = BeatLock(url, key=key), BeatLock(url, key=key)

    assert first.hold()
    assert not second.hold()
    assert first.hold()  # renewed by its holder
    assert not second.hold()


def test_a_standby_takes_over_once_the_holder_lets_go(lock_key):
    url, key = lock_key
    first, second = BeatLock(url, key=key), BeatLock(url, key=key)
    assert first.hold()

    first.release()

    assert second.hold()
    assert not first.hold()


def test_a_standby_takes_over_once_the_holders_lock_expires(lock_key):
    url, key = lock_key
    first, second = BeatLock(url, key=key), BeatLock(url, key=key)
    assert first.hold()

    redis.Redis.from_url(url).delete(key)  # what its expiry does when the holder died

    assert second.hold()
    assert not first.hold()


def test_without_redis_no_beat_sends():
    lock = BeatLock("redis://127.0.0.1:1/0")

    assert not lock.hold()


def test_the_site_runs_the_single_beat_scheduler(settings):
    module, _, name = settings.CELERY_BEAT_SCHEDULER.partition(":")

    assert (module, name) == (SingleBeatScheduler.__module__, SingleBeatScheduler.__name__)


def test_a_beat_on_a_broker_that_is_not_redis_schedules_without_the_lock(tmp_path, caplog):
    app = Celery("beat-without-redis", broker="memory://", set_as_current=False)
    app.conf.beat_schedule = {
        "every-second": {"task": "tests.noop", "schedule": dt.timedelta(seconds=1)}
    }
    with caplog.at_level(logging.WARNING, logger="baduxsite.beat"):
        scheduler = SingleBeatScheduler(app=app, schedule_filename=str(tmp_path / "schedule"))
        scheduler.schedule["every-second"].last_run_at = app.now() - dt.timedelta(minutes=1)
        scheduler.tick()
        scheduler.tick()
        scheduler.close()

    warnings = [r.getMessage() for r in caplog.records if r.name == "baduxsite.beat"]
    assert len(warnings) == 1
    assert "the broker is not Redis" in warnings[0]
    with app.connection_for_read() as connection:
        queue = connection.SimpleQueue(app.conf.task_default_queue)
        sent = [queue.get(timeout=5).headers["task"] for _ in range(queue.qsize())]
        queue.close()
    # The due task was sent (beside the scheduler's own heartbeats to each queue).
    assert "tests.noop" in sent
