"""Backups that are restored: the database and the site's folders, with a manifest.

A backup is one directory, `badux-<UTC time>/`, holding:

- `database.dump` (PostgreSQL: `pg_dump --format=custom`) or `database.sqlite3` (SQLite:
  Python's `sqlite3` online backup API, never a copy of a live file);
- `folders/<name>/`: a copy of each folder of `settings.BACKUP_FOLDERS` (the media and the mail
  archive) that exists;
- `manifest.json`: the engine, the row count of every table and the sha256 of every other file.

The counts are those of the copy itself: on PostgreSQL they are read in the very snapshot that
`pg_dump` dumps (an exported snapshot of a REPEATABLE READ transaction), on SQLite from the copy,
so writes made meanwhile are either wholly in both or in neither. A backup is written under a
`.partial` name and renamed when complete, so a half-made one is never taken for a backup.

A restore checks every checksum before it touches anything, refuses a target database that
already has tables (and target folders that hold files) unless forced, restores, then counts the
rows again and compares them with the manifest.

The statements here read the catalogs of whatever database they are given (its list of tables,
a count of each), not a model's table; that is why they are not in a `sql.py` module.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import logging
import os
import shutil
import sqlite3
import subprocess
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from psycopg import sql

MANIFEST = "manifest.json"
FORMAT = 1
PREFIX = "badux-"
PARTIAL = ".partial"
PG_DUMP = "database.dump"
SQLITE_COPY = "database.sqlite3"
FOLDERS = "folders"
_CHUNK = 1 << 20

logger = logging.getLogger(__name__)


class BackupError(Exception):
    """A backup or restore that cannot go on; the message says why."""


@dataclass(frozen=True)
class BackupResult:
    path: Path
    manifest: dict[str, Any]
    seconds: float


@dataclass(frozen=True)
class RestoreResult:
    counts: dict[str, int]
    seconds: float


def engine_of(database: Mapping[str, Any]) -> str:
    """ "postgresql" or "sqlite" for a Django `DATABASES` entry; BackupError for anything else."""
    engine = str(database["ENGINE"]).rsplit(".", 1)[-1]
    if engine.startswith("postgresql"):
        return "postgresql"
    if engine == "sqlite3":
        return "sqlite"
    raise BackupError(f"Cannot back up a {database['ENGINE']} database.")


def sha256_of(path: Path) -> str:
    """The sha256 of a file's bytes, in hex."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


# --- PostgreSQL ---------------------------------------------------------------------------------


def pg_binary(name: str, *, bin_dir: str = "") -> str:
    """The path of `pg_dump` or `pg_restore`: in `bin_dir` when given, else on PATH, else in the
    newest Debian /usr/lib/postgresql/<version>/bin."""
    if bin_dir:
        return str(Path(bin_dir) / name)
    found = shutil.which(name)
    if found:
        return found
    debian = sorted(
        Path("/usr/lib/postgresql").glob(f"*/bin/{name}"),
        key=lambda path: int(path.parts[-3]) if path.parts[-3].isdigit() else 0,
    )
    if not debian:
        raise BackupError(f"{name} not found: install postgresql-client or set BACKUP_PG_BIN_DIR.")
    return str(debian[-1])


def _pg_environ(database: Mapping[str, Any]) -> dict[str, str]:
    """libpq's variables naming the database (the password never appears on a command line)."""
    environ = dict(os.environ)
    values = {
        "PGDATABASE": database.get("NAME"),
        "PGUSER": database.get("USER"),
        "PGPASSWORD": database.get("PASSWORD"),
        "PGHOST": database.get("HOST"),
        "PGPORT": database.get("PORT"),
        "PGSSLMODE": (database.get("OPTIONS") or {}).get("sslmode"),
    }
    environ.update({key: str(value) for key, value in values.items() if value})
    return environ


def _pg_connect(database: Mapping[str, Any]) -> psycopg.Connection:
    params = {
        "dbname": database.get("NAME"),
        "user": database.get("USER") or None,
        "password": database.get("PASSWORD") or None,
        "host": database.get("HOST") or None,
        "port": database.get("PORT") or None,
        "sslmode": (database.get("OPTIONS") or {}).get("sslmode"),
    }
    return psycopg.connect(
        autocommit=True, **{key: value for key, value in params.items() if value}
    )


def _pg_counts(cursor: psycopg.Cursor) -> dict[str, int]:
    cursor.execute(
        "SELECT schemaname, tablename FROM pg_tables "
        "WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2"
    )
    counts = {}
    for schema, table in cursor.fetchall():
        cursor.execute(
            sql.SQL("SELECT count(*) FROM {}.{}").format(
                sql.Identifier(schema), sql.Identifier(table)
            )
        )
        name = table if schema == "public" else f"{schema}.{table}"
        counts[name] = cursor.fetchone()[0]
    return counts


def _run(command: list[str], *, environ: dict[str, str]) -> None:
    done = subprocess.run(command, env=environ, capture_output=True, text=True, check=False)  # noqa: S603
    if done.returncode != 0:
        raise BackupError(f"{Path(command[0]).name} failed: {done.stderr.strip()}")


def _pg_dump(database: Mapping[str, Any], target: Path, *, bin_dir: str) -> dict[str, int]:
    """Dump into `target` and count the rows, both in one exported snapshot."""
    with _pg_connect(database) as connection, connection.cursor() as cursor:
        cursor.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        cursor.execute("SELECT pg_export_snapshot()")
        snapshot = cursor.fetchone()[0]
        counts = _pg_counts(cursor)
        command = [pg_binary("pg_dump", bin_dir=bin_dir), "--format=custom"]
        command += [f"--snapshot={snapshot}", f"--file={target}"]
        _run(command, environ=_pg_environ(database))
        connection.rollback()
    return counts


def _pg_tables(database: Mapping[str, Any]) -> dict[str, int]:
    with _pg_connect(database) as connection, connection.cursor() as cursor:
        return _pg_counts(cursor)


def _pg_restore(database: Mapping[str, Any], dump: Path, *, force: bool, bin_dir: str) -> None:
    command = [pg_binary("pg_restore", bin_dir=bin_dir), "--no-owner", "--no-privileges"]
    command += ["--exit-on-error", "--single-transaction"]
    if force:
        command += ["--clean", "--if-exists"]
    command += [f"--dbname={database['NAME']}", str(dump)]
    _run(command, environ=_pg_environ(database))


# --- SQLite -------------------------------------------------------------------------------------


def _sqlite_connect(name: str, *, read_only: bool = False) -> sqlite3.Connection:
    # A test database in memory is a "file:...?mode=memory" URI; a path is read as a path.
    if read_only:
        return sqlite3.connect(f"{Path(name).resolve().as_uri()}?mode=ro", uri=True)
    return sqlite3.connect(str(name), uri=True, timeout=20)


def _sqlite_counts(connection: sqlite3.Connection) -> dict[str, int]:
    tables = connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY name"
    ).fetchall()
    counts = {}
    for (table,) in tables:
        quoted = '"' + table.replace('"', '""') + '"'
        counts[table] = connection.execute(f"SELECT count(*) FROM {quoted}").fetchone()[0]  # noqa: S608
    return counts


def _sqlite_backup(database: Mapping[str, Any], target: Path) -> dict[str, int]:
    """Copy the live database through the online backup API into `target`; count the copy."""
    source = _sqlite_connect(database["NAME"])
    copy = sqlite3.connect(target)
    try:
        source.backup(copy)
        # A copy of a WAL database is WAL too; a backup is one self-contained file.
        copy.execute("PRAGMA journal_mode=DELETE")
        return _sqlite_counts(copy)
    finally:
        copy.close()
        source.close()


def _sqlite_tables(database: Mapping[str, Any]) -> dict[str, int]:
    connection = _sqlite_connect(database["NAME"])
    try:
        return _sqlite_counts(connection)
    finally:
        connection.close()


def _sqlite_restore(database: Mapping[str, Any], copy: Path) -> None:
    source = _sqlite_connect(str(copy), read_only=True)
    target = _sqlite_connect(database["NAME"])
    try:
        source.backup(target)
    finally:
        target.close()
        source.close()


# --- Both ---------------------------------------------------------------------------------------


def database_counts(*, database: Mapping[str, Any]) -> dict[str, int]:
    """The row count of every table of a database (a Django `DATABASES` entry), by table name."""
    if engine_of(database) == "postgresql":
        return _pg_tables(database)
    return _sqlite_tables(database)


def _files_of(root: Path) -> dict[str, str]:
    return {
        path.relative_to(root).as_posix(): sha256_of(path)
        for path in sorted(root.rglob("*"))
        if path.is_file() and path.name != MANIFEST
    }


def backup_create(
    *,
    database: Mapping[str, Any],
    folders: Mapping[str, str],
    destination: Path,
    now: dt.datetime,
    pg_bin_dir: str = "",
) -> BackupResult:
    """Back up `database` (a Django `DATABASES` entry) and the existing `folders` (name: path)
    into a new directory under `destination`, named by `now`; returns it with its manifest.
    Nothing is left under `destination` when it fails."""
    started = time.monotonic()
    engine = engine_of(database)
    name = PREFIX + now.astimezone(dt.UTC).strftime("%Y%m%dT%H%M%S.%fZ")
    final = destination / name
    partial = destination / (name + PARTIAL)
    partial.mkdir(parents=True)
    try:
        if engine == "postgresql":
            dump = PG_DUMP
            counts = _pg_dump(database, partial / dump, bin_dir=pg_bin_dir)
        else:
            dump = SQLITE_COPY
            counts = _sqlite_backup(database, partial / dump)
        copied = {}
        for label, folder in sorted(folders.items()):
            if folder and Path(folder).is_dir():
                shutil.copytree(folder, partial / FOLDERS / label, symlinks=True)
                copied[label] = str(folder)
        manifest = {
            "format": FORMAT,
            "created": now.astimezone(dt.UTC).isoformat(),
            "engine": engine,
            "database": dump,
            "tables": counts,
            "rows": sum(counts.values()),
            "folders": copied,
            "files": _files_of(partial),
        }
        (partial / MANIFEST).write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
        partial.rename(final)
    except BaseException as error:
        shutil.rmtree(partial, ignore_errors=True)
        if isinstance(error, sqlite3.Error | psycopg.Error | OSError):
            raise BackupError(f"Backup failed: {error}") from error
        raise
    return BackupResult(path=final, manifest=manifest, seconds=time.monotonic() - started)


def manifest_verify(*, source: Path) -> dict[str, Any]:
    """The manifest of the backup in `source`, after checking that every file it lists is there
    with its checksum and that no other file is; BackupError naming the first fault."""
    try:
        manifest = json.loads((source / MANIFEST).read_text())
    except (OSError, ValueError) as error:
        raise BackupError(f"No readable {MANIFEST} in {source}: {error}") from error
    if manifest.get("format") != FORMAT:
        raise BackupError(f"Unknown backup format {manifest.get('format')!r} in {source}.")
    found = _files_of(source)
    for relative, digest in manifest["files"].items():
        if relative not in found:
            raise BackupError(f"{relative} is missing from {source}.")
        if found[relative] != digest:
            raise BackupError(f"{relative} does not match its checksum: the backup is damaged.")
    extra = sorted(set(found) - set(manifest["files"]))
    if extra:
        raise BackupError(f"{extra[0]} is in {source} but not in its manifest.")
    return manifest


def _target_check(
    database: Mapping[str, Any], folders: Mapping[str, str], manifest: dict[str, Any]
) -> None:
    if database_counts(database=database):
        raise BackupError(
            f"The database {database['NAME']} already has tables; restore into an empty "
            "database, or force it to replace what is there."
        )
    for label in manifest["folders"]:
        target = folders.get(label)
        if target and Path(target).is_dir() and any(Path(target).iterdir()):
            raise BackupError(f"The folder {target} ({label}) is not empty.")


def backup_restore(
    *,
    source: Path,
    database: Mapping[str, Any],
    folders: Mapping[str, str],
    force: bool = False,
    pg_bin_dir: str = "",
) -> RestoreResult:
    """Restore the backup in `source` into `database` (a Django `DATABASES` entry of the same
    engine) and `folders` (name: path). Checks every checksum first; refuses a database with
    tables or a folder with files unless `force` (then the database's tables are replaced and
    the folders' files overwritten); afterwards counts every table and raises BackupError when a
    count differs from the manifest's. Returns the counts."""
    started = time.monotonic()
    manifest = manifest_verify(source=source)
    if manifest["engine"] != engine_of(database):
        raise BackupError(
            f"This is a {manifest['engine']} backup; the target is {engine_of(database)}."
        )
    if not force:
        _target_check(database, folders, manifest)
    if manifest["engine"] == "postgresql":
        _pg_restore(database, source / manifest["database"], force=force, bin_dir=pg_bin_dir)
    else:
        _sqlite_restore(database, source / manifest["database"])
    for label in manifest["folders"]:
        target = folders.get(label)
        if not target:
            raise BackupError(f"The backup holds the folder {label!r}; no setting names it here.")
        shutil.copytree(source / FOLDERS / label, target, symlinks=True, dirs_exist_ok=True)
    counts = database_counts(database=database)
    differ = sorted(
        table
        for table in set(counts) | set(manifest["tables"])
        if counts.get(table) != manifest["tables"].get(table)
    )
    if differ:
        raise BackupError(f"Restored row counts differ from the manifest in: {', '.join(differ)}.")
    return RestoreResult(counts=counts, seconds=time.monotonic() - started)


def backups_list(*, destination: Path) -> list[Path]:
    """The complete backups under `destination` (with a manifest), oldest first."""
    if not destination.is_dir():
        return []
    return sorted(
        path
        for path in destination.iterdir()
        if path.is_dir()
        and path.name.startswith(PREFIX)
        and (path / MANIFEST).is_file()
        and not path.name.endswith(PARTIAL)
    )


def backups_prune(*, destination: Path, keep: int) -> list[Path]:
    """Delete all but the `keep` newest complete backups under `destination` (at least one is
    always kept); returns the deleted ones."""
    old = backups_list(destination=destination)[: -max(keep, 1)]
    for path in old:
        shutil.rmtree(path)
    return old


def backup_nightly_run(*, now: dt.datetime) -> BackupResult:
    """The nightly backup of the default database with the settings' folders into BACKUP_DIR,
    then the prune to BACKUP_KEEP; logged."""
    destination = Path(settings.BACKUP_DIR)
    result = backup_create(
        database=connections[DEFAULT_DB_ALIAS].settings_dict,
        folders=settings.BACKUP_FOLDERS,
        destination=destination,
        now=now,
        pg_bin_dir=settings.BACKUP_PG_BIN_DIR,
    )
    pruned = backups_prune(destination=destination, keep=settings.BACKUP_KEEP)
    logger.info(
        "Backup %s: %d rows in %.1f s; %d older backups deleted",
        result.path,
        result.manifest["rows"],
        result.seconds,
        len(pruned),
    )
    return result
