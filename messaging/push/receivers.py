"""Log-out removes the push devices subscribed from that session: on a shared device, the
next person does not get the player's notices (connected by MessagingConfig.ready()). So does
ending a session from another browser (accounts.hooks' sessions ended)."""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_out
from django.dispatch import receiver
from django.http import HttpRequest

from accounts.hooks import sessions_ended_register
from messaging.push.services import (
    push_subscriptions_remove_session,
    push_subscriptions_remove_sessions,
)


@receiver(user_logged_out, dispatch_uid="push_devices_of_the_session_removed")
def push_devices_logged_out(sender: object, request: HttpRequest | None, user, **kwargs) -> None:
    """Remove `user`'s devices subscribed from the session being logged out of."""
    if request is None or user is None or not hasattr(request, "session"):
        return
    push_subscriptions_remove_session(user=user, session_key=request.session.session_key)


@sessions_ended_register
def push_devices_sessions_ended(*, user, session_keys: list[str]) -> None:
    """Remove `user`'s devices subscribed from the sessions ended from another browser."""
    push_subscriptions_remove_sessions(user=user, session_keys=session_keys)
