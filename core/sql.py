"""A cursor for the few statements every move runs, which PostgreSQL parses and plans once.

Django binds a query's parameters on the client: every statement reaches PostgreSQL as new text,
which it parses, analyses and plans anew. For the statements written once by hand and run by
every move and game page (games.sql, messaging.sql, core.outbox) that preparation cost
PostgreSQL more than running them: by pgbench, a move's statements took 1.25 ms sent as text and
0.71 ms prepared (issue 27). `statement_cursor` is a Django cursor like any other (the same
connection and transaction, query logging, execute wrappers, error wrapping), except that on
PostgreSQL its statements bind their parameters on the server and are prepared at their first
run on each connection, by psycopg's prepared statements: named per connection, made again after
a reconnect, dropped by psycopg when it holds too many. Bytes go as bytes, not as escaped text.

A connection pooler in transaction mode must track prepared statements (PgBouncer 1.21 and
newer: `max_prepared_statements`); docs/operations.md says so. Elsewhere (SQLite)
`statement_cursor()` is `connection.cursor()`.

Statements run here take `%s` placeholders as usual; each must be a constant of its caller
(a shape written once), since every distinct text is prepared and kept.

Hand-written SQL lives in one module per app, and only there: games.sql (the game row read
and update, the status page's reads), messaging.sql (the header's unread counts) and this one
(`insert_sql` and `delete_sql`, the outbox's INSERT and DELETE; `transaction_lock`, the
auto-match queue's advisory lock). Each builds its statements from the models' `_meta` by
`quoted_names` (quoted table and column names, never literals), keeps a statement only where
bench/ shows it matters, and has a test comparing its answer with the ORM's
(tests/<app>/test_sql.py).
"""

from __future__ import annotations

import functools
import hashlib
from typing import Any

import psycopg
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.postgresql.psycopg_any import register_tzloader
from django.db.backends.utils import CursorWrapper
from django.db.models import Model
from django.db.transaction import TransactionManagementError
from psycopg.pq import Format

_TIMESTAMPTZ = psycopg.adapters.types["timestamptz"].oid


class _PreparingCursor(psycopg.Cursor):
    """psycopg's server-binding cursor, every statement prepared (psycopg prepares only when
    the connection's `prepare_threshold` is set: settings.DATABASES' OPTIONS)."""

    def execute(self, query: Any, params: Any = None, **options: Any) -> Any:
        super().execute(query, params, **{**options, "prepare": True})
        if self._query is None and connections[DEFAULT_DB_ALIAS].queries_logged:
            # psycopg keeps no query after running a prepared statement, and Django's query
            # log reads it (DatabaseOperations.last_executed_query): the text, with $n.
            self._query = self._convert_query(query, params)
        return self


def statement_cursor() -> CursorWrapper:
    """A cursor of the default connection whose statements PostgreSQL prepares once per
    connection (see the module); use it as a context manager, like `connection.cursor()`."""
    db = connections[DEFAULT_DB_ALIAS]  # once: each use of the `connection` proxy looks it up
    cursor = db.cursor()
    if db.vendor == "postgresql":
        raw = db.connection
        client_side, cursor.cursor = cursor.cursor, _PreparingCursor(raw)
        client_side.close()
        # As Django's own cursors: a time zone loader only when the connection's zone differs.
        loader = raw.adapters.get_loader(_TIMESTAMPTZ, Format.TEXT)
        if db.timezone != loader.timezone:
            register_tzloader(db.timezone, cursor.cursor)
    return cursor


def quoted_names(model: type[Model], *fields: str) -> tuple[str, ...]:
    """The table of `model`, then the column of each field name of `fields` ("pk" for its
    primary key), each quoted for the default database: the only way a hand-written
    statement names a table or a column."""
    quote = connections[DEFAULT_DB_ALIAS].ops.quote_name
    meta = model._meta
    columns = (meta.pk if name == "pk" else meta.get_field(name) for name in fields)
    return quote(meta.db_table), *(quote(field.column) for field in columns)


@functools.cache
def insert_sql(model: type[Model], fields: tuple[str, ...], vendor: str) -> str:
    """`INSERT INTO <table> (<columns of fields>) VALUES (%s, ...)` for `model`, with
    `RETURNING <pk>` where the database (`vendor`, part of the cache key) can return it."""
    table, pk, *columns = quoted_names(model, "pk", *fields)
    sql = (
        f"INSERT INTO {table} ({', '.join(columns)})"  # noqa: S608 - names from the model
        f" VALUES ({', '.join(['%s'] * len(fields))})"
    )
    if connections[DEFAULT_DB_ALIAS].features.can_return_columns_from_insert:
        sql += f" RETURNING {pk}"
    return sql


@functools.cache
def delete_sql(model: type[Model], vendor: str) -> str:
    """`DELETE FROM <table> WHERE <pk> = %s` for `model` on `vendor`: one statement, where
    Model.delete() runs Django's deletion collector (about 0.3 ms of CPU a row, measured on the
    move POST of bench/games_pages.py, whose tasks are published at commit)."""
    table, pk = quoted_names(model, "pk")
    return f"DELETE FROM {table} WHERE {pk} = %s"  # noqa: S608 - names from the model


def transaction_lock(*, name: str) -> None:
    """Hold a lock named `name` until the current transaction ends: a second transaction
    asking for the same name waits for this one to commit or roll back. On PostgreSQL a
    transaction-level advisory lock (`pg_advisory_xact_lock`) on the first 8 bytes of the
    name's SHA-256 (two names may share a lock, never miss one); elsewhere (SQLite, which runs
    one writer at a time) nothing. Outside a transaction it raises TransactionManagementError,
    as the lock would end with the statement."""
    db = connections[DEFAULT_DB_ALIAS]
    if not db.in_atomic_block:
        raise TransactionManagementError("transaction_lock outside a transaction holds nothing.")
    if db.vendor != "postgresql":
        return
    key = int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big", signed=True)
    with db.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [key])
