"""Fixtures shared by every test package."""

import pytest
from celery.result import allow_join_result
from hypothesis import settings as hypothesis_settings

# Properties are about correctness, not speed: a shared CI machine under load must not turn a
# slow example into a failure (speed is measured in bench/).
hypothesis_settings.register_profile("badux", deadline=None)
hypothesis_settings.load_profile("badux")


@pytest.fixture(autouse=True)
def _clear_cache(settings):
    """Start each test with an empty cache so allauth rate-limit counters never leak."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _allow_celery_result_joins():
    """Let each test wait on a task result, whatever an earlier test left behind.

    In eager mode Celery guards `.delay()` with a process-wide "joins would block" flag that it
    saves and restores without a lock; two threads running eager tasks at once (the race tests,
    the live server) can leave it stuck on, and every later `.get()` would then refuse to run.
    """
    with allow_join_result():
        yield
