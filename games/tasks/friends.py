"""Tasks of friend invitations: the invitation mail."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from core.mail import RETRY_OPTIONS
from games.services import friends


@shared_task(name="games.friend_invite_mail", **RETRY_OPTIONS)
def friend_invite_mail(invite_id: int) -> bool:
    """Send a "tell a friend" invitation mail once."""
    return friends.friend_invite_mail(invite_id=invite_id, now=timezone.now())
