"""Logging in within the grace period restores a closed account (allauth's and Django's logins
both send `user_logged_in`)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.utils.translation import gettext

from accounts.data.closures import account_restore


@receiver(user_logged_in, dispatch_uid="accounts.data.account_restore")
def account_restore_on_login(sender, request, user, **kwargs) -> None:
    """Cancel the pending closure of the player who just logged in, and tell them."""
    if account_restore(user=user) and request is not None:
        messages.success(request, gettext("Welcome back: your account is restored."))
