"""The row locks every game action takes first."""

from __future__ import annotations

from games.models import Game


def _locked():
    # The players come in the same query (a turn's clock and bot check read them); only the
    # game row is locked (FOR UPDATE OF games_game), never the users.
    return Game.objects.select_related("black", "white").select_for_update(of=("self",))


def game_lock(*, game_id: int) -> Game:
    """The game row with its players, the row locked (SELECT ... FOR UPDATE) until the
    caller's transaction ends. Raises Game.DoesNotExist. Call it inside `transaction.atomic()`."""
    return _locked().get(pk=game_id)


def game_lock_if_any(*, game_id: int) -> Game | None:
    """As `game_lock`, or None when the game is gone."""
    return _locked().filter(pk=game_id).first()
