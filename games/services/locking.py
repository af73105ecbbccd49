"""The row locks every game action takes first."""

from __future__ import annotations

from ..models import Game


def game_lock(*, game_id: int) -> Game:
    """The game row, locked (SELECT ... FOR UPDATE) until the caller's transaction ends.
    Raises Game.DoesNotExist. Call it inside `transaction.atomic()`."""
    return Game.objects.select_for_update(of=("self",)).get(pk=game_id)


def game_lock_if_any(*, game_id: int) -> Game | None:
    """As `game_lock`, or None when the game is gone."""
    return Game.objects.select_for_update(of=("self",)).filter(pk=game_id).first()
