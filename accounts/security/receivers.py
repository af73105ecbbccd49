"""A password change, a password reset or an e-mail change ends the player's other sessions:
whoever else held one (a stolen password, a shared computer) is logged out, and the browser
that made the change stays logged in (ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False). A log-in marks
its new session as just recorded, for UserSessionSeenMiddleware."""

from __future__ import annotations

from typing import Any

from allauth.account.signals import (
    email_changed,
    password_changed,
    password_reset,
    password_set,
    user_logged_in,
)
from django.core.cache import cache
from django.dispatch import receiver

from accounts.security.middleware import SEEN_EVERY, seen_mark
from accounts.security.services import user_sessions_end_others


@receiver(password_changed, dispatch_uid="security-password-changed")
@receiver(password_set, dispatch_uid="security-password-set")
@receiver(password_reset, dispatch_uid="security-password-reset")
@receiver(email_changed, dispatch_uid="security-email-changed")
def on_credentials_changed(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """End the other sessions of `user` after the change `request` made."""
    user_sessions_end_others(request=request, user=user)


@receiver(user_logged_in, dispatch_uid="security-session-recorded-at-login")
def on_logged_in(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """allauth.usersessions records the new session at an allauth log-in (its own receiver of
    this signal): the next pages need not write it again for SEEN_EVERY seconds
    (UserSessionSeenMiddleware)."""
    session = getattr(request, "session", None)
    if session is not None and session.session_key:
        cache.set(seen_mark(session.session_key), True, SEEN_EVERY)
