"""Reads of game chat."""

from __future__ import annotations

from django.db.models import QuerySet

from games.models import (
    Game,
    GameChat,
)


def game_chat_lines(*, game: Game) -> QuerySet[GameChat]:
    """The game's chat, oldest first."""
    return GameChat.objects.filter(game=game).select_related("author").order_by("created", "pk")
