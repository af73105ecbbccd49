"""One game with both its players, read by a statement written once.

Every game page, every move and every other action on a game starts with this read: the game
row and its two players (the page shows them; a turn's clock and bot check read them). Built
and compiled by the ORM (`select_related`) at each request, it cost more CPU than it took the
database to run it: in a move, the lock's compile was the largest single cost (issue 27). Here
the SELECT is written once per shape, from the models' fields, so an added or renamed column
reaches it; each value goes through its field's converters, as in the ORM, and the instances
are made with `Model.from_db`, the players cached on the game as `select_related` caches them.
tests/games/test_game_row.py checks it against the ORM's read, column by column.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import Model
from django.db.transaction import TransactionManagementError

from accounts.models import User
from core.sql import statement_cursor
from games.models import Game

# The players' table aliases; the game's table keeps its own name, which the extra columns
# (`game_row_exists_sql`) name.
_PLAYERS = (("black", "b"), ("white", "w"))
_GAME_ATTNAMES = tuple(
    field.attname for field in Game._meta.concrete_fields if not field.primary_key
)


@dataclass(frozen=True)
class _Part:
    """The columns of one instance in the row: the model, its fields' attribute names, and for
    each field that has converters (the database's, then the field's) its index, its column
    expression and those converters."""

    model: type[Model]
    attnames: tuple[str, ...]
    converters: tuple[tuple[int, object, tuple], ...]


@dataclass(frozen=True)
class _Shape:
    sql: str
    parts: tuple[_Part, ...]


def _part(model: type[Model], alias: str) -> tuple[_Part, list[str]]:
    quote = connection.ops.quote_name
    fields = model._meta.concrete_fields
    converters = []
    for index, field in enumerate(fields):
        column = field.get_col(alias)
        found = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        if found:
            converters.append((index, column, tuple(found)))
    selected = [f"{quote(alias)}.{quote(field.column)}" for field in fields]
    return _Part(model, tuple(field.attname for field in fields), tuple(converters)), selected


@functools.cache
def _shape(vendor: str, lock: bool, extra: tuple[str, ...]) -> _Shape:
    """The statement for a read that locks the game row (`lock`) or not, with the SQL boolean
    expressions `extra` as further columns; written once per process and shape."""
    quote = connection.ops.quote_name
    game_table = Game._meta.db_table
    game, columns = _part(Game, game_table)
    parts = [game]
    joins = []
    for name, alias in _PLAYERS:
        player, selected = _part(User, alias)
        parts.append(player)
        columns += selected
        joins.append(
            f" INNER JOIN {quote(User._meta.db_table)} {quote(alias)}"
            f" ON {quote(alias)}.{quote(User._meta.pk.column)}"
            f" = {quote(game_table)}.{quote(Game._meta.get_field(name).column)}"
        )
    sql = (
        f"SELECT {', '.join([*columns, *extra])} FROM {quote(game_table)}{''.join(joins)}"  # noqa: S608 - names from the models
        f" WHERE {quote(game_table)}.{quote(Game._meta.pk.column)} = %s"
    )
    if lock and connection.features.has_select_for_update:
        # Only the game row: the players' rows are read, never locked.
        of = connection.features.has_select_for_update_of
        sql += f" FOR UPDATE OF {quote(game_table)}" if of else " FOR UPDATE"
    return _Shape(sql, tuple(parts))


def game_row_exists_sql(
    model: type[Model], *, link: tuple[str, str], where: Sequence[tuple[str, str]] = ()
) -> str:
    """An SQL boolean for the `extra` of `game_row_get`: whether a row of `model` exists whose
    field `link[0]` is the game's field `link[1]` (("game", "id"): a row of this game; ("user",
    "black"): a row of its Black player), and each (field, comparison) of `where` holds, e.g.
    ("started", "<= %s"). Names come from the models, so a renamed table or column reaches it;
    values go in `game_row_get`'s `params`, in order."""
    quote = connection.ops.quote_name

    def column(name: str) -> str:
        return f"x.{quote(model._meta.get_field(name).column)}"

    game_column = Game._meta.get_field(link[1]).column
    conditions = [
        f"{column(link[0])} = {quote(Game._meta.db_table)}.{quote(game_column)}",
        *(f"{column(name)} {comparison}" for name, comparison in where),
    ]
    return (
        f"EXISTS (SELECT 1 FROM {quote(model._meta.db_table)} x"  # noqa: S608 - names from the models
        f" WHERE {' AND '.join(conditions)})"
    )


def game_columns_read(game: Game) -> dict[str, object]:
    """The values of `game`'s columns but its id, copies of the mutable ones (a count's JSON),
    to compare with later (games.services.locking.game_locked_save)."""
    values = game.__dict__
    return {
        attname: copy.deepcopy(values[attname])
        if isinstance(values[attname], dict | list)
        else values[attname]
        for attname in _GAME_ATTNAMES
    }


def game_row_get(
    *,
    game_id: int,
    lock: bool = False,
    extra: Sequence[tuple[str, str]] = (),
    params: Sequence[object] = (),
) -> Game | None:
    """The game `game_id` with its players loaded (`game.black`, `game.white` read nothing
    more), or None when there is none (an id out of the column's range included). With `lock`
    the game row, and only it, is locked (SELECT ... FOR UPDATE OF the game) until the caller's
    transaction ends, which must be open (TransactionManagementError otherwise, as the ORM
    says). `extra` adds (name, SQL boolean expression) columns, set on the game as bools under
    their names; `params` are their placeholders' values, in order. The expressions must be
    constants of the caller's (each shape is written once): values go in `params`."""
    db = connections[DEFAULT_DB_ALIAS]  # once: each use of the `connection` proxy looks it up
    low, high = db.ops.integer_field_range(Game._meta.pk.get_internal_type())
    if not (low is None or low <= game_id) or not (high is None or game_id <= high):
        return None
    if lock and db.features.has_select_for_update and db.get_autocommit():
        raise TransactionManagementError(
            "select_for_update cannot be used outside of a transaction."
        )
    names = tuple(name for name, _ in extra)
    shape = _shape(db.vendor, lock, tuple(sql for _, sql in extra))
    with statement_cursor() as cursor:
        cursor.execute(shape.sql, [*params, game_id])
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
    game, black, white = instances
    if lock:
        # What games.services.locking.game_locked_save compares with to write only what changed.
        game._read_columns = game_columns_read(game)
    Game._meta.get_field("black").set_cached_value(game, black)
    Game._meta.get_field("white").set_cached_value(game, white)
    for name, value in zip(names, row[start:], strict=True):
        setattr(game, name, None if value is None else bool(value))
    return game
