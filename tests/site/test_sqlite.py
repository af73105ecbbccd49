"""The embedded default (SQLite in var/, `make run`) does not fail a writer that meets another.

Two transactions that read, then write (a move, a tournament advance beside a game-over notice)
overlapping in time: with SQLite's default deferred BEGIN the later writer cannot wait for the
lock it needs to upgrade to, and fails at once with "database is locked"; with the settings'
immediate mode and busy timeout the second waits at BEGIN and both commit.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from django.db import OperationalError, connections, transaction
from django.db.utils import ConnectionHandler

from tests.site.helpers import ROOT, clean_env, settings_values


@pytest.fixture(scope="module")
def embedded_options() -> dict:
    """The OPTIONS the development settings give SQLite when DATABASE_URL is unset."""
    return settings_values("baduxsite.settings.dev", ["DATABASES"])["DATABASES"]["default"][
        "OPTIONS"
    ]


# A connection of this test alone, to a database file (the test database may be in memory).
ALIAS = "embedded_probe"


def test_the_embedded_database_takes_its_write_lock_at_begin_and_waits_for_it(embedded_options):
    assert embedded_options["transaction_mode"] == "IMMEDIATE"
    assert embedded_options["timeout"] >= 5
    assert "journal_mode=WAL" in embedded_options["init_command"]


def _read_then_write(*, hold: float, errors: list[str]) -> None:
    try:
        with transaction.atomic(using=ALIAS), connections[ALIAS].cursor() as cursor:
            cursor.execute("SELECT n FROM counter")
            (n,) = cursor.fetchone()
            time.sleep(hold)
            cursor.execute("UPDATE counter SET n = %s", [n + 1])
    except OperationalError as error:
        errors.append(str(error))
    finally:
        connections[ALIAS].close()


def _race(path: Path, options: dict) -> tuple[int, list[str]]:
    """Two read-then-write transactions on a database file, the second starting while the
    first holds its read; returns the counter after both and the errors they met."""
    configured = ConnectionHandler({"default": {"ENGINE": "django.db.backends.sqlite3"}})
    connections.settings[ALIAS] = {
        **configured.settings["default"],
        "NAME": str(path),
        "OPTIONS": options,
    }
    try:
        with connections[ALIAS].cursor() as cursor:
            cursor.execute("CREATE TABLE counter (n integer)")
            cursor.execute("INSERT INTO counter VALUES (0)")
        errors: list[str] = []
        first = threading.Thread(target=_read_then_write, kwargs={"hold": 0.5, "errors": errors})
        second = threading.Thread(target=_read_then_write, kwargs={"hold": 0, "errors": errors})
        first.start()
        time.sleep(0.15)
        second.start()
        first.join(timeout=30)
        second.join(timeout=30)
        with connections[ALIAS].cursor() as cursor:
            cursor.execute("SELECT n FROM counter")
            (n,) = cursor.fetchone()
        return n, errors
    finally:
        connections[ALIAS].close()
        del connections[ALIAS]
        del connections.settings[ALIAS]


def test_two_writers_at_once_both_commit_with_the_embedded_settings(
    tmp_path, embedded_options, django_db_blocker
):
    with django_db_blocker.unblock():
        assert _race(tmp_path / "db.sqlite3", embedded_options) == (2, [])


def test_without_them_the_second_writer_fails_at_once(
    tmp_path, embedded_options, django_db_blocker
):
    """The failure the settings prevent (finding 3 of issue 21), so the race above is real."""
    deferred = {**embedded_options, "transaction_mode": "DEFERRED"}

    with django_db_blocker.unblock():
        n, errors = _race(tmp_path / "db.sqlite3", deferred)

    assert n == 1
    assert errors == ["database is locked"]


# End to end on a database file with the embedded settings: tests/site/embedded_race.py, in a
# child process (the test database here is in memory, where SQLite locks differently).


@pytest.fixture(scope="module")
def migrated_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("embedded") / "template.sqlite3"
    _race_child("migrate", database=path)
    return path


def _race_child(scenario: str, *, database: Path) -> dict:
    completed = subprocess.run(
        [sys.executable, "tests/site/embedded_race.py", scenario],
        cwd=ROOT,
        env=clean_env(
            DJANGO_SETTINGS_MODULE="baduxsite.settings.test", DATABASE_URL=f"sqlite:///{database}"
        ),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr[-3000:]
    return json.loads(completed.stdout.strip().splitlines()[-1])


def _copy(template: Path, tmp_path: Path) -> Path:
    database = tmp_path / "db.sqlite3"
    shutil.copyfile(template, database)
    return database


def test_a_swiss_round_whose_last_two_games_end_at_once_is_paired(migrated_file, tmp_path):
    """Finding 3 of issue 21: the round advance met "database is locked" beside the game-over
    notices, was not retried, and the tournament stayed on round 1."""
    report = _race_child("swiss", database=_copy(migrated_file, tmp_path))

    assert report == {"errors": [], "round": 2, "round_2_boards": 2}


def test_200_api_moves_at_once_answer_without_a_5xx(migrated_file, tmp_path):
    """20 games, 10 simultaneous moves each: one move per game is played, the others are told
    the move number is stale (before: "database is locked", a 500)."""
    report = _race_child("moves", database=_copy(migrated_file, tmp_path))

    assert report == {"errors": [], "statuses": {"200": 20, "409": 180}}
