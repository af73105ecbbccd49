"""Reviews listen to games' game-finished hook: a finished game's estimate graph is worked out
once, by a task queued after the result commits. Registered by `GamesConfig.ready`."""

from __future__ import annotations

import datetime as dt

from core.outbox import enqueue_on_commit
from games import hooks
from games.models import Game


@hooks.game_finished_register
def estimate_when_finished(*, game: Game, now: dt.datetime) -> None:
    """Queue the estimate series of the game that just ended (after the commit)."""
    del now
    enqueue_on_commit("games.game_estimate", game.pk)
