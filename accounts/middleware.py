"""Per-request presence and time zone for logged-in players."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from .services import user_touch_last_seen


class PresenceMiddleware:
    """Keep `last_seen` fresh cheaply and show times in the player's own time zone.

    `last_seen` is compared with the value already loaded with the user, so most requests
    write nothing (see `accounts.services.user_touch_last_seen`). Place after
    `AuthenticationMiddleware`.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = request.user
        if user.is_authenticated:
            user_touch_last_seen(user=user, now=timezone.now())
            try:
                timezone.activate(zoneinfo.ZoneInfo(user.time_zone))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
