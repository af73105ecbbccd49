"""The ladder's receivers of `games.hooks`, registered when `LadderConfig.ready` imports this
module. They run inside the game's transaction, holding its row lock: ratings and positions
commit or roll back with the result, and notices are queued through the outbox."""

from __future__ import annotations

import datetime as dt

from games import hooks
from games.models import Game, ResultCorrection

from .services.ladders import ladder_game_apply
from .services.ratings import ratings_apply, ratings_correct


@hooks.game_finished_register
def on_game_finished(*, game: Game, now: dt.datetime) -> None:
    """Rate the game and apply it to its ladder, if it is a ladder game."""
    ratings_apply(game=game, now=now)
    ladder_game_apply(game=game, now=now)


@hooks.result_corrected_register
def on_result_corrected(*, game: Game, correction: ResultCorrection, now: dt.datetime) -> None:
    """Re-rate the game. Ladder positions stay as the game's first result left them: by the
    time staff correct a result, later ladder games have been played from those positions."""
    ratings_correct(game=game, now=now)
