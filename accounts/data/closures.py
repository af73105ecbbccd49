"""Closing an account: the player confirms with their password (`account_close`); their
running games are ended by the closing receivers (the games app resigns them), their API tokens
are revoked, every session of theirs ends, and the account waits
settings.ACCOUNT_CLOSE_GRACE_DAYS. Logging in within that time restores it (`account_restore`,
from the login signal); after it, the beat sweep erases it (accounts.data.erasure). Reads:
`account_closure_get`."""

from __future__ import annotations

import datetime as dt

from allauth.usersessions.adapter import get_adapter
from allauth.usersessions.models import UserSession
from django.conf import settings
from django.db import transaction

from accounts.data.models import AccountClosure
from accounts.data.registry import closing_receivers
from accounts.models import ApiToken, User


def account_closure_get(*, user: User) -> AccountClosure | None:
    """The pending closure of `user`, if they asked to close their account."""
    return AccountClosure.objects.filter(user=user, erased__isnull=True).first()


def account_close_grace() -> dt.timedelta:
    return dt.timedelta(days=settings.ACCOUNT_CLOSE_GRACE_DAYS)


@transaction.atomic
def account_close(*, user: User, now: dt.datetime) -> AccountClosure:
    """Close `user`'s account: erased at now + the grace period unless they log in before.
    The closing receivers run now (running games resigned), the API tokens are revoked,
    and every session of the player ends once this commits. Closing twice keeps the first date."""
    User.objects.select_for_update().filter(pk=user.pk).first()
    closure, created = AccountClosure.objects.get_or_create(
        user=user, defaults={"requested": now, "erase_at": now + account_close_grace()}
    )
    if created:
        # No program acts for the player meanwhile: their API tokens stop now.
        ApiToken.objects.filter(user=user, revoked__isnull=True).update(revoked=now)
        for receiver in closing_receivers():
            receiver(user=user, now=now)
    transaction.on_commit(lambda: sessions_end(user_id=user.pk))
    return closure


def account_restore(*, user: User) -> bool:
    """Cancel the pending closure of `user` (they logged in within the grace period); True
    when there was one. An account already erased cannot be restored."""
    return bool(AccountClosure.objects.filter(user=user, erased__isnull=True).delete()[0])


def sessions_end(*, user_id: int) -> int:
    """End every session of the player; returns how many. allauth.usersessions' rows name them
    (one indexed query, never a scan of django_session); they end through its adapter
    (accounts.security.adapter), so the apps hear of them (push devices subscribed from them go)."""
    sessions = list(UserSession.objects.filter(user_id=user_id))
    get_adapter().end_sessions(sessions)
    return len(sessions)
