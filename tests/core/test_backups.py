"""Backups (core.backups, `manage.py backup` and `restore`) on SQLite, and the restore drill:
a filled database backed up while moves are made, restored into a new database that serves
its games."""

from __future__ import annotations

import io
import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection, connections

from core import tasks
from core.backups import (
    MANIFEST,
    BackupError,
    backup_create,
    backup_restore,
    backups_list,
    backups_prune,
    database_counts,
    manifest_verify,
    sha256_of,
)
from tests.core import drill
from tests.games.conftest import NOW

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "sqlite", reason="SQLite's; test_backups_postgres.py on PostgreSQL"
    ),
]


def _source() -> dict:
    return connections["default"].settings_dict


def _target(tmp_path: Path) -> dict:
    return {**_source(), "NAME": str(tmp_path / "restored.sqlite3")}


def _restored_folders(tmp_path: Path) -> dict[str, str]:
    return {"media": str(tmp_path / "new" / "media"), "mail": str(tmp_path / "new" / "mail")}


@pytest.fixture
def small_backup(tmp_path, game_factory):
    game_factory(moves=("D4", "E5"))
    folders = drill.folders_make(tmp_path)
    return backup_create(
        database=_source(), folders=folders, destination=tmp_path / "backups", now=NOW
    )


def test_restore_drill_on_sqlite(client, tmp_path, user_factory, game_factory, tournament_factory):
    made = drill.database_fill(
        user_factory=user_factory,
        game_factory=game_factory,
        tournament_factory=tournament_factory,
        games=24,
    )
    folders = drill.folders_make(tmp_path)
    restored_folders = _restored_folders(tmp_path)
    run = drill.drill_run(
        client=client,
        source=_source(),
        target=_target(tmp_path),
        folders=folders,
        restored_folders=restored_folders,
        tmp_path=tmp_path,
    )
    drill.figures_save("sqlite", {**made, **run.figures})

    assert run.restore.counts == run.backup.manifest["tables"]
    assert run.restore.counts["games_game"] == len(run.before) >= made["games"]
    writer_id = max(run.before)
    others = {pk: digest for pk, digest in run.before.items() if pk != writer_id}
    assert {pk: run.restored[pk] for pk in others} == others
    assert run.restored[writer_id] in drill.writer_state_checksums(run.writer)
    assert run.restored[writer_id] != run.before[writer_id]  # the writer went on after
    assert run.writer.moved_after_done
    assert set(run.pages) == {200}
    for label, folder in folders.items():
        assert drill.folder_files(restored_folders[label]) == drill.folder_files(folder)


def test_a_backup_lists_every_table_count_and_file_checksum(small_backup):
    manifest = json.loads((small_backup.path / MANIFEST).read_text())
    assert manifest["engine"] == "sqlite"
    assert manifest["tables"]["games_game"] == 1
    assert manifest["rows"] == sum(manifest["tables"].values())
    assert manifest["files"] == {
        path: sha256_of(small_backup.path / path)
        for path in ("database.sqlite3", "folders/mail/1.eml", "folders/mail/2.eml")
        + ("folders/media/avatars/1.png",)
    }
    assert manifest_verify(source=small_backup.path) == manifest


def test_the_sqlite_copy_is_a_database_of_its_own(small_backup):
    copy = sqlite3.connect(small_backup.path / "database.sqlite3")
    try:
        assert copy.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        assert copy.execute("SELECT moves FROM games_game").fetchone() == ("dfee",)
    finally:
        copy.close()


@pytest.mark.parametrize(
    ("damage", "refusal"),
    [
        (lambda p: (p / "database.sqlite3").write_bytes(b"x"), "does not match its checksum"),
        (lambda p: (p / "folders" / "mail" / "1.eml").unlink(), "is missing"),
        (lambda p: (p / "folders" / "mail" / "3.eml").write_text("x"), "not in its manifest"),
        (lambda p: (p / MANIFEST).write_text("{"), "No readable manifest.json"),
    ],
    ids=["changed", "missing", "extra", "manifest"],
)
def test_a_damaged_backup_is_refused_before_anything_is_touched(
    small_backup, tmp_path, damage, refusal
):
    damage(small_backup.path)
    target = _target(tmp_path)
    with pytest.raises(BackupError, match=refusal):
        backup_restore(
            source=small_backup.path, database=target, folders=_restored_folders(tmp_path)
        )
    assert not Path(target["NAME"]).exists()
    assert not Path(_restored_folders(tmp_path)["mail"]).exists()


def test_a_database_with_tables_is_refused_unless_forced(small_backup, tmp_path, game_factory):
    game_factory(moves=("C3",))
    with pytest.raises(BackupError, match="already has tables"):
        backup_restore(
            source=small_backup.path, database=_source(), folders=_restored_folders(tmp_path)
        )
    assert database_counts(database=_source())["games_game"] == 2

    result = backup_restore(
        source=small_backup.path,
        database=_target(tmp_path),
        folders=_restored_folders(tmp_path),
    )
    assert result.counts["games_game"] == 1
    forced = backup_restore(
        source=small_backup.path,
        database=_target(tmp_path),
        folders=_restored_folders(tmp_path),
        force=True,
    )
    assert forced.counts == result.counts


def test_a_folder_with_files_is_refused_unless_forced(small_backup, tmp_path):
    folders = _restored_folders(tmp_path)
    Path(folders["mail"]).mkdir(parents=True)
    (Path(folders["mail"]) / "old.eml").write_text("old")
    with pytest.raises(BackupError, match="is not empty"):
        backup_restore(source=small_backup.path, database=_target(tmp_path), folders=folders)


def test_a_database_of_another_kind_is_refused(tmp_path):
    source = {**_source(), "ENGINE": "django.db.backends.mysql"}
    with pytest.raises(BackupError, match="Cannot back up a django.db.backends.mysql"):
        backup_create(database=source, folders={}, destination=tmp_path, now=NOW)


def test_a_backup_of_another_engine_is_refused(small_backup, tmp_path):
    target = {**_target(tmp_path), "ENGINE": "django.db.backends.postgresql"}
    with pytest.raises(BackupError, match="sqlite backup; the target is postgresql"):
        backup_restore(source=small_backup.path, database=target, folders={})


def test_a_failed_backup_leaves_nothing_behind(tmp_path):
    source = {**_source(), "NAME": str(tmp_path)}  # a folder: SQLite cannot open it
    with pytest.raises(BackupError, match="Backup failed: unable to open database file"):
        backup_create(database=source, folders={}, destination=tmp_path / "b", now=NOW)
    assert list((tmp_path / "b").iterdir()) == []


def test_prune_keeps_the_newest_complete_backups(tmp_path):
    for second in range(4):
        backup_create(
            database=_source(),
            folders={},
            destination=tmp_path,
            now=NOW.replace(second=second),
        )
    (tmp_path / "badux-20990101T000000.000000Z.partial").mkdir()
    kept = backups_list(destination=tmp_path)[-2:]
    deleted = backups_prune(destination=tmp_path, keep=2)
    assert [p.name[-10:] for p in deleted] == ["00.000000Z", "01.000000Z"]
    assert backups_list(destination=tmp_path) == kept
    assert backups_prune(destination=tmp_path, keep=0) == kept[:1]


def test_the_commands_back_up_and_restore(small_backup, tmp_path, settings):
    settings.BACKUP_DIR = str(tmp_path / "by-command")
    settings.BACKUP_FOLDERS = {"media": str(tmp_path / "media")}
    out = io.StringIO()
    call_command("backup", stdout=out)
    assert "rows in" in out.getvalue()
    (made,) = backups_list(destination=tmp_path / "by-command")
    with pytest.raises(CommandError, match="already has tables"):
        call_command("restore", str(made), stdout=io.StringIO())
    shutil.rmtree(tmp_path / "media")
    out = io.StringIO()
    call_command("restore", str(made), "--force", stdout=out)
    assert "as counted at the backup" in out.getvalue()
    assert (tmp_path / "media" / "avatars" / "1.png").is_file()


def test_the_nightly_task_backs_up_and_prunes(tmp_path, settings):
    settings.BACKUP_DIR = str(tmp_path)
    settings.BACKUP_FOLDERS = {}
    settings.BACKUP_KEEP = 2
    made = [tasks.backup_nightly() for _ in range(3)]
    assert [str(p) for p in backups_list(destination=tmp_path)] == made[1:]


def test_the_nightly_backup_is_off_by_default(settings):
    assert settings.BACKUP_NIGHTLY is False
    assert all(
        entry["task"] != "core.backup_nightly" for entry in settings.CELERY_BEAT_SCHEDULE.values()
    )
