"""The upgrade policy of deploy/README.md, run for real: the newest migration runs while the
previous release's code still serves (issue 40).

The previous release is the parent of the newest commit that added a migration file: its code
has never seen that migration. (The newest commit that merely touched one may have edited a
migration the previous code already has, as giving OutboxTask.request_id its db_default did.)
Its tree is unpacked with `git archive` into a temporary folder; a fresh PostgreSQL database is
migrated with the CURRENT code; then the PREVIOUS code, in a child process with the same Python,
serves from that database as a node does between "migrate" and "restart": `manage.py check`,
two players, a game, moves posted to the board page through Django's test client (the move
view, its outbox rows and their eager tasks), and the home, status, board, history and
notification pages read back with 200. Any column or table the old code needs and the new
schema lacks, or a NOT NULL column its INSERTs leave out, fails it.

`pytest -s tests/deploy/test_previous_code.py` prints the previous commit and what it did.
Needs PostgreSQL (DATABASE_URL) and the git history down to that commit; skips otherwise.
"""

from __future__ import annotations

import io
import json
import secrets
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from django.db import connection

from tests.site.helpers import ROOT, clean_env

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

MIGRATION_FILES = "*/migrations/*.py"
# What a serving node does, written against URLs and models every release has: no service
# signature of the previous release is assumed but game_start's. Prints one JSON line.
SMOKE = """
import json
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from accounts.models import User
from games.game_settings import GameSettings
from games.models import Game
from games.services import play

black = User.objects.create_user(username="prev-black", email="b@example.org", password="x")
white = User.objects.create_user(username="prev-white", email="w@example.org", password="x")
game = play.game_start(
    black=black,
    white=white,
    settings=GameSettings(board_kind="square", board_size=9),
    now=timezone.now(),
)
clients = []
for user in (black, white):
    client = Client()
    client.force_login(user)
    clients.append(client)
move_url = reverse("games:move", args=[game.pk])
played = []
for number, point in enumerate(("C3", "G7", "C7", "G3")):
    # Whoever's turn it is: the other player's post is refused and plays nothing.
    for client in clients:
        answer = client.post(move_url, {"point": point, "move_number": number})
        if answer.status_code >= 500:
            raise SystemExit(f"move {point}: {answer.status_code}")
        if len(Game.objects.get(pk=game.pk).move_codes()) == number + 1:
            played.append(point)
            break
pages = {}
for name, url in (
    ("home", "/"),
    ("status", reverse("games:status")),
    ("board", reverse("games:board", args=[game.pk])),
    ("history", reverse("games:history")),
    ("notifications", "/notifications/"),
):
    pages[name] = clients[0].get(url).status_code
print(json.dumps({"game": game.pk, "played": played, "pages": pages}))
"""


def _git(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["git", *args], cwd=ROOT, capture_output=True, text=False, timeout=120, check=False
    )


def previous_release() -> str:
    """The parent of the newest commit that added a migration; skips without that history."""
    if shutil.which("git") is None or _git("rev-parse", "--git-dir").returncode != 0:
        pytest.skip("no git history in this checkout")
    newest = (
        _git("log", "-1", "--diff-filter=A", "--format=%H", "--", MIGRATION_FILES)
        .stdout.decode()
        .strip()
    )
    if not newest:
        pytest.skip("no commit in this checkout's history added a migration")
    parent = _git("rev-parse", "--verify", "--quiet", f"{newest}^")
    if parent.returncode != 0:
        pytest.skip(f"the parent of {newest[:12]} is not in this (shallow?) clone")
    return parent.stdout.decode().strip()


def _unpack(commit: str, folder: Path) -> None:
    archive = _git("archive", "--format=tar", commit)
    assert archive.returncode == 0, archive.stderr.decode()
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")


@pytest.fixture
def database_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database on the server DATABASE_URL names; dropped after."""
    if connection.vendor != "postgresql":
        pytest.skip("the previous code is checked against PostgreSQL, as production runs")
    s = connection.settings_dict
    server = {
        "host": s["HOST"] or "127.0.0.1",
        "port": s["PORT"] or 5432,
        "user": s["USER"],
        "password": s["PASSWORD"] or None,
    }
    name = f"badux_prev_{secrets.token_hex(4)}"
    with psycopg.connect(dbname="postgres", autocommit=True, **server) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    password = f":{server['password']}" if server["password"] else ""
    try:
        yield f"postgres://{server['user']}{password}@{server['host']}:{server['port']}/{name}"
    finally:
        with psycopg.connect(dbname="postgres", autocommit=True, **server) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _manage(tree: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_previous_release_serves_after_the_newest_migration(database_url) -> None:
    commit = previous_release()
    env = clean_env(DJANGO_SETTINGS_MODULE="baduxsite.settings.test", DATABASE_URL=database_url)

    migrated = _manage(ROOT, env, "migrate", "--no-input")
    assert migrated.returncode == 0, migrated.stdout + migrated.stderr

    with tempfile.TemporaryDirectory(prefix="badux-previous-") as folder:
        previous = Path(folder)
        _unpack(commit, previous)
        assert (previous / "baduxsite" / "settings" / "test.py").is_file(), commit

        checked = _manage(previous, env, "check")
        assert checked.returncode == 0, checked.stdout + checked.stderr

        smoke = _manage(previous, env, "shell", "-c", SMOKE)
        assert smoke.returncode == 0, smoke.stdout + smoke.stderr
        result = json.loads(smoke.stdout.strip().splitlines()[-1])

    print(f"\nprevious release {commit[:12]} on the current schema: {result}")
    assert result["played"] == ["C3", "G7", "C7", "G3"], result
    assert result["pages"] == dict.fromkeys(result["pages"], 200), result
