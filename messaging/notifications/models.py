"""On-site notifications, the daily digests that collected them, and admin mails sent once."""

from __future__ import annotations

from enum import StrEnum

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy

from accounts.notifications import NAME_MAX_LENGTH, kind_exists, kind_get


class Event(StrEnum):
    """Names of the notification kinds games sends, for its tasks to import. The kinds
    themselves (label, modes, default) are registered in `games/notifications.py`; the registry in
    `accounts.notifications` is the list of kinds, and a new kind needs no entry here.
    Stored names; never change one."""

    YOUR_TURN = "your_turn"
    GAME_OVER = "game_over"
    CHALLENGE = "challenge"
    CHALLENGE_ANSWERED = "challenge_answered"
    TIMEOUT_WARNING = "timeout_warning"
    DISPUTE = "dispute"
    CHAT = "chat"


class Channel(models.TextChoices):
    """How a notification reaches the player, decided when it is recorded. Stored codes."""

    SITE = "site", gettext_lazy("On the site only")
    IMMEDIATE = "immediate", gettext_lazy("Immediate e-mail")
    DIGEST = "digest", gettext_lazy("Daily digest")
    # To the player's devices by Web Push (messaging.push); a push that fails for good on
    # every device changes it to what the player's mail preference says.
    PUSH = "push", gettext_lazy("Push to your devices")


class Digest(models.Model):
    """One digest mail: at most one per player and local day."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="digests"
    )
    day = models.DateField()  # the player's local date when it was due
    created = models.DateTimeField()
    # Claimed just before sending, cleared again when a transient SMTP error asks for a retry.
    mailed = models.DateTimeField(null=True, blank=True)
    mail_error = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "day"], name="digest_one_per_user_day")
        ]

    def __str__(self) -> str:
        return f"Digest of user {self.user_id} for {self.day}"


class Notification(models.Model):
    """One thing a player should hear about, listed on the notifications page."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    # A kind name from the registry (accounts.notifications); checked there when recorded, so
    # a new kind needs no migration here.
    event = models.CharField(max_length=NAME_MAX_LENGTH)
    # Dedupe key chosen by the caller, e.g. "turn:12:31" (game 12, move 31).
    key = models.CharField(max_length=120)
    text = models.CharField(max_length=300)
    url = models.CharField(max_length=300, blank=True)  # site path, e.g. /games/12/
    created = models.DateTimeField()
    read = models.BooleanField(default=False)
    channel = models.CharField(max_length=12, choices=Channel.choices)
    mailed = models.DateTimeField(null=True, blank=True)
    mail_error = models.CharField(max_length=200, blank=True)
    digest = models.ForeignKey(
        Digest, on_delete=models.SET_NULL, null=True, blank=True, related_name="items"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="notification_unique_key")
        ]
        indexes = [
            models.Index(fields=["user", "read"], name="notification_user_read"),
            models.Index(fields=["user", "-created"], name="notification_user_created"),
            # The daily prune's read notices, oldest first (services.notifications_prune).
            models.Index(
                fields=["created"], condition=models.Q(read=True), name="notification_read_created"
            ),
            models.Index(
                fields=["channel", "user"],
                condition=models.Q(channel="digest", digest__isnull=True, read=False),
                name="notification_digest_pending",
            ),
        ]

    def __str__(self) -> str:
        return f"Notification {self.pk} ({self.event}) for user {self.user_id}"

    @property
    def event_label(self) -> str:
        """The kind's label, or its stored name when the kind is no longer registered."""
        if not kind_exists(name=self.event):
            return self.event
        return kind_get(name=self.event).label


class AdminMail(models.Model):
    """A mail to the site admins (settings.ADMINS), recorded so it goes out once per key."""

    key = models.CharField(max_length=120, unique=True)
    subject = models.CharField(max_length=200)
    created = models.DateTimeField()

    def __str__(self) -> str:
        return self.key
