"""A confirmed address is a working one: confirming it again lifts its failing mark."""

from __future__ import annotations

from typing import Any

from allauth.account.signals import email_confirmed
from django.dispatch import receiver

from messaging.bounces.services import address_health_reset


@receiver(email_confirmed, dispatch_uid="messaging.bounces.address_confirmed")
def address_confirmed(sender: Any, request: Any, email_address: Any, **kwargs: Any) -> None:
    """allauth confirmed `email_address`: mail it again."""
    address_health_reset(user=email_address.user, email=email_address.email)
