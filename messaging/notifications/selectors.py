"""Reads of notifications: a player's list and unread count."""

from __future__ import annotations

from django.db.models import QuerySet

from accounts.models import User
from messaging.notifications.models import Notification


def notifications_list(*, user: User) -> QuerySet[Notification]:
    """`user`'s notifications, newest first."""
    return Notification.objects.filter(user=user).order_by("-created", "-pk")


def notifications_unread_count(*, user: User) -> int:
    """How many of `user`'s notifications are unread (0 for anonymous visitors); one query."""
    if not user.is_authenticated:
        return 0
    return Notification.objects.filter(user=user, read=False).count()
