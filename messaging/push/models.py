"""The devices a player subscribed to Web Push, their per-kind choices, and deliveries."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from accounts.notifications import NAME_MAX_LENGTH

ENDPOINT_MAX_LENGTH = 500
USER_AGENT_MAX_LENGTH = 200


class PushSubscription(models.Model):
    """One browser or phone's push subscription (PushSubscription.toJSON() in the page): the
    push service's `endpoint`, the device's P-256 public key `p256dh` and `auth` secret
    (base64url). One row per endpoint: a device subscribed again by another player moves to
    them."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=ENDPOINT_MAX_LENGTH, unique=True)
    p256dh = models.CharField(max_length=100)
    auth = models.CharField(max_length=40)
    user_agent = models.CharField(max_length=USER_AGENT_MAX_LENGTH, blank=True)
    # SHA-256 of the session that subscribed it: logging out of that session removes it, so a
    # shared device stops showing the player's notices once they log out.
    session = models.CharField(max_length=64, blank=True, db_index=True)
    created = models.DateTimeField()
    # The last push the service took for this device (None: none yet).
    last_used = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["user", "created"], name="push_subscription_user")]

    def __str__(self) -> str:
        return f"Push subscription {self.pk} of user {self.user_id}"


class PushChoice(models.Model):
    """A player's choice for one notification kind: by push or not. Kinds without a row take
    the default (messaging.push.selectors.PUSH_DEFAULT_KINDS)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_choices"
    )
    event = models.CharField(max_length=NAME_MAX_LENGTH)
    push = models.BooleanField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "event"], name="push_choice_unique_event")
        ]

    def __str__(self) -> str:
        return f"{self.event}: {'push' if self.push else 'no push'} for user {self.user_id}"


class PushState(models.TextChoices):
    """Where one notification's push to one device stands. Stored codes."""

    SENDING = "sending"
    SENT = "sent"
    FAILED = "failed"


class PushDelivery(models.Model):
    """One notification pushed to one device, claimed before it is sent: a push task run twice
    pushes each device once. A transient failure deletes the claim (the retry sends again)."""

    notification = models.ForeignKey(
        "messaging.Notification", on_delete=models.CASCADE, related_name="push_deliveries"
    )
    subscription = models.ForeignKey(
        PushSubscription, on_delete=models.CASCADE, related_name="deliveries"
    )
    state = models.CharField(max_length=8, choices=PushState.choices)
    created = models.DateTimeField()
    error = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["notification", "subscription"], name="push_delivery_once"
            )
        ]

    def __str__(self) -> str:
        return f"Push of notification {self.notification_id} to {self.subscription_id}"
