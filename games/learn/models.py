"""Learn progress: which exercises a logged-in player has solved.

Re-exported by games.models, so its migrations live with the games app.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class LearnProgress(models.Model):
    """One exercise (a games.learn.exercises slug) solved by one player, first time only."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="learn_progress"
    )
    exercise = models.CharField(max_length=64)
    solved_at = models.DateTimeField()

    class Meta:
        app_label = "games"
        constraints = [
            models.UniqueConstraint(fields=["user", "exercise"], name="learn_progress_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} solved {self.exercise}"
