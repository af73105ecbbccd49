"""Reads of account security: who must have a second factor, who has one, and a player's
sessions."""

from __future__ import annotations

import uuid

from allauth.mfa.models import Authenticator
from allauth.usersessions.models import UserSession
from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.core.cache import cache
from django.utils.translation import gettext

# The kinds that are a second factor on their own (recovery codes only back one up).
SECOND_FACTOR_TYPES = (Authenticator.Type.TOTP, Authenticator.Type.WEBAUTHN)


def second_factor_required(*, user: AbstractBaseUser) -> bool:
    """True when `user` must log in with a second factor: the rule is on
    (settings.ACCOUNTS_STAFF_MFA_REQUIRED) and they are staff, a superuser or hold one of
    settings.ACCOUNTS_MFA_REQUIRED_PERMISSIONS ("app_label.codename", e.g. a moderator's)."""
    if not settings.ACCOUNTS_STAFF_MFA_REQUIRED or not user.is_authenticated:
        return False
    if user.is_staff or user.is_superuser:
        return True
    return _rights_held(user)


# The cache's word on whether a player holds one of the named permissions, valid while the
# rights' version (renewed by `rights_version_renew` after any change of permissions or
# groups) is the one it was read under, and for RIGHTS_KEPT seconds at most.
RIGHTS_VERSION_KEY = "mfa-rights:version"
RIGHTS_KEPT = 300


def rights_key(*, user_id: int) -> str:
    """The cache key of `user_id`'s (rights' version, holds a named permission)."""
    return f"mfa-rights:{user_id}"


def _rights_held(user: AbstractBaseUser) -> bool:
    """Whether `user` holds one of settings.ACCOUNTS_MFA_REQUIRED_PERMISSIONS. The middleware
    asks on every page of every player, and Django reads a player's permissions in two
    queries, so the answer is kept in the cache (one round trip) under the rights' version:
    a permission or group change renews that version at its commit, and the next page reads
    the permissions again. With the cache down, every page reads them."""
    key = rights_key(user_id=user.pk)
    kept = cache.get_many([RIGHTS_VERSION_KEY, key])
    version = kept.get(RIGHTS_VERSION_KEY)
    answer = kept.get(key)
    if version is not None and answer in ((version, True), (version, False)):
        return answer[1]
    if version is None:  # the first page since the cache started: one version for everybody
        cache.add(RIGHTS_VERSION_KEY, uuid.uuid4().hex, None)
        version = cache.get(RIGHTS_VERSION_KEY)
    # Read after the version: a change committed later renews it, and this answer is dropped.
    held = any(
        user.has_perm(permission) for permission in settings.ACCOUNTS_MFA_REQUIRED_PERMISSIONS
    )
    if version is not None:
        cache.set(key, (version, held), RIGHTS_KEPT)
    return held


def second_factor_enabled(*, user: AbstractBaseUser) -> bool:
    """True when `user` has an authenticator app or a security key set up."""
    return Authenticator.objects.filter(user_id=user.pk, type__in=SECOND_FACTOR_TYPES).exists()


def second_factor_kinds(*, user: AbstractBaseUser) -> set[str]:
    """The authenticator types `user` has set up ("totp", "webauthn", "recovery_codes")."""
    return set(Authenticator.objects.filter(user_id=user.pk).values_list("type", flat=True))


def user_sessions_count(*, user: AbstractBaseUser) -> int:
    """How many sessions allauth.usersessions knows for `user` (ended ones are purged when the
    list is shown, so this may count a session that has just expired)."""
    return UserSession.objects.filter(user_id=user.pk).count()


# (pattern in the User-Agent header, name shown), most specific first: Edge and Opera also say
# "Chrome", Chrome also says "Safari".
_BROWSERS = (
    ("Edg/", "Edge"),
    ("OPR/", "Opera"),
    ("Firefox/", "Firefox"),
    ("Chromium/", "Chromium"),
    ("Chrome/", "Chrome"),
    ("Safari/", "Safari"),
)
_SYSTEMS = (
    ("Android", "Android"),
    ("iPhone", "iOS"),
    ("iPad", "iPadOS"),
    ("Windows", "Windows"),
    ("Mac OS X", "macOS"),
    ("CrOS", "ChromeOS"),
    ("Linux", "Linux"),
)


def user_agent_parts(*, user_agent: str) -> tuple[str, str]:
    """The browser and system a User-Agent header names, as (browser, system), e.g.
    ("Firefox", "Linux"); an empty string for a part it does not recognise. A heuristic for
    showing a session to a person, never for a decision."""
    browser = next((name for mark, name in _BROWSERS if mark in user_agent), "")
    system = next((name for mark, name in _SYSTEMS if mark in user_agent), "")
    return browser, system


def user_agent_name(*, user_agent: str) -> str:
    """The browser and system of a User-Agent header for a person ("Firefox on Linux"), the one
    of them recognised, or "" when neither is (show the header itself then)."""
    browser, system = user_agent_parts(user_agent=user_agent)
    if browser and system:
        return gettext("%(browser)s on %(system)s") % {"browser": browser, "system": system}
    return browser or system
