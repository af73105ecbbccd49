"""Every statement the games app writes by hand, and only those. Table and column names come
from the models' `_meta`, quoted, never literals, so an added or renamed column reaches every
statement; tests/games/test_sql.py compares each statement's answer with the ORM's for the same
read or write, on SQLite and PostgreSQL.

* The game row read and update that every move and game page runs. Built and compiled by the
  ORM at each request they cost more CPU than the database took to run them (issue 27), and
  run through core.sql.statement_cursor PostgreSQL prepares them once per connection (a move's
  statements: 1.25 ms as text, 0.71 ms prepared). bench/http_load.py (board and move phases)
  is what keeps each one here.
* The status page's reads, run on every change to a player's games (bench/games_pages.py,
  "status, 30+30, drawn"): built by the ORM, the running games, the page of finished games and
  the open challenges cost 0.4 to 0.75 ms more CPU each than these, about 15% of the page
  together (issue 35); the players of those lists are read by the ORM (0.17 ms more: noise).
  The API's lists of games and challenges run the same statements.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import Model

from accounts.models import User
from core.sql import quoted_names, statement_cursor
from games.models import Challenge, ConditionalMoves, Game, GameChat, Vacation
from games.reviews.models import GameNote
from games.watching.models import GameWatch, Kibitz, KibitzHidden

# The players' table aliases; the game's table keeps its own name, which the EXISTS columns
# (`_exists_sql`) name.
_PLAYERS = (("black", "b"), ("white", "w"))
_GAME_FIELDS = {field.attname: field for field in Game._meta.concrete_fields}


def _alias(alias: str) -> str:
    """A table alias of these statements, quoted (a table's or column's name: quoted_names)."""
    return connection.ops.quote_name(alias)


@dataclass(frozen=True)
class _Part:
    """The columns of one instance in the row: the model, its fields' attribute names, and for
    each field that has converters (the database's, then the field's) its index, its column
    expression and those converters: what the ORM applies to a value it reads."""

    model: type[Model]
    attnames: tuple[str, ...]
    converters: tuple[tuple[int, object, tuple], ...]


@dataclass(frozen=True)
class _Shape:
    sql: str
    parts: tuple[_Part, ...]
    names: tuple[str, ...]  # the EXISTS columns after the instances' columns


def _part(model: type[Model], alias: str) -> tuple[_Part, list[str]]:
    fields = model._meta.concrete_fields
    converters = []
    for index, field in enumerate(fields):
        column = field.get_col(alias)
        found = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        if found:
            converters.append((index, column, tuple(found)))
    _, *columns = quoted_names(model, *(field.name for field in fields))
    selected = [f"{_alias(alias)}.{column}" for column in columns]
    return _Part(model, tuple(field.attname for field in fields), tuple(converters)), selected


def _exists_sql(
    model: type[Model], *, link: tuple[str, str], where: Sequence[tuple[str, str]] = ()
) -> str:
    """An SQL boolean: whether a row of `model` exists whose field `link[0]` is the game's
    field `link[1]` (("game", "id"): a row of this game; ("user", "black"): a row of its Black
    player), and each (field, comparison) of `where` holds, e.g. ("started", "<= %s")."""
    table, linked, *columns = quoted_names(model, link[0], *(name for name, _ in where))
    game_table, game_column = quoted_names(Game, link[1])
    comparisons = (comparison for _, comparison in where)
    conditions = [
        f"x.{linked} = {game_table}.{game_column}",
        *(f"x.{column} {test}" for column, test in zip(columns, comparisons, strict=True)),
    ]
    return (
        f"EXISTS (SELECT 1 FROM {table} x"  # noqa: S608 - names from the models
        f" WHERE {' AND '.join(conditions)})"
    )


_AWAY = (("started", "<= %s"), ("until", "> %s"))
# The named EXISTS columns a read may add, with what their parameters are.
EXTRAS = {
    # A turn (games.services.locking.game_lock_for_turn): does anyone have conditional moves
    # in the game; is each player on vacation at `now` (parameters: now, now for each).
    "turn": lambda: (
        ("conditional_any", _exists_sql(ConditionalMoves, link=("game", "id"))),
        ("black_away", _exists_sql(Vacation, link=("user", "black"), where=_AWAY)),
        ("white_away", _exists_sql(Vacation, link=("user", "white"), where=_AWAY)),
        # Does anyone watch the game (games.watching): no watchers, no outbox row for them.
        ("watch_any", _exists_sql(GameWatch, link=("game", "id"))),
    ),
    # The game page (games.selectors.play.game_page_get): is there any chat; has the viewer
    # notes on the game (parameter: the viewer's id, None for none); any spectators' comments,
    # any watcher, does the viewer watch it (parameter: the viewer's id again); does each
    # player hide spectators' comments while they play (games.watching).
    "page": lambda: (
        ("chat_any", _exists_sql(GameChat, link=("game", "id"))),
        ("note_any", _exists_sql(GameNote, link=("game", "id"), where=(("author", "= %s"),))),
        ("kibitz_any", _exists_sql(Kibitz, link=("game", "id"))),
        ("watch_any", _exists_sql(GameWatch, link=("game", "id"))),
        ("watch_mine", _exists_sql(GameWatch, link=("game", "id"), where=(("user", "= %s"),))),
        ("black_hides_kibitz", _exists_sql(KibitzHidden, link=("user", "black"))),
        ("white_hides_kibitz", _exists_sql(KibitzHidden, link=("user", "white"))),
    ),
}


@functools.cache
def _shape(vendor: str, lock: bool, extras: str | None) -> _Shape:
    """The statement for a read that locks the game row (`lock`) or not, with the EXISTS
    columns of EXTRAS[`extras`]; written once per process, database and shape."""
    game_table, game_pk = quoted_names(Game, "pk")
    user_table, user_pk = quoted_names(User, "pk")
    game, columns = _part(Game, Game._meta.db_table)
    parts = [game]
    joins = []
    for name, alias in _PLAYERS:
        player, selected = _part(User, alias)
        parts.append(player)
        columns += selected
        _, player_column = quoted_names(Game, name)
        joins.append(
            f" INNER JOIN {user_table} {_alias(alias)}"
            f" ON {_alias(alias)}.{user_pk} = {game_table}.{player_column}"
        )
    named = EXTRAS[extras]() if extras else ()
    columns += [sql for _, sql in named]
    sql = (
        f"SELECT {', '.join(columns)} FROM {game_table}{''.join(joins)}"  # noqa: S608 - names from the models
        f" WHERE {game_table}.{game_pk} = %s"
    )
    if lock and connection.features.has_select_for_update:
        # Only the game row: the players' rows are read, never locked.
        of = connection.features.has_select_for_update_of
        sql += f" FOR UPDATE OF {game_table}" if of else " FOR UPDATE"
    return _Shape(sql, tuple(parts), tuple(name for name, _ in named))


def game_row_select(
    *, game_id: int, lock: bool, extras: str | None = None, params: Sequence[object] = ()
) -> Game | None:
    """SELECT the game `game_id` joined with its two players (FOR UPDATE OF the game row with
    `lock`), or None. The instances are what `Game.objects.select_related("black", "white")`
    makes: each value through its field's converters, `Model.from_db`, the players cached on
    the game. `extras` names an entry of EXTRAS, whose columns are set on the game as bools;
    `params` are their values, in order. The caller checks the id's range and the transaction
    (games.selectors.game_row)."""
    db = connections[DEFAULT_DB_ALIAS]  # once: each use of the `connection` proxy looks it up
    shape = _shape(db.vendor, lock, extras)
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
    Game._meta.get_field("black").set_cached_value(game, black)
    Game._meta.get_field("white").set_cached_value(game, white)
    for name, value in zip(shape.names, row[start:], strict=True):
        setattr(game, name, None if value is None else bool(value))
    return game


@functools.lru_cache(maxsize=256)
def _update_sql(vendor: str, attnames: tuple[str, ...]) -> str:
    fields = (_GAME_FIELDS[name].name for name in attnames)
    table, pk, *columns = quoted_names(Game, "pk", *fields)
    assignments = ", ".join(f"{column} = %s" for column in columns)
    return f"UPDATE {table} SET {assignments} WHERE {pk} = %s"  # noqa: S608 - names from the model


def game_row_update(*, game: Game, attnames: tuple[str, ...]) -> bool:
    """UPDATE the columns `attnames` (attribute names) of `game`'s row to the instance's values,
    prepared for the database as Model.save prepares them (each field's `pre_save`, then
    `get_db_prep_save`); True when the row was there. A plain UPDATE, not a save: no signal
    is sent (games.services.locking.game_locked_save does what the receivers would)."""
    db = connections[DEFAULT_DB_ALIAS]  # statement_cursor's
    fields = [_GAME_FIELDS[name] for name in attnames]
    params = [field.get_db_prep_save(field.pre_save(game, False), db) for field in fields]
    with statement_cursor() as cursor:
        cursor.execute(_update_sql(db.vendor, attnames), [*params, game.pk])
        return cursor.rowcount == 1


@functools.cache
def running_sql(vendor: str) -> str:
    """A player's running games, every column, unordered (the caller sorts the few rows).
    Parameters: the player's id twice, the playing status."""
    table, black, white, status = quoted_names(Game, "black", "white", "status")
    return (
        f"SELECT * FROM {table}"  # noqa: S608 - names from the model
        f" WHERE ({black} = %s OR {white} = %s) AND {status} = %s"
    )


@functools.cache
def finished_page_sql(vendor: str) -> str:
    """A slice of a player's finished games, most recent first, every column, each row with the
    count of all of them as "listed_count". Parameters: `finished_page_params`.

    Their games as Black and as White are read apart, each by its index in the order shown
    (game_black_finished, game_white_finished: the slice's end rows of each) and merged, and
    counted by the same indexes: an OR of both colours read every finished game of the site
    backwards through the index on `finished` (3.4 s for a player of 10,000 games among a
    million, bench/pages_at_scale.py; now 1-2 ms)."""
    table, pk, black, white, status, finished = quoted_names(
        Game, "id", "black", "white", "status", "finished"
    )
    as_black = f"{black} = %s AND {status} = %s"
    as_white = f"{white} = %s AND {black} <> %s AND {status} = %s"
    order = f"{finished} DESC, {pk} DESC"
    return (
        "SELECT * FROM ("  # noqa: S608 - names from the model
        f"SELECT * FROM (SELECT * FROM {table} WHERE {as_black} ORDER BY {order} LIMIT %s) AS b"
        f" UNION ALL SELECT * FROM (SELECT * FROM {table} WHERE {as_white}"
        f" ORDER BY {order} LIMIT %s) AS w) AS mine"
        f" CROSS JOIN (SELECT (SELECT COUNT(*) FROM {table} WHERE {as_black})"
        f" + (SELECT COUNT(*) FROM {table} WHERE {as_white}) AS listed_count) AS counted"
        f" ORDER BY {order} LIMIT %s OFFSET %s"
    )


def finished_page_params(*, user_id: int, status: str, size: int, start: int) -> list[object]:
    """The parameters of `finished_page_sql`: `size` games from index `start`."""
    end = start + size
    black, white = [user_id, status], [user_id, user_id, status]
    return [*black, end, *white, end, *black, *white, size, start]


@functools.cache
def challenges_open_sql(vendor: str) -> str:
    """A player's open challenges, received and sent, every column, unordered. Parameters: the
    player's id twice, the open status, the moment (prepared for the database) they must expire
    after."""
    table, recipient, creator, status, expires = quoted_names(
        Challenge, "recipient", "creator", "status", "expires"
    )
    return (
        f"SELECT * FROM {table}"  # noqa: S608 - names from the model
        f" WHERE ({recipient} = %s OR {creator} = %s) AND {status} = %s AND {expires} > %s"
    )


def running_games(*, user_id: int, status: str) -> list[Game]:
    """The rows of `running_sql` as games (unordered)."""
    return list(Game.objects.raw(running_sql(connection.vendor), [user_id, user_id, status]))


def finished_games_page(*, user_id: int, status: str, size: int, start: int) -> list[Game]:
    """The rows of `finished_page_sql` as games, each with its `listed_count`."""
    params = finished_page_params(user_id=user_id, status=status, size=size, start=start)
    return list(Game.objects.raw(finished_page_sql(connection.vendor), params))


def open_challenges(*, user_id: int, status: str, after: dt.datetime) -> list[Challenge]:
    """The rows of `challenges_open_sql` as challenges (unordered): those expiring after
    `after`."""
    expires = Challenge._meta.get_field("expires").get_db_prep_value(after, connection)
    params = [user_id, user_id, status, expires]
    return list(Challenge.objects.raw(challenges_open_sql(connection.vendor), params))
