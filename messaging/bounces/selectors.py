"""Reads about returned mail."""

from __future__ import annotations

from accounts.models import User
from messaging.bounces.models import AddressHealth


def address_health_get(*, user: User) -> AddressHealth | None:
    """The returned-mail record of `user`'s current address, or None when none came back."""
    if not user.email:
        return None
    return AddressHealth.objects.filter(user=user, email=user.email.lower()).first()


def address_failing(*, user: User) -> bool:
    """Whether mail to `user`'s current address failed for good and was not fixed since."""
    if not user.email:
        return False
    return AddressHealth.objects.filter(
        user=user, email=user.email.lower(), failing_since__isnull=False
    ).exists()
