"""Reads of game chat."""

from __future__ import annotations

from django.db.models import QuerySet

from accounts.models import User
from games.errors import NoSuchGame
from games.models import (
    Game,
    GameChat,
)
from games.selectors.play import game_view_check


def game_chat_lines(*, game: Game) -> QuerySet[GameChat]:
    """The game's chat, oldest first."""
    return GameChat.objects.filter(game=game).select_related("author").order_by("created", "pk")


def chat_line_get(*, game_id: int, line_id: int, user: User | None) -> GameChat:
    """Chat line `line_id` of game `game_id`, for `user` who may see the game: NoSuchGame
    otherwise (404, as for a missing line)."""
    line = GameChat.objects.select_related("game", "author").filter(pk=line_id, game_id=game_id)
    found = line.first()
    if found is None:
        raise NoSuchGame()
    game_view_check(game=found.game, user=user)
    return found
