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


@pytest.fixture
def refuse_nul_like_postgresql():
    """Make every query fail as PostgreSQL does when a parameter holds a NUL character, so
    SQLite runs show a NUL that reaches the database (it would be a 500 in production)."""
    from django.db import connection

    def guard(execute, sql, params, many, context):
        rows = params if many else [params]
        for row in rows or []:
            for value in row or []:
                if isinstance(value, str) and "\x00" in value:
                    raise ValueError("A string literal cannot contain NUL (0x00) characters.")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(guard):
        yield
