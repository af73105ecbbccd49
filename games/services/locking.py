"""The row locks every game action takes first, and the write of what changed under them."""

from __future__ import annotations

import datetime as dt
import functools

from django.db import DatabaseError, connection, connections
from django.db.models.signals import post_save, pre_save

from core.sql import statement_cursor
from games.models import ConditionalMoves, Game, Vacation
from games.selectors.game_row import game_columns_read, game_row_exists_sql, game_row_get


def game_lock(*, game_id: int) -> Game:
    """The game row with its players, the row locked (SELECT ... FOR UPDATE) until the
    caller's transaction ends; the players come in the same query (a turn's clock and bot
    check read them) and are never locked (games.selectors.game_row). Raises Game.DoesNotExist.
    Call it inside `transaction.atomic()`."""
    game = game_row_get(game_id=game_id, lock=True)
    if game is None:
        raise Game.DoesNotExist(f"No game {game_id}.")
    return game


def game_lock_if_any(*, game_id: int) -> Game | None:
    """As `game_lock`, or None when the game is gone."""
    return game_row_get(game_id=game_id, lock=True)


def game_lock_for_turn(*, game_id: int, now: dt.datetime) -> Game:
    """As `game_lock`, for a move or a pass at `now`: the same query also says whether anyone
    has conditional moves in the game (`conditional_any`) and whether each player is on
    vacation at `now` (`black_away`, `white_away`, with `away_at` = `now`), so the turn asks
    the database nothing more before it writes. Conditional moves change only under this lock,
    so `conditional_any` holds until the caller's transaction ends."""
    conditional, black_away, white_away = _turn_sql()
    # The statements hold the models' names only (`_turn_sql`); `now` goes in as a parameter.
    game = game_row_get(
        game_id=game_id,
        lock=True,
        extra=(
            ("conditional_any", conditional),
            ("black_away", black_away),
            ("white_away", white_away),
        ),
        params=(now, now, now, now),
    )
    if game is None:
        raise Game.DoesNotExist(f"No game {game_id}.")
    game.away_at = now
    return game


def game_locked_save(*, game: Game) -> None:
    """Save `game`, read by a lock of this module: only the columns changed since that read or
    the last save through here (a turn writes a dozen of the game's ~45), by an UPDATE written
    once per set of columns (the ORM's compile of it cost more CPU than the database took to
    run it, issue 27), with Model.save's signals (pre_save, post_save with `update_fields`).
    A game read otherwise is saved whole by Model.save. DatabaseError, as Model.save with
    `update_fields` raises it, when the row is gone."""
    read = getattr(game, "_read_columns", None)
    if read is None:
        game.save()
        return
    values = game.__dict__
    changed = tuple(attname for attname, value in read.items() if values[attname] != value)
    if not changed:
        return
    names = frozenset(_FIELDS[attname].name for attname in changed)
    alias = game._state.db or "default"
    pre_save.send(sender=Game, instance=game, raw=False, using=alias, update_fields=names)
    db = connections[alias]  # once: each use of the `connection` proxy looks it up
    params = [
        _FIELDS[attname].get_db_prep_save(_FIELDS[attname].pre_save(game, False), db)
        for attname in changed
    ]
    with statement_cursor() as cursor:
        cursor.execute(_update_sql(changed), [*params, game.pk])
        if cursor.rowcount != 1:
            raise DatabaseError("Save with update_fields did not affect any rows.")
    game._state.db = alias
    post_save.send(
        sender=Game, instance=game, created=False, update_fields=names, raw=False, using=alias
    )
    game._read_columns = game_columns_read(game)


_FIELDS = {field.attname: field for field in Game._meta.concrete_fields}


@functools.lru_cache(maxsize=256)
def _update_sql(attnames: tuple[str, ...]) -> str:
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(_FIELDS[attname].column)} = %s" for attname in attnames)
    return (
        f"UPDATE {quote(Game._meta.db_table)} SET {assignments}"  # noqa: S608 - names from the model
        f" WHERE {quote(Game._meta.pk.column)} = %s"
    )


@functools.cache
def _turn_sql() -> tuple[str, str, str]:
    """The three EXISTS of `game_lock_for_turn`, written once: the ORM's Exists(OuterRef)
    cost more CPU to compile at every move (0.8 ms) than the query took to run."""
    away = (("started", "<= %s"), ("until", "> %s"))
    return (
        game_row_exists_sql(ConditionalMoves, link=("game", "id")),
        game_row_exists_sql(Vacation, link=("user", "black"), where=away),
        game_row_exists_sql(Vacation, link=("user", "white"), where=away),
    )
