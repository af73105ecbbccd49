"""When a bot the site plays for must act: after a turn starts, or when a challenge is sent to
it. Called by the play and challenge services; queues the bot's work on its own Celery queue
after the commit (core.outbox). Imports no service, so the services may import it."""

from __future__ import annotations

from accounts.models import User
from core.outbox import enqueue_on_commit
from games.models import Challenge, Game, GameStatus


def runs(user: User) -> bool:
    """Whether the site plays for `user` (a bot with an engine; API bots play themselves)."""
    return user.is_bot and bool(user.bot_engine)


def bot_turn_queue(*, game: Game) -> None:
    """Queue the move of the player to move when the site plays for them (a bot with an
    engine), after the commit, on the bots' queue. Called wherever a turn starts."""
    if game.status == GameStatus.PLAYING and runs(game.player(game.to_move)):
        enqueue_on_commit("bots.move", game.pk, game.move_number)


def bot_challenge_queue(*, challenge: Challenge) -> bool:
    """When `challenge` is meant for a bot the site plays for, queue its answer (after the
    commit) and return True: it needs no "you are challenged" notice."""
    if challenge.recipient is None or not runs(challenge.recipient):
        return False
    enqueue_on_commit("bots.answer_challenge", challenge.pk)
    return True
