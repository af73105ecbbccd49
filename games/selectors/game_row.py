"""One game with both its players, as every game page, move and other action on a game reads it.

The read is one statement written once (games.sql.game_row_select): built by the ORM at each
request it cost more CPU than the database took to run it (issue 27). There is no ORM twin of
it: every such read goes through `game_row_get`.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.transaction import TransactionManagementError

from games.models import Game
from games.sql import game_row_select


def game_row_get(
    *, game_id: int, lock: bool = False, extras: str | None = None, params: Sequence[object] = ()
) -> Game | None:
    """The game `game_id` with its players loaded (`game.black`, `game.white` read nothing
    more), or None when there is none (an id out of the column's range included). With `lock`
    the game row, and only it, is locked (SELECT ... FOR UPDATE OF the game) until the caller's
    transaction ends, which must be open (TransactionManagementError otherwise, as the ORM
    says). `extras` names a set of EXISTS columns of games.sql.ROWS, set on the game as bools
    under their names; `params` are their values, in order."""
    db = connections[DEFAULT_DB_ALIAS]  # once: each use of the `connection` proxy looks it up
    low, high = db.ops.integer_field_range(Game._meta.pk.get_internal_type())
    if not (low is None or low <= game_id) or not (high is None or game_id <= high):
        return None
    if lock and db.features.has_select_for_update and db.get_autocommit():
        raise TransactionManagementError(
            "select_for_update cannot be used outside of a transaction."
        )
    return game_row_select(game_id=game_id, lock=lock, extras=extras, params=params)
