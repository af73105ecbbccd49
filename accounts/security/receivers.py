"""A password change, a password reset or an e-mail change ends the player's other sessions:
whoever else held one (a stolen password, a shared computer) is logged out, and the browser
that made the change stays logged in (ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False). A log-in marks
its new session as just recorded, for UserSessionSeenMiddleware. A change of permissions or
group memberships renews the rights' version, so that a new moderator is asked for a second
factor at their next page."""

from __future__ import annotations

from typing import Any

from allauth.account.signals import (
    email_changed,
    password_changed,
    password_reset,
    password_set,
    user_logged_in,
)
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.core.cache import cache
from django.db.models.signals import m2m_changed, post_delete
from django.dispatch import receiver

from accounts.security.middleware import SEEN_EVERY, seen_mark
from accounts.security.services import rights_version_renew, user_sessions_end_others


@receiver(password_changed, dispatch_uid="security-password-changed")
@receiver(password_set, dispatch_uid="security-password-set")
@receiver(password_reset, dispatch_uid="security-password-reset")
@receiver(email_changed, dispatch_uid="security-email-changed")
def on_credentials_changed(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """End the other sessions of `user` after the change `request` made."""
    user_sessions_end_others(request=request, user=user)


@receiver(user_logged_in, dispatch_uid="security-session-recorded-at-login")
def on_logged_in(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """allauth.usersessions records the new session at an allauth log-in (its own receiver of
    this signal): the next pages need not write it again for SEEN_EVERY seconds
    (UserSessionSeenMiddleware)."""
    session = getattr(request, "session", None)
    if session is not None and session.session_key:
        cache.set(seen_mark(session.session_key), True, SEEN_EVERY)


@receiver(m2m_changed, sender=get_user_model().groups.through, dispatch_uid="mfa-rights-groups")
@receiver(
    m2m_changed,
    sender=get_user_model().user_permissions.through,
    dispatch_uid="mfa-rights-user-permissions",
)
@receiver(m2m_changed, sender=Group.permissions.through, dispatch_uid="mfa-rights-group-perms")
def on_rights_changed(sender: Any, action: str, **kwargs: Any) -> None:
    """Who holds which permission changed (added, removed or cleared, from either side)."""
    if action.startswith("post_"):
        rights_version_renew()


@receiver(post_delete, sender=Group, dispatch_uid="mfa-rights-group-deleted")
@receiver(post_delete, sender=Permission, dispatch_uid="mfa-rights-permission-deleted")
def on_rights_deleted(sender: Any, **kwargs: Any) -> None:
    """A group or a permission went, with its members' or holders' rows."""
    rights_version_renew()
