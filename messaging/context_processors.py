"""Template context for every page: the unread notification count in the site header."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from .selectors import notifications_unread_count


def notifications(request: HttpRequest) -> dict[str, object]:
    """`unread_notifications`: counted at most once per page, and only if a template uses it."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"unread_notifications": 0}
    return {"unread_notifications": SimpleLazyObject(lambda: notifications_unread_count(user=user))}
