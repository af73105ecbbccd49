"""Per-request presence, time zone and language for logged-in players."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

from accounts.locale import language_chosen, user_zone
from accounts.services import user_touch_last_seen


class PresenceMiddleware:
    """Keep `last_seen` fresh cheaply, show times in the player's own time zone and pages in
    the language they chose (when they chose none, LocaleMiddleware's pick stands: the
    set_language cookie, else Accept-Language, else settings.LANGUAGE_CODE).

    `last_seen` is compared with the value already loaded with the user, so most requests
    write nothing (see `accounts.services.user_touch_last_seen`). Place after
    `AuthenticationMiddleware` and `LocaleMiddleware`.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = request.user
        if user.is_authenticated:
            user_touch_last_seen(user=user, now=timezone.now())
            timezone.activate(user_zone(user=user))
            language = language_chosen(user=user)
            if language:
                translation.activate(language)
                request.LANGUAGE_CODE = language
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
