"""Reads of notifications: a player's list (the unread count: messaging.unread)."""

from __future__ import annotations

from django.db.models import QuerySet

from accounts.models import User
from messaging.notifications.models import Notification


def notifications_list(*, user: User) -> QuerySet[Notification]:
    """`user`'s notifications, newest first."""
    return Notification.objects.filter(user=user).order_by("-created", "-pk")
