"""Log-out removes the push devices subscribed from that session: on a shared device, the
next person does not get the player's notices (connected by MessagingConfig.ready())."""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_out
from django.dispatch import receiver
from django.http import HttpRequest

from messaging.push.services import push_subscriptions_remove_session


@receiver(user_logged_out, dispatch_uid="push_devices_of_the_session_removed")
def push_devices_logged_out(sender: object, request: HttpRequest | None, user, **kwargs) -> None:
    """Remove `user`'s devices subscribed from the session being logged out of."""
    if request is None or user is None or not hasattr(request, "session"):
        return
    push_subscriptions_remove_session(user=user, session_key=request.session.session_key)
