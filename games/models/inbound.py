"""Play by e-mail: every reply mail received, with what it did."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy

from games.models.games import Game

# Registered with the games app from its own module (this one is near the size limit).


class InboundOutcome(models.TextChoices):
    """What a reply mail did. Stored codes."""

    PLAYED = "played", gettext_lazy("Move played")
    PASSED = "passed", gettext_lazy("Passed")
    RESIGNED = "resigned", gettext_lazy("Resigned")
    ILLEGAL = "illegal", gettext_lazy("Refused by the rules")
    NOT_YOUR_TURN = "not_your_turn", gettext_lazy("Not the player's turn")
    GAME_OVER = "game_over", gettext_lazy("Game already over")
    MOVED_ON = "moved_on", gettext_lazy("Game had moved on")
    UNREADABLE = "unreadable", gettext_lazy("First line is not a move")
    NO_GAME = "no_game", gettext_lazy("Game or player no longer exists")
    RESTRICTED = "restricted", gettext_lazy("Player suspended by the moderators")


class InboundMail(models.Model):
    """A reply mail the receiver handled: one row per message and reply address, so a message
    delivered twice acts once. `detail` is the sentence the player was sent back, in their
    language (empty when no answer was needed); `replied` is set once that answer went out (or
    the mail server refused it for good, which is logged)."""

    dedup_key = models.CharField(max_length=64, unique=True)  # sha256 hex, see ReplyMail
    message_id = models.CharField(max_length=500, blank=True)
    sender = models.CharField(max_length=254)
    subject = models.CharField(max_length=200, blank=True)
    first_line = models.CharField(max_length=200, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    game = models.ForeignKey(Game, on_delete=models.SET_NULL, null=True, related_name="+")
    token_move_number = models.PositiveIntegerField()
    outcome = models.CharField(max_length=16, choices=InboundOutcome.choices)
    detail = models.TextField(blank=True)
    received = models.DateTimeField()
    replied = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Reply mail {self.pk} on game {self.game_id} ({self.outcome})"
