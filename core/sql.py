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

Hand-written SQL lives here, and only here (tests/site/test_architecture.py checks that no
other app runs a statement of its own): the general builders below, which take model classes and
field names and write their statements from the models' `_meta` by `quoted_names` (quoted table
and column names, never literals), and core's own statements (`insert_sql` and `delete_sql`, the
outbox's INSERT and DELETE; `transaction_lock`, the auto-match queue's advisory lock). An app
declares what it reads in its own `sql` module with these builders and no SQL text:
games.sql (the game row read with its players and EXISTS columns, `JoinedRow`; its update,
`row_update`; the status page's and the API's lists, `EitherSelect` and `EitherPage`) and
messaging.sql (the header's unread counts, `Totals`). A statement is kept only where bench/
shows it matters, and each has a test comparing its answer with the ORM's: the builders in
tests/core/test_sql.py, the apps' declarations in tests/<app>/test_sql*.py.

A condition of these statements is a field name, a lookup ("exact", "ne", "lt", "lte", "gt",
"gte") and either a parameter (a pair: `%s`, its value given at each run) or a constant written
in the text (a triple; booleans and integers only), as a partial index's condition or a
constant the planner should see must be (`("read", "exact", False)` is `NOT "read"`); "isnull"
takes a written bool only (`("adjourned", "isnull", True)` is `"adjourned" IS NULL`).
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import psycopg
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.postgresql.psycopg_any import register_tzloader
from django.db.backends.utils import CursorWrapper
from django.db.models import Field, Model, QuerySet
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


# The builders ---------------------------------------------------------------------------------
# (S608 below: every table and column name comes from `quoted_names`, every value is a
# parameter or a checked bool or int.)

# A condition: (field, lookup) compares with a parameter, (field, lookup, constant) with a
# constant written in the statement (see the module).
Condition = tuple[str, str] | tuple[str, str, bool | int]
_OPERATORS = {"exact": "=", "ne": "<>", "lt": "<", "lte": "<=", "gt": ">", "gte": ">="}


def _conditions(model: type[Model], conditions: Sequence[Condition], prefix: str = "") -> list[str]:
    """Each condition on `model`'s columns (each after `prefix`, a quoted alias and a dot) as
    SQL: `<column> <operator> %s`, or the constant in the text."""
    _, *columns = quoted_names(model, *(condition[0] for condition in conditions))
    out = []
    for column, (_, lookup, *constant) in zip(columns, conditions, strict=True):
        if lookup == "isnull":  # a constant only: ("adjourned", "isnull", True)
            if not constant or not isinstance(constant[0], bool):
                raise TypeError(f"isnull takes a written bool: {column}")
            out.append(f"{prefix}{column} IS {'' if constant[0] else 'NOT '}NULL")
            continue
        operator = _OPERATORS[lookup]
        if not constant:
            out.append(f"{prefix}{column} {operator} %s")
        elif isinstance(constant[0], bool) and lookup == "exact":
            out.append(f"{prefix}{column}" if constant[0] else f"NOT {prefix}{column}")
        elif type(constant[0]) is int:
            out.append(f"{prefix}{column} {operator} {int(constant[0])}")
        else:
            raise TypeError(f"A written constant is a bool (exact) or an int: {constant[0]!r}")
    return out


def _order(model: type[Model], order: Sequence[str]) -> str:
    """ORDER BY's list for field names, each "-" first for descending (unqualified columns)."""
    _, *columns = quoted_names(model, *(name.lstrip("-") for name in order))
    return ", ".join(
        f"{column} DESC" if name.startswith("-") else column
        for name, column in zip(order, columns, strict=True)
    )


@dataclass(frozen=True)
class Exists:
    """A bool column of a `JoinedRow`, `name`: whether a row of `model` exists whose field
    `field` equals the read row's field `to` ("pk", or a foreign key: a row of its Black player)
    and each condition of `where` holds (its parameters given at each read, in order)."""

    name: str
    model: type[Model]
    field: str
    to: str = "pk"
    where: tuple[Condition, ...] = ()


@dataclass(frozen=True)
class _Part:
    """The columns of one instance in a joined row: the model, its fields' attribute names, and
    for each field that has converters (the database's, then the field's) its index, its column
    expression and those converters: what the ORM applies to a value it reads."""

    model: type[Model]
    attnames: tuple[str, ...]
    converters: tuple[tuple[int, object, tuple], ...]


@dataclass(frozen=True)
class _Shape:
    sql: str
    parts: tuple[_Part, ...]
    related: tuple[Field, ...]  # the foreign keys whose instances follow the row's own
    names: tuple[str, ...]  # the EXISTS columns after the instances' columns


def _part(model: type[Model], alias: str) -> tuple[_Part, list[str]]:
    db = connections[DEFAULT_DB_ALIAS]
    fields = model._meta.concrete_fields
    converters = []
    for index, field in enumerate(fields):
        column = field.get_col(alias)
        found = db.ops.get_db_converters(column) + column.get_db_converters(db)
        if found:
            converters.append((index, column, tuple(found)))
    _, *columns = quoted_names(model, *(field.name for field in fields))
    quoted = db.ops.quote_name(alias)
    selected = [f"{quoted}.{column}" for column in columns]
    return _Part(model, tuple(field.attname for field in fields), tuple(converters)), selected


def _exists_sql(model: type[Model], exists: Exists) -> str:
    table, linked = quoted_names(exists.model, exists.field)
    row_table, row_column = quoted_names(model, exists.to)
    conditions = [
        f"x.{linked} = {row_table}.{row_column}",
        *_conditions(exists.model, exists.where, prefix="x."),
    ]
    return (
        f"EXISTS (SELECT 1 FROM {table} x"  # noqa: S608
        f" WHERE {' AND '.join(conditions)})"
    )


@dataclass(frozen=True, eq=False)  # hashed by identity: a declaration, written once
class JoinedRow:
    """One row of `model` by its primary key, joined with the rows of its non-null foreign
    keys `related` (each aliased by its field's name), with the bool columns `exists`.

    `select` makes the instances `model.objects.select_related(*related)` makes: each value
    through its field's converters, `Model.from_db`, the related instances cached on the row,
    and sets each EXISTS column on it under its name. Its statement is written once per process,
    database and lock, and run by `statement_cursor`."""

    model: type[Model]
    related: tuple[str, ...] = ()
    exists: tuple[Exists, ...] = ()

    def select(self, *, pk: object, lock: bool, params: Sequence[object] = ()) -> Model | None:
        """The row `pk` (FOR UPDATE OF its table, and only it, with `lock`), or None. `params`
        are the EXISTS columns' parameters, in order. The caller checks the id's range and the
        transaction."""
        db = connections[DEFAULT_DB_ALIAS]  # once: each use of the `connection` proxy looks it up
        shape = _joined_shape(self, db.vendor, lock)
        with statement_cursor() as cursor:
            cursor.execute(shape.sql, [*params, pk])
            row = cursor.fetchone()
        if row is None:
            return None
        instances = []
        start = 0
        for part in shape.parts:
            values = list(row[start : start + len(part.attnames)])
            for index, column, converters in part.converters:
                for converter in converters:
                    values[index] = converter(values[index], column, db)
            instances.append(part.model.from_db(db.alias, part.attnames, values))
            start += len(part.attnames)
        found, *related = instances
        for field, instance in zip(shape.related, related, strict=True):
            field.set_cached_value(found, instance)
        for name, value in zip(shape.names, row[start:], strict=True):
            setattr(found, name, None if value is None else bool(value))
        return found


@functools.cache
def _joined_shape(row: JoinedRow, vendor: str, lock: bool) -> _Shape:
    """The statement of `row` on `vendor`, locking or not."""
    db = connections[DEFAULT_DB_ALIAS]
    table, pk = quoted_names(row.model, "pk")
    own, columns = _part(row.model, row.model._meta.db_table)
    parts, fields, joins = [own], [], []
    for name in row.related:
        field = row.model._meta.get_field(name)
        if field.null:
            raise ValueError(f"{name} may be null: a JoinedRow joins non-null foreign keys.")
        part, selected = _part(field.related_model, name)
        parts.append(part)
        fields.append(field)
        columns += selected
        target, target_pk = quoted_names(field.related_model, "pk")
        _, column = quoted_names(row.model, name)
        alias = db.ops.quote_name(name)
        joins.append(f" INNER JOIN {target} {alias} ON {alias}.{target_pk} = {table}.{column}")
    columns += [_exists_sql(row.model, exists) for exists in row.exists]
    sql = (
        f"SELECT {', '.join(columns)} FROM {table}{''.join(joins)}"  # noqa: S608
        f" WHERE {table}.{pk} = %s"
    )
    if lock and db.features.has_select_for_update:
        # Only the row itself: the related rows are read, never locked.
        sql += f" FOR UPDATE OF {table}" if db.features.has_select_for_update_of else " FOR UPDATE"
    names = tuple(exists.name for exists in row.exists)
    return _Shape(sql, tuple(parts), tuple(fields), names)


@functools.cache
def _fields_by_attname(model: type[Model]) -> dict[str, Field]:
    return {field.attname: field for field in model._meta.concrete_fields}


@functools.lru_cache(maxsize=256)
def _update_sql(model: type[Model], vendor: str, attnames: tuple[str, ...]) -> str:
    fields = _fields_by_attname(model)
    table, pk, *columns = quoted_names(model, "pk", *(fields[name].name for name in attnames))
    assignments = ", ".join(f"{column} = %s" for column in columns)
    return f"UPDATE {table} SET {assignments} WHERE {pk} = %s"  # noqa: S608


def row_update(*, instance: Model, attnames: tuple[str, ...]) -> bool:
    """UPDATE the columns `attnames` (attribute names) of `instance`'s row to the instance's
    values, prepared for the database as Model.save prepares them (each field's `pre_save`,
    then `get_db_prep_save`); True when the row was there. A plain UPDATE by
    `statement_cursor`, not a save: no signal is sent."""
    db = connections[DEFAULT_DB_ALIAS]  # statement_cursor's
    model = type(instance)
    fields = _fields_by_attname(model)
    params = [
        fields[name].get_db_prep_save(fields[name].pre_save(instance, False), db)
        for name in attnames
    ]
    with statement_cursor() as cursor:
        cursor.execute(_update_sql(model, db.vendor, attnames), [*params, instance.pk])
        return cursor.rowcount == 1


# Rows one statement of `column_set` sets (2 parameters each: SQLite allows 32,766).
COLUMN_SET_BATCH = 5000


@functools.lru_cache(maxsize=64)
def _column_set_sql(model: type[Model], vendor: str, name: str, rows: int) -> str:
    db = connections[DEFAULT_DB_ALIAS]
    field = model._meta.get_field(name)
    table, pk, column = quoted_names(model, "pk", name)
    values = ", ".join([f"(%s, CAST(%s AS {field.cast_db_type(db)}))"] * rows)
    return (
        f"WITH v(row_id, row_value) AS (VALUES {values}) "  # noqa: S608 - names from the model
        f"UPDATE {table} SET {column} = v.row_value FROM v WHERE {table}.{pk} = v.row_id"
    )


def column_set(*, model: type[Model], name: str, values: Sequence[tuple[object, object]]) -> None:
    """Set the column of field `name` of `model`'s rows by (primary key, value) pairs, values
    already as the database takes them (None for NULL): one UPDATE joined with a list of values
    per COLUMN_SET_BATCH rows, where `bulk_update` writes a CASE with a branch per row that the
    database tries row by row (quadratic: seconds for 5,000 rows). No signal is sent, no
    `pre_save` runs. (No row count: Python's sqlite3 does not count a statement that starts
    with WITH.)"""
    db = connections[DEFAULT_DB_ALIAS]
    with db.cursor() as cursor:
        for start in range(0, len(values), COLUMN_SET_BATCH):
            batch = values[start : start + COLUMN_SET_BATCH]
            sql = _column_set_sql(model, db.vendor, name, len(batch))
            cursor.execute(sql, [value for pair in batch for value in pair])


@functools.lru_cache(maxsize=16)
def _distinct_values_sql(model: type[Model], vendor: str, name: str) -> str:
    table, column = quoted_names(model, name)
    return (
        f"WITH RECURSIVE v(value) AS (SELECT MIN({column}) FROM {table} "  # noqa: S608 - names
        f"UNION ALL SELECT (SELECT MIN({column}) FROM {table} WHERE {column} > v.value) "
        "FROM v WHERE v.value IS NOT NULL) SELECT value FROM v WHERE value IS NOT NULL"
    )


def distinct_values(*, model: type[Model], name: str) -> list[object]:
    """The distinct non-null values of field `name` of `model`, in the database's order:
    with an index on the column, one index descent per value ("the least one after the last
    one", a loose index scan), where SELECT DISTINCT reads every row: a few hundred descents
    for the time zones of a hundred thousand players (issue 43). Without such an index it is
    a scan per value: index the column first."""
    db = connections[DEFAULT_DB_ALIAS]
    with db.cursor() as cursor:
        cursor.execute(_distinct_values_sql(model, db.vendor, name))
        return [row[0] for row in cursor.fetchall()]


def rows_insert(*, model: type[Model], values: dict[str, Any], rows: QuerySet) -> list[int]:
    """Insert a row of `model` for each row of the query `rows`, its fields (the keys of
    `values`) set to the expressions (F, Value, Case...) of `values` on that row: one
    `INSERT INTO ... SELECT ...`, where `bulk_create` makes, prepares and sends each row from
    Python (0.3 s for 4,700 ladder moves). A field left out takes the column's database
    default (`db_default`) or NULL, never the field's Python `default`. Returns the new rows'
    primary keys, in no set order."""
    db = connections[DEFAULT_DB_ALIAS]
    aliases = {f"inserted_{n}": value for n, value in enumerate(values.values())}
    select, params = rows.order_by().values(**aliases).query.sql_with_params()
    table, pk, *columns = quoted_names(model, "pk", *values)
    sql = f"INSERT INTO {table} ({', '.join(columns)}) {select} RETURNING {pk}"  # noqa: S608
    with db.cursor() as cursor:
        cursor.execute(sql, params)
        return [row[0] for row in cursor.fetchall()]


@dataclass(frozen=True, eq=False)  # hashed by identity: a declaration, written once
class EitherSelect:
    """The rows of `model` (every column, unordered: the caller sorts a few rows cheaper than an
    ORDER BY costs) where any field of `either` is one value and each condition of `where`
    holds. Parameters: the value once per field of `either`, then `where`'s."""

    model: type[Model]
    either: tuple[str, ...]
    where: tuple[Condition, ...] = ()

    def sql(self) -> str:
        """The statement, on the default database."""
        return _either_sql(self, connections[DEFAULT_DB_ALIAS].vendor)

    def rows(self, *, value: object, params: Sequence[object] = ()) -> list[Model]:
        """The rows as instances (`model.objects.raw`); `params` are `where`'s, ready for the
        database (a moment prepared by its field's `get_db_prep_value`)."""
        return list(self.model.objects.raw(self.sql(), [*[value] * len(self.either), *params]))


@functools.cache
def _either_sql(select: EitherSelect, vendor: str) -> str:
    table, *either = quoted_names(select.model, *select.either)
    conditions = [
        f"({' OR '.join(f'{column} = %s' for column in either)})",
        *_conditions(select.model, select.where),
    ]
    return f"SELECT * FROM {table} WHERE {' AND '.join(conditions)}"  # noqa: S608


@dataclass(frozen=True, eq=False)  # hashed by identity: a declaration, written once
class EitherPage:
    """A slice of the rows of `model` (every column) where either field of `either` (non-null
    foreign keys) is one value and each condition of `where` holds, in `order`, each row with
    the count of all of them as `count_as`.

    Each field's rows are read apart, each by its index in the order shown (the slice's end
    rows of each: an index on the field, `where`'s fields and `order`), then merged, and
    counted by the same indexes; a row whose earlier field holds the value is read by that
    field only. An OR of the fields read every row of the table backwards through an index on
    the order (3.4 s for a player of 10,000 games among a million, bench/pages_at_scale.py;
    this way 1-2 ms)."""

    model: type[Model]
    either: tuple[str, ...]
    order: tuple[str, ...]
    count_as: str
    where: tuple[Condition, ...] = ()

    def sql(self) -> str:
        """The statement, on the default database; its parameters are `params`'."""
        return _page_sql(self, connections[DEFAULT_DB_ALIAS].vendor)

    def params(
        self, *, value: object, size: int, start: int, params: Sequence[object] = ()
    ) -> list[object]:
        """The statement's parameters: `size` rows from index `start`, `params` being
        `where`'s."""
        end = start + size
        branches = [[value] * (k + 1) + list(params) for k in range(len(self.either))]
        limited = [param for branch in branches for param in (*branch, end)]
        return [*limited, *(param for branch in branches for param in branch), size, start]

    def rows(
        self, *, value: object, size: int, start: int, params: Sequence[object] = ()
    ) -> list[Model]:
        """The slice as instances (`model.objects.raw`), each with its `count_as`."""
        found = self.params(value=value, size=size, start=start, params=params)
        return list(self.model.objects.raw(self.sql(), found))


@functools.cache
def _page_sql(page: EitherPage, vendor: str) -> str:
    table, *either = quoted_names(page.model, *page.either)
    where = _conditions(page.model, page.where)
    branches = [
        " AND ".join([f"{column} = %s", *(f"{e} <> %s" for e in either[:k]), *where])
        for k, column in enumerate(either)
    ]
    order = _order(page.model, page.order)
    quote = connections[DEFAULT_DB_ALIAS].ops.quote_name
    slices = " UNION ALL ".join(
        f"SELECT * FROM (SELECT * FROM {table} WHERE {branch}"  # noqa: S608
        f" ORDER BY {order} LIMIT %s) AS b{k}"
        for k, branch in enumerate(branches)
    )
    counts = " + ".join(
        f"(SELECT COUNT(*) FROM {table} WHERE {branch})"  # noqa: S608
        for branch in branches
    )
    return (
        f"SELECT * FROM ({slices}) AS listed"  # noqa: S608
        f" CROSS JOIN (SELECT {counts} AS {quote(page.count_as)}) AS counted"
        f" ORDER BY {order} LIMIT %s OFFSET %s"
    )


@dataclass(frozen=True)
class Total:
    """One number of a `Totals`: the rows of `model` where each condition of `where` holds,
    counted (no `field`) or the sum of their `field` (0 for none)."""

    model: type[Model]
    where: tuple[Condition, ...] = ()
    field: str | None = None


@dataclass(frozen=True, eq=False)  # hashed by identity: a declaration, written once
class Totals:
    """Several counts and sums read by one statement, run by `statement_cursor` (each by its
    own subquery, so each can read its own index). Parameters: each total's, in order."""

    totals: tuple[Total, ...]

    def sql(self) -> str:
        """The statement, on the default database."""
        return _totals_sql(self, connections[DEFAULT_DB_ALIAS].vendor)

    def select(self, *, params: Sequence[object]) -> tuple[int, ...]:
        """Each total, an int."""
        with statement_cursor() as cursor:
            cursor.execute(self.sql(), params)
            row = cursor.fetchone()
        return tuple(int(value or 0) for value in row)


@functools.cache
def _totals_sql(totals: Totals, vendor: str) -> str:
    selected = []
    for total in totals.totals:
        table, *column = quoted_names(total.model, *([total.field] if total.field else []))
        number = f"COALESCE(SUM({column[0]}), 0)" if column else "COUNT(*)"
        where = " AND ".join(_conditions(total.model, total.where)) or "1 = 1"
        selected.append(f"(SELECT {number} FROM {table} WHERE {where})")  # noqa: S608
    return f"SELECT {', '.join(selected)}"
