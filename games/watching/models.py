"""Watch and follow: who watches which game, who follows whom, spectators' comments, and a
player's choice to hide those comments in their own running games."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models.games import Game

KIBITZ_MAX_LENGTH = 500


class GameWatch(models.Model):
    """`user` watches `game`: its moves come to them as notices (kind "watched_game")."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="watches")
    created = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="game_watch_user_game"),
        ]
        # The unique constraint's index serves a player's list; the fan-out reads by game.
        indexes = [models.Index(fields=["game", "user"], name="game_watch_game")]

    def __str__(self) -> str:
        return f"{self.user_id} watches game {self.game_id}"


class PlayerFollow(models.Model):
    """`follower` follows `followed`: their new games and results show on the follower's home
    page."""

    follower = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    followed = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["follower", "followed"], name="player_follow_follower_followed"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.follower_id} follows {self.followed_id}"


class Kibitz(models.Model):
    """A spectator's comment on a public game, apart from the players' chat."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="kibitzes")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    move_number = models.PositiveIntegerField()
    text = models.CharField(max_length=KIBITZ_MAX_LENGTH)
    created = models.DateTimeField()

    class Meta:
        indexes = [
            models.Index(fields=["game", "created"], name="kibitz_game_created"),
            # The flood limits count an author's recent comments.
            models.Index(fields=["author", "created"], name="kibitz_author_created"),
        ]

    def __str__(self) -> str:
        return f"Kibitz {self.pk} on game {self.game_id}"


class KibitzHidden(models.Model):
    """A player's preference: spectators' comments are hidden on the pages of their running
    games (a row means hidden; none, shown)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    created = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.user_id} hides kibitz while playing"
