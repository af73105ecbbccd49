"""Contact messages to the staff and their answers."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy

from games.models.games import Game

# Registered with the games app from its own module (this one is near the size limit).

CONTACT_MAX_LENGTH = 3000


class ContactStatus(models.TextChoices):
    """Where staff are with a player's question about a game. Stored codes."""

    OPEN = "open", gettext_lazy("Open")
    ANSWERED = "answered", gettext_lazy("Answered")
    CLOSED = "closed", gettext_lazy("Closed without answer")


class GameContact(models.Model):
    """ "Contact the site about this game": a player's question or complaint to the staff,
    with the game linked. Staff answer it in the admin; the answer is mailed to the player
    once (`answer_mailed` is claimed before sending, cleared when the answer changes)."""

    # Empty for the site-wide contact page (a message about no game in particular).
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="contacts", null=True, blank=True
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_contacts"
    )
    text = models.TextField(max_length=CONTACT_MAX_LENGTH)
    created = models.DateTimeField()
    status = models.CharField(
        max_length=12, choices=ContactStatus.choices, default=ContactStatus.OPEN
    )
    answer = models.TextField(blank=True)
    answered = models.DateTimeField(null=True, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    answer_mailed = models.DateTimeField(null=True, blank=True)
    mail_error = models.CharField(max_length=200, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["author", "created"], name="game_contact_author_created"),
            models.Index(fields=["status", "created"], name="game_contact_status"),
        ]

    def __str__(self) -> str:
        return f"Contact {self.pk} about game {self.game_id} ({self.status})"
