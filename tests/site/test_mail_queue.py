"""A silent mail server holds up mail only: a move's "your turn" notice still arrives at once.

End to end with real parts, laid out as `make run` lays them out (scripts/devrun.py's
`worker_commands`: a worker for game work, one for mail, one for bots), the outbox relay, a
private `redis-server` and a database file of this test (SQLite, development settings: the
children share it whatever database the suite runs on). The mail server accepts connections
and never answers, so every mail attempt holds the mail worker EMAIL_TIMEOUT (30 s). With the
start notices of several games waiting to be mailed, a move is played: its "your turn" notice
(the row on the site) must be there within 2 s. With one queue for everything it took minutes.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.site.helpers import ROOT, clean_env, run_python

GAMES = 10  # the start notices of 9 to be mailed, and the game in which a move is played

SETUP = """
import json, django
django.setup()
from django.utils import timezone
from accounts.models import User
from games.game_settings import GameSettings
from games.services import play

nine = GameSettings(board_kind="square", board_size=9)
games = []
for n in range(%(games)d):
    black = User.objects.create_user(username=f"b{n}", email=f"b{n}@example.org")
    white = User.objects.create_user(username=f"w{n}", email=f"w{n}@example.org")
    games.append(play.game_start(black=black, white=white, settings=nine, now=timezone.now()).pk)
print(json.dumps(games))
"""

MOVE = """
import json, time, django
django.setup()
from django.utils import timezone
from games.models import Game
from games.services import play

game = Game.objects.select_related("black").get(pk=%(game)d)
play.game_move(game_id=game.pk, user=game.black, point="E5", expected_move_number=0,
               now=timezone.now())
print(json.dumps(time.time()))
"""


def _devrun_workers() -> dict[str, list[str]]:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import devrun  # noqa: PLC0415  (the script `make run` runs)
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    return devrun.worker_commands(sys.executable)


@pytest.fixture
def silent_smtp_port() -> Iterator[int]:
    """A mail server that accepts connections (the kernel does, from the backlog) and never
    sends its greeting."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(64)
        yield server.getsockname()[1]


def _rows(database: Path, sql: str, *params: object) -> list[tuple]:
    with sqlite3.connect(database, timeout=10) as connection:
        return connection.execute(sql, params).fetchall()


def _wait_for(condition, *, timeout: float, what: str, logs) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}\n{logs()}")
        time.sleep(0.1)


def test_a_silent_mail_server_holds_up_no_your_turn_notice(
    redis_server, silent_smtp_port, tmp_path
):
    database = tmp_path / "db.sqlite3"
    env = clean_env(
        DJANGO_SETTINGS_MODULE="baduxsite.settings.dev",
        DATABASE_URL=f"sqlite:///{database}",
        REDIS_URL=redis_server.url,
        EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
        EMAIL_HOST="127.0.0.1",
        EMAIL_PORT=str(silent_smtp_port),
    )
    migrated = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert migrated.returncode == 0, migrated.stderr
    made = run_python(SETUP % {"games": GAMES}, env)
    assert made.returncode == 0, made.stderr
    games = json.loads(made.stdout.strip().splitlines()[-1])

    children: list[subprocess.Popen] = []
    commands = {**_devrun_workers(), "relay": [sys.executable, "manage.py", "outbox_relay"]}
    for name, command in commands.items():
        with (tmp_path / f"{name}.log").open("wb") as log:
            children.append(
                subprocess.Popen(
                    command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
            )  # fmt: skip

    def logs() -> str:
        return "\n".join(
            f"--- {p.name}\n{p.read_text(errors='replace')[-3000:]}"
            for p in sorted(tmp_path.glob("*.log"))
        )

    try:
        # The start notices are recorded, each to be mailed at once; the mail worker is stuck
        # in the first of their mails.
        _wait_for(
            lambda: (
                _rows(
                    database,
                    "SELECT count(*) FROM messaging_notification"
                    " WHERE key LIKE 'turn:%:0' AND channel = 'immediate'",
                )[0][0]
                == GAMES
            ),
            timeout=120,
            what="the start notices",
            logs=logs,
        )
        _wait_for(
            lambda: (
                _rows(
                    database,
                    "SELECT count(*) FROM messaging_notification WHERE mailed IS NOT NULL",
                )[0][0]
                > 0
            ),
            timeout=60,
            what="the mail worker to try the first mail",
            logs=logs,
        )
        moved = run_python(MOVE % {"game": games[-1]}, env)
        assert moved.returncode == 0, moved.stderr
        committed = json.loads(moved.stdout.strip().splitlines()[-1])
        key = f"turn:{games[-1]}:1"
        _wait_for(
            lambda: _rows(database, "SELECT 1 FROM messaging_notification WHERE key = ?", key),
            timeout=60,
            what="the your-turn notice",
            logs=logs,
        )
        # When the worker recorded it (this process saw it only once the move's script ended).
        [(created,)] = _rows(
            database, "SELECT created FROM messaging_notification WHERE key = ?", key
        )
        arrived = dt.datetime.fromisoformat(created).replace(tzinfo=dt.UTC).timestamp()
    finally:
        output = logs()
        for child in children:
            if child.poll() is None:
                os.killpg(child.pid, signal.SIGKILL)
                child.wait(timeout=30)

    assert arrived - committed < 2.0, output
