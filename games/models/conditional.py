"""Conditional moves: a player's stored answers to their opponent's next moves.

Re-exported by games.models, so
Django registers the model with the games app as usual.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class ConditionalMoves(models.Model):
    """One player's tree of answers in one game: "if they play X, I play Y, then ...".

    `tree` is a list of ``{"if": CODE, "play": CODE, "then": [same shape]}`` with CODE an SGF
    point as the game's move list writes it (``game.topology.sgf(point)``) or ``"pass"``;
    `games.services.conditional_tree.tree_check` is its contract. It exists only while its owner
    waits
    for the opponent's move: the opponent's move consumes one level or clears it, and the end
    of the game deletes it.
    """

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="conditionals")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="conditional_moves"
    )
    tree = models.JSONField(default=list)
    created = models.DateTimeField()
    updated = models.DateTimeField()

    class Meta:
        verbose_name = "conditional moves"
        verbose_name_plural = "conditional moves"
        constraints = [
            models.UniqueConstraint(fields=["game", "owner"], name="conditional_one_per_player")
        ]

    def __str__(self) -> str:
        return f"Conditional moves of user {self.owner_id} in game {self.game_id}"
