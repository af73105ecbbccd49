"""The per-token throttle holds exactly when a client fires its calls all at once.

The calls race through `TokenThrottle.allow_request` on real threads against the site's cache
(the test settings' local-memory cache; Redis' INCR in production is atomic the same way).
"""

from __future__ import annotations

import threading

from django.test import RequestFactory

from accounts.api.auth import TokenThrottle


def _fire_at_once(throttle, calls: int, token: str = "api-token:1") -> int:  # noqa: S107
    """`calls` requests with one token through `throttle` from as many threads at once;
    returns how many it let through."""
    barrier = threading.Barrier(calls)
    allowed: list[bool] = []

    def call() -> None:
        request = RequestFactory().get("/api/v1/me")
        request.auth = token
        barrier.wait()
        allowed.append(throttle.allow_request(request))

    threads = [threading.Thread(target=call) for _ in range(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return sum(allowed)


def test_200_simultaneous_calls_on_one_token_get_exactly_120_answers(settings):
    settings.API_THROTTLE_RATE = "120/m"

    assert _fire_at_once(TokenThrottle(), 200) == 120


def test_each_token_has_its_own_count(settings):
    settings.API_THROTTLE_RATE = "5/m"
    throttle = TokenThrottle()

    assert _fire_at_once(throttle, 8, token="api-token:1") == 5
    assert _fire_at_once(throttle, 8, token="api-token:2") == 5


def test_the_rate_setting_is_read_at_each_call(settings):
    throttle = TokenThrottle()
    settings.API_THROTTLE_RATE = "2/m"
    assert _fire_at_once(throttle, 4) == 2
    settings.API_THROTTLE_RATE = "3/m"  # a new rate counts in a window of its own
    assert _fire_at_once(throttle, 4) == 3
