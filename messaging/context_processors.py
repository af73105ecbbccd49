"""Template context for every page: the unread notification and private message counts in
the site header."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from messaging.unread import request_unread_counts


def notifications(request: HttpRequest) -> dict[str, object]:
    """`unread_notifications` and `unread_messages`: both counted in one query, at most once
    per request (a view that needed them already, e.g. for an ETag, shares its answer), and
    only if a template uses one of them."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"unread_notifications": 0, "unread_messages": 0}
    counts = SimpleLazyObject(lambda: request_unread_counts(request=request))
    return {
        "unread_notifications": SimpleLazyObject(lambda: counts.notifications),
        "unread_messages": SimpleLazyObject(lambda: counts.messages),
    }
