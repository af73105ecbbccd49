"""Browsers a player has logged in from before, remembered by a signed cookie, so that a log-in
from a new one mails a notice ("account/email/login_new_browser") through the outbox.

The cookie names the accounts (by id) that logged in on this browser; it is signed (a visitor
cannot add an account to it), HttpOnly, and kept for 400 days (the most browsers keep a cookie).
A cleared cookie, another browser or a private window count as new: a notice too many is the
price of storing nothing about the device on the server."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.http import HttpRequest, HttpResponse

COOKIE_NAME = "badux_browser"
COOKIE_SALT = "accounts.security.devices"
COOKIE_MAX_AGE = 400 * 24 * 60 * 60
# Accounts remembered per browser (a shared family computer); the oldest is forgotten first.
MOST_ACCOUNTS = 10


def _known_ids(request: HttpRequest) -> list[str]:
    """The account ids the browser's cookie names; none when it is missing or forged."""
    raw = request.get_signed_cookie(COOKIE_NAME, default="", salt=COOKIE_SALT)
    return [part for part in raw.split(",") if part]


def browser_known(*, request: HttpRequest, user: AbstractBaseUser) -> bool:
    """True when `user` has logged in from this browser before (its signed cookie names them)."""
    return str(user.pk) in _known_ids(request)


def browser_remember(
    *, request: HttpRequest, response: HttpResponse, user: AbstractBaseUser
) -> None:
    """Set the cookie on `response` so that this browser is known for `user` from now on."""
    ids = [part for part in _known_ids(request) if part != str(user.pk)]
    ids = [*ids, str(user.pk)][-MOST_ACCOUNTS:]
    response.set_signed_cookie(
        COOKIE_NAME,
        ",".join(ids),
        salt=COOKIE_SALT,
        max_age=COOKIE_MAX_AGE,
        httponly=True,
        secure=settings.SESSION_COOKIE_SECURE,
        samesite="Lax",
    )


__all__ = ["COOKIE_NAME", "browser_known", "browser_remember"]
