"""How mail to each player's address has fared: the delivery reports it brought back."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class AddressHealth(models.Model):
    """Returned mail of one player's address. `failing_since` is set by a permanent failure and
    stops every notice mail to that address until the player fixes or re-confirms it; delayed
    and temporary failures are only counted."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="address_health"
    )
    email = models.EmailField(max_length=254)
    soft_bounces = models.PositiveIntegerField(default=0)
    hard_bounces = models.PositiveIntegerField(default=0)
    failing_since = models.DateTimeField(null=True, blank=True)
    last_bounce_at = models.DateTimeField(null=True, blank=True)
    last_status = models.CharField(max_length=20, blank=True)
    last_diagnostic = models.CharField(max_length=300, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "email"], name="address_health_one_per_address")
        ]

    def __str__(self) -> str:
        return f"Mail to {self.email} (user {self.user_id})"
