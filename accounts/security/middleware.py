"""Two middlewares of account security, placed after allauth's AccountMiddleware."""

from __future__ import annotations

from collections.abc import Callable

from allauth.usersessions.models import UserSession
from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _

from accounts.security.selectors import second_factor_enabled, second_factor_required

# Seconds between two writes of a session's last use: the list says "3 minutes ago" at worst
# five minutes late, and an active player costs one write per five minutes, not one per page.
SEEN_EVERY = 300


class UserSessionSeenMiddleware:
    """allauth.usersessions' record of the session (device, IP, last use) for a logged-in
    request, written at most every SEEN_EVERY seconds per session.
    allauth's own middleware (USERSESSIONS_TRACK_ACTIVITY) writes on every request; this one
    remembers in the cache that it wrote lately. With the cache down it writes every time,
    which is allauth's behaviour, slower but right."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        key = getattr(request, "session", None) and request.session.session_key
        if key and request.user.is_authenticated:
            mark = seen_mark(key)
            if not cache.get(mark):
                UserSession.objects.create_from_request(request)
                cache.set(mark, True, SEEN_EVERY)
        return self.get_response(request)


def seen_mark(session_key: str) -> str:
    """The cache key that says a session's record was written within SEEN_EVERY."""
    return f"usersession-seen:{session_key}"


# URL names a player who must set up a second factor may still reach: allauth.mfa's pages (set
# up, recovery codes, re-authentication), log-out, and the language switcher.
SETUP_URL_NAMES = frozenset(
    {
        "mfa_index",
        "mfa_activate_totp",
        "mfa_add_webauthn",
        "mfa_view_recovery_codes",
        "mfa_download_recovery_codes",
        "mfa_generate_recovery_codes",
        "account_logout",
        "account_reauthenticate",
        "mfa_reauthenticate",
        "mfa_reauthenticate_webauthn",
        "set_language",
        "javascript_catalog",
    }
)
# Paths that are no page (static files are served before this middleware by WhiteNoise).
SETUP_PATH_PREFIXES = ("/health/", "/static/")


class StaffSecondFactorMiddleware:
    """Staff and moderators (accounts.security.selectors.second_factor_required) without a
    second factor reach only the pages that set one up: any other page sends them to the
    authenticator app's set-up with a message saying why (a POST elsewhere changes nothing).
    Their staff rights are thus unusable, the admin included, until a factor is set up; from
    then on allauth.mfa asks for it at every log-in."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = request.user
        if (
            settings.ACCOUNTS_STAFF_MFA_REQUIRED
            and user.is_authenticated
            and second_factor_required(user=user)
            and not self._allowed(request)
            and not second_factor_enabled(user=user)
        ):
            messages.warning(
                request,
                _(
                    "Your account has staff or moderator rights, which need two-factor "
                    "authentication. Set up an authenticator app (or a security key) before "
                    "you continue."
                ),
            )
            return redirect("mfa_activate_totp")
        return self.get_response(request)

    @staticmethod
    def _allowed(request: HttpRequest) -> bool:
        if request.path.startswith(SETUP_PATH_PREFIXES):
            return True
        try:
            match = resolve(request.path_info)
        except Resolver404:
            return True
        return match.url_name in SETUP_URL_NAMES
