"""Writes of account security: ending sessions (allauth.usersessions' rows and the sessions
themselves), through allauth.usersessions' adapter (accounts.security.adapter), which tells the
apps which sessions ended."""

from __future__ import annotations

import uuid

from allauth.usersessions.adapter import get_adapter
from allauth.usersessions.models import UserSession
from django.contrib.auth import logout
from django.contrib.auth.base_user import AbstractBaseUser
from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest

from accounts.security.selectors import RIGHTS_VERSION_KEY


def _current_key(request: HttpRequest) -> str | None:
    session = getattr(request, "session", None)
    return session.session_key if session is not None else None


def user_sessions_end_others(*, request: HttpRequest, user: AbstractBaseUser) -> int:
    """End every session of `user` but the one `request` runs in (all of them when the request
    has none of theirs, e.g. a password reset from a logged-out browser); returns how many
    ended. Each ended browser is logged out at its next request. Safe to run twice."""
    current = _current_key(request)
    others = list(UserSession.objects.filter(user_id=user.pk).exclude(session_key=current or ""))
    get_adapter().end_sessions(others)
    return len(others)


def user_session_end(*, request: HttpRequest, user: AbstractBaseUser, session_id: int) -> bool:
    """End the session `session_id` of `user` (another player's id, or one already ended, ends
    nothing and returns False). When it is the session of `request` itself, the player is
    logged out here too. True when a session ended."""
    session = UserSession.objects.filter(user_id=user.pk, pk=session_id).first()
    if session is None:
        return False
    current = session.session_key == _current_key(request)
    get_adapter().end_sessions([session])
    if current:
        logout(request)
    return True


def rights_version_renew() -> None:
    """After the current transaction commits (at once outside one), give the players' rights a
    new version, so that who must have a second factor is read again from the permissions at
    everybody's next page (selectors.second_factor_required). Called when a permission or a
    group membership changes; safe to run twice."""
    transaction.on_commit(lambda: cache.set(RIGHTS_VERSION_KEY, uuid.uuid4().hex, None))
