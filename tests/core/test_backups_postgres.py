"""The restore drill on PostgreSQL: pg_dump in one snapshot while moves are being made, then
pg_restore into a new, empty database that serves the games, through the test client and
through gunicorn started on it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from django.db import connections
from django.urls import reverse
from psycopg import sql

from core.backups import BackupError, backup_create, backup_restore
from tests.core import drill
from tests.games.conftest import NOW
from tests.site.helpers import ROOT, child_database_url, clean_env
from tests.site.private_redis import free_port, wait_for_port

pytestmark = [pytest.mark.postgres, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def _source() -> dict:
    return connections["default"].settings_dict


def _admin(statement: sql.Composable) -> None:
    source = _source()
    with psycopg.connect(
        dbname=source["NAME"],
        user=source["USER"] or None,
        password=source["PASSWORD"] or None,
        host=source["HOST"] or None,
        port=source["PORT"] or None,
        autocommit=True,
    ) as admin:
        admin.execute(statement)


@pytest.fixture
def empty_database() -> Iterator[dict]:
    """A new database beside the test database, dropped after the test."""
    name = f"{_source()['NAME']}_restored"
    _admin(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
    _admin(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    yield {**_source(), "NAME": name}
    _admin(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def _gunicorn_pages(database: str, game_ids: list[int], log: Path) -> list[int]:
    """Start gunicorn on a free port against `database` (the test settings otherwise), fetch
    every game's page, stop it; the statuses."""
    port = free_port()
    url = child_database_url().rsplit("/", 1)[0] + "/" + database
    env = clean_env(DJANGO_SETTINGS_MODULE="baduxsite.settings.test", DATABASE_URL=url)
    command = [sys.executable, "-m", "gunicorn", "baduxsite.wsgi", "--workers", "1"]
    with log.open("wb") as out:
        web = subprocess.Popen(
            [*command, "--bind", f"127.0.0.1:{port}"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        wait_for_port(port, timeout=60)
        statuses = []
        for pk in game_ids:
            address = f"http://127.0.0.1:{port}{reverse('games:board', args=[pk])}"
            with urllib.request.urlopen(address, timeout=30) as response:  # noqa: S310
                statuses.append(response.status)
        return statuses
    finally:
        os.killpg(web.pid, signal.SIGTERM)
        web.wait(timeout=30)


def test_restore_drill_on_postgresql(
    client, tmp_path, empty_database, user_factory, game_factory, tournament_factory
):
    made = drill.database_fill(
        user_factory=user_factory,
        game_factory=game_factory,
        tournament_factory=tournament_factory,
        games=24,
    )
    folders = drill.folders_make(tmp_path)
    restored_folders = {"media": str(tmp_path / "new-media"), "mail": str(tmp_path / "new-mail")}
    run = drill.drill_run(
        client=client,
        source=_source(),
        target=empty_database,
        folders=folders,
        restored_folders=restored_folders,
        tmp_path=tmp_path,
    )
    drill.figures_save("postgresql", {**made, **run.figures})

    assert run.backup.manifest["engine"] == "postgresql"
    assert run.restore.counts == run.backup.manifest["tables"]
    assert run.restore.counts["games_game"] == len(run.before) >= made["games"]
    writer_id = max(run.before)
    others = {pk: digest for pk, digest in run.before.items() if pk != writer_id}
    assert {pk: run.restored[pk] for pk in others} == others
    assert run.restored[writer_id] in drill.writer_state_checksums(run.writer)
    assert run.restored[writer_id] != run.before[writer_id]
    assert set(run.pages) == {200}
    for label, folder in folders.items():
        assert drill.folder_files(restored_folders[label]) == drill.folder_files(folder)
    served = _gunicorn_pages(empty_database["NAME"], sorted(run.restored), tmp_path / "web.log")
    assert served == [200] * len(run.restored), (tmp_path / "web.log").read_text()[-3000:]


def test_a_database_with_tables_is_refused_unless_forced(tmp_path, empty_database, game_factory):
    game_factory(moves=("D4",))
    backup = backup_create(database=_source(), folders={}, destination=tmp_path, now=NOW)
    assert (backup.path / "database.dump").read_bytes()[:5] == b"PGDMP"
    with pytest.raises(BackupError, match="already has tables"):
        backup_restore(source=backup.path, database=_source(), folders={})
    first = backup_restore(source=backup.path, database=empty_database, folders={})
    again = backup_restore(source=backup.path, database=empty_database, folders={}, force=True)
    assert first.counts == again.counts == backup.manifest["tables"]
    assert first.counts["games_game"] == 1
