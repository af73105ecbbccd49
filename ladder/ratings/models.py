"""Ratings: a player's Glicko-2 rating per family and its history."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy

from games.choices import BoardKind


class Family(models.TextChoices):
    """A game family has one rating per player: the board kind. Stored codes."""

    GO = BoardKind.SQUARE.value, gettext_lazy("Go")
    BADUX = BoardKind.HEX.value, gettext_lazy("Badux")


class Rating(models.Model):
    """A player's Glicko-2 rating in one family, as of `updated` (their last rated game).

    The deviation shown on a later day is wider (`glicko2.widen` over the idle time)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    family = models.CharField(max_length=8, choices=Family.choices)
    rating = models.FloatField(db_index=True)
    deviation = models.FloatField()
    volatility = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    # The last board size played in this family (shown beside the rating).
    board_size = models.PositiveSmallIntegerField(null=True, blank=True)
    # The rank the player declared before their first rated game ("6k"), if any.
    declared_rank = models.CharField(max_length=4, blank=True)
    updated = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "family"], name="ladder_rating_user_family")
        ]
        indexes = [models.Index(fields=["family", "rating"])]

    def __str__(self) -> str:
        return f"{self.user_id} {self.family} {self.rating:.0f}"


class RatingChange(models.Model):
    """What one rated game did to one player's rating: the values before and after, the
    opponent's values used, the score and the elapsed rating periods. Kept for the history
    graph and for re-rating when the result is corrected."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    family = models.CharField(max_length=8, choices=Family.choices)
    board_size = models.PositiveSmallIntegerField()
    score = models.FloatField()  # 1 win, 0.5 jigo, 0 loss
    periods = models.FloatField()
    rating_before = models.FloatField()
    deviation_before = models.FloatField()
    volatility_before = models.FloatField()
    opponent_rating = models.FloatField()  # effective (handicap-adjusted) rating
    opponent_deviation = models.FloatField()
    rating_after = models.FloatField()
    deviation_after = models.FloatField()
    volatility_after = models.FloatField()
    created = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="ladder_ratingchange_game_user")
        ]
        indexes = [
            # A player's history in a family, newest or oldest first, the id breaking ties: the
            # rating graph's window over a player's 10,000 games and its count read this index
            # alone (an index-only scan, no sort, no row of the table). The values the graph
            # draws trail the key rather than being INCLUDEd: SQLite has no INCLUDE (and warns,
            # models.W040, at every start of `make run`), and trailing keys serve the same scan.
            models.Index(
                fields=[
                    "user",
                    "family",
                    "created",
                    "id",
                    "rating_before",
                    "deviation_before",
                    "rating_after",
                    "deviation_after",
                    "game",
                ],
                name="rating_change_history",
            )
        ]

    def __str__(self) -> str:
        before, after = round(self.rating_before), round(self.rating_after)
        return f"Game {self.game_id} user {self.user_id}: {before} -> {after}"
