"""Beat runs once per deployment: of two beats, one sends and the other stands by until the
lock is free (baduxsite/beat.py), against a real Redis."""

from __future__ import annotations

import uuid

import pytest
import redis

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
