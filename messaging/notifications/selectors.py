"""Reads of notifications: a player's list (the unread count: messaging.unread)."""

from __future__ import annotations

from django.db.models import QuerySet

from accounts.models import User
from core.keyset import KeysetPage, keyset_page
from messaging.notifications.models import Notification


def notifications_page(
    *, user: User, after: str | None, before: str | None, size: int
) -> KeysetPage:
    """A page of `user`'s notifications, newest first, `size` of them around the keys
    `after`/`before` (core.keyset; a key that does not parse is the first page): an index
    range read of (user, created) (notification_user_created), whatever the page."""
    return keyset_page(
        Notification.objects.filter(user=user),
        column="created",
        size=size,
        after=after,
        before=before,
    )


def notifications_list(*, user: User) -> QuerySet[Notification]:
    """`user`'s notifications, newest first."""
    return Notification.objects.filter(user=user).order_by("-created", "-pk")
