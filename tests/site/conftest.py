"""Fixtures of the site tests."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest
from django.utils import timezone

from core import heartbeats
from tests.site.private_redis import PrivateRedis, redis_binary


@pytest.fixture
def alive(db, settings) -> dt.datetime:
    """Every heartbeat the readiness check reads is fresh and play by e-mail is off: with the
    test database and cache, the site is ready. Returns the moment of the heartbeats."""
    settings.INBOUND_MAIL_DOMAIN = ""
    settings.HEALTH_WORKER_QUEUES = ["celery", "mail", "bots"]
    now = timezone.now()
    for queue in settings.HEALTH_WORKER_QUEUES:
        heartbeats.heartbeat_record(name=heartbeats.worker_name(queue), now=now)
    heartbeats.heartbeat_record(name=heartbeats.BEAT, now=now)
    return now


@pytest.fixture
def redis_server(tmp_path) -> Iterator[PrivateRedis]:
    """A redis-server of the test's own on a free port, stopped after it (skips without the
    binary); tests stop and start it to make outages."""
    binary = redis_binary()
    if binary is None:
        pytest.skip("no redis-server binary")
    server = PrivateRedis(binary, tmp_path)
    server.start()
    yield server
    server.stop()
