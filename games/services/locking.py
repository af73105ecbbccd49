"""The row locks every game action takes first, and the write of what changed under them."""

from __future__ import annotations

import copy
import datetime as dt

from django.db import DatabaseError

from core.http_cache.stamps import status_stamps_bump_on_commit
from games.models import Game
from games.selectors.game_row import game_row_get
from games.sql import game_row_update


def game_lock(*, game_id: int) -> Game:
    """The game row with its players, the row locked (SELECT ... FOR UPDATE) until the
    caller's transaction ends; the players come in the same query (a turn's clock and bot
    check read them) and are never locked (games.selectors.game_row). Raises Game.DoesNotExist.
    Call it inside `transaction.atomic()`."""
    game = game_lock_if_any(game_id=game_id)
    if game is None:
        raise Game.DoesNotExist(f"No game {game_id}.")
    return game


def game_lock_if_any(*, game_id: int) -> Game | None:
    """As `game_lock`, or None when the game is gone."""
    return _as_read(game_row_get(game_id=game_id, lock=True))


def game_lock_for_turn(*, game_id: int, now: dt.datetime) -> Game:
    """As `game_lock`, for a move or a pass at `now`: the same query also says whether anyone
    has conditional moves in the game (`conditional_any`) and whether each player is on
    vacation at `now` (`black_away`, `white_away`, with `away_at` = `now`), so the turn asks
    the database nothing more before it writes. Conditional moves change only under this lock,
    so `conditional_any` holds until the caller's transaction ends."""
    game = game_lock_for_turn_if_any(game_id=game_id, now=now)
    if game is None:
        raise Game.DoesNotExist(f"No game {game_id}.")
    return game


def game_lock_for_turn_if_any(*, game_id: int, now: dt.datetime) -> Game | None:
    """As `game_lock_for_turn`, or None when the game is gone (the clock sweep's timeouts:
    with `conditional_any` and `watch_any` read by the lock, a game ended on time deletes no
    conditional moves and queues no watchers' notice that are not there)."""
    game = _as_read(
        game_row_get(game_id=game_id, lock=True, extras="turn", params=(now, now, now, now))
    )
    if game is not None:
        game.away_at = now
    return game


def game_locked_save(*, game: Game) -> None:
    """Write `game`, read by a lock of this module: only the columns changed since that read or
    the last write through here (a turn writes a dozen of the game's ~45), by one UPDATE
    (games.sql.game_row_update). A game read otherwise is saved whole by Model.save.
    DatabaseError, as Model.save with `update_fields` raises it, when the row is gone.

    This is not Model.save and sends no signal. What the receivers of Game's pre_save and
    post_save do is done here: the only one is games.receivers' renewal of the players'
    status stamps at the commit (ladder listens to Ladder and Tournament, accounts to
    Preferences; tests/games/test_locking.py fails when Game gains another receiver)."""
    read = getattr(game, "_read_columns", None)
    if read is None:
        game.save()
        return
    values = game.__dict__
    changed = tuple(attname for attname, value in read.items() if values[attname] != value)
    if not changed:
        return
    if not game_row_update(game=game, attnames=changed):
        raise DatabaseError("Save with update_fields did not affect any rows.")
    status_stamps_bump_on_commit(user_ids=(game.black_id, game.white_id))
    game._read_columns = _columns_read(game)


_GAME_ATTNAMES = tuple(
    field.attname for field in Game._meta.concrete_fields if not field.primary_key
)


def _columns_read(game: Game) -> dict[str, object]:
    """The values of `game`'s columns but its id, copies of the mutable ones (a count's JSON),
    to compare with at `game_locked_save`."""
    values = game.__dict__
    return {
        attname: copy.deepcopy(values[attname])
        if isinstance(values[attname], dict | list)
        else values[attname]
        for attname in _GAME_ATTNAMES
    }


def _as_read(game: Game | None) -> Game | None:
    """`game` with what `game_locked_save` compares with to write only what changed."""
    if game is not None:
        game._read_columns = _columns_read(game)
    return game
