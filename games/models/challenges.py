"""Challenges: open challenges in the Waiting Room and invitations to one player."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy

from games.choices import ColourChoice
from games.models.games import GameSettingsColumns

# Registered with the games app from its own module (this one is near the size limit).


class ChallengeStatus(models.TextChoices):
    """Stored codes."""

    OPEN = "open", gettext_lazy("Open")
    ACCEPTED = "accepted", gettext_lazy("Accepted")
    DECLINED = "declined", gettext_lazy("Declined")
    EXPIRED = "expired", gettext_lazy("Expired")
    CANCELLED = "cancelled", gettext_lazy("Cancelled")


class Challenge(GameSettingsColumns):
    """An offer to play: open in the Waiting Room (`recipient` is None) or to one player."""

    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_made"
    )
    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="challenges_received",
    )
    creator_colour = models.CharField(
        max_length=8, choices=ColourChoice.choices, default=ColourChoice.RANDOM
    )
    message = models.CharField(max_length=500, blank=True)
    status = models.CharField(
        max_length=12, choices=ChallengeStatus.choices, default=ChallengeStatus.OPEN
    )
    created = models.DateTimeField()
    expires = models.DateTimeField(db_index=True)
    closed = models.DateTimeField(null=True, blank=True)
    game = models.OneToOneField(
        "Game", on_delete=models.SET_NULL, null=True, blank=True, related_name="challenge"
    )

    class Meta:
        indexes = [models.Index(fields=["status", "board_kind", "board_size"])]

    def __str__(self) -> str:
        return f"Challenge {self.pk} by {self.creator_id} ({self.status})"

    @property
    def is_open_challenge(self) -> bool:
        """True for a Waiting Room challenge anyone may accept."""
        return self.recipient_id is None
