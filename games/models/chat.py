"""Game chat: the lines the players write beside a game."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models.games import Game

# Registered with the games app from its own module (this one is near the size limit).


class GameChat(models.Model):
    """One chat line on a game, seen by both players (and spectators of public games)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat_lines")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    move_number = models.PositiveIntegerField()
    text = models.CharField(max_length=1000)
    created = models.DateTimeField()

    class Meta:
        ordering = ["created", "pk"]

    def __str__(self) -> str:
        return f"Chat {self.pk} on game {self.game_id}"
