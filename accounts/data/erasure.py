"""Erasing a closed account once its grace period passed (`account_erase`, from the beat sweep
`account_erase_sweep`).

The user row stays as the placeholder ("deleted player 1234", `User.placeholder`): the links
the apps classified as kept (games, results, ratings, tournaments, ladders) keep pointing at
it, so opponents' results and ratings stay true. Every link classified as erased has its rows
deleted; then the apps' erasure steps have scrubbed what names the player elsewhere (notices,
caches), the queued outbox rows that name the player or an erased row are deleted, and the row
loses everything personal (names, e-mail, password, profile). Its sessions end after the
commit."""

from __future__ import annotations

import datetime as dt
import json
import logging

from django.apps import apps
from django.core.exceptions import ImproperlyConfigured
from django.db import transaction

from accounts.data.closures import sessions_end
from accounts.data.models import AccountClosure
from accounts.data.registry import (
    ERASE,
    erasers,
    link_kind,
    links_unclassified,
    outbox_row_tasks,
    outbox_user_tasks,
    user_links,
)
from accounts.models import User
from core.models import OutboxTask

logger = logging.getLogger(__name__)


def account_erase(*, user_id: int, now: dt.datetime) -> bool:
    """Erase the account `user_id` if its closure is due at `now` and was not cancelled; True
    when this call erased it. Safe to run twice (a second call finds it erased). Raises
    ImproperlyConfigured, erasing nothing, while some relation to the user model is not
    classified (accounts.data.registry)."""
    unclassified = links_unclassified()
    if unclassified:
        raise ImproperlyConfigured(f"Relations to the user not classified: {unclassified}")
    with transaction.atomic():
        closure = (
            AccountClosure.objects.select_for_update()
            .filter(user_id=user_id, erased__isnull=True, erase_at__lte=now)
            .first()
        )
        if closure is None:
            return False
        user = User.objects.select_for_update().get(pk=user_id)
        # Before the erasers: allauth.usersessions' rows (erased below) name the sessions.
        sessions_end(user_id=user_id)
        addresses = {user.email, *user.emailaddress_set.values_list("email", flat=True)} - {""}
        for step in erasers():
            step(user=user, now=now)
        for link in user_links():
            if link_kind(link) == ERASE:
                link.model._base_manager.filter(**{link.field: user}).delete()
        outbox_forget(user_id=user.pk, addresses=addresses)
        _user_anonymise(user, now)
        AccountClosure.objects.filter(pk=closure.pk).update(erased=now)
    return True


def outbox_forget(*, user_id: int, addresses: set[str]) -> int:
    """Delete the queued outbox rows of registered tasks that name the user or a row that no
    longer exists (erased), and every row whose arguments hold one of the player's e-mail
    `addresses` (a queued account mail); returns how many."""
    user_tasks, row_tasks = outbox_user_tasks(), outbox_row_tasks()
    doomed = []
    for row in OutboxTask.objects.iterator():
        args = row.args or []
        text = json.dumps(args)
        if any(address in text for address in addresses):
            doomed.append(row.pk)
        elif row.task in user_tasks:
            index = user_tasks[row.task]
            if len(args) > index and args[index] == user_id:
                doomed.append(row.pk)
        elif row.task in row_tasks and args:
            model = _model(row_tasks[row.task])
            if not model._base_manager.filter(pk=args[0]).exists():
                doomed.append(row.pk)
    return OutboxTask.objects.filter(pk__in=doomed).delete()[0]


def _model(label: str):
    return apps.get_model(label)


def _user_anonymise(user: User, now: dt.datetime) -> None:
    """Everything personal on the row goes; the row stays as the placeholder."""
    user.username = f"deleted-{user.pk}"
    user.email = ""
    user.first_name = user.last_name = ""
    user.display_name = user.bio = user.country = user.language = user.bot_engine = ""
    user.time_zone = "UTC"
    user.last_seen = None
    user.last_login = None
    user.is_active = user.is_staff = user.is_superuser = False
    user.set_unusable_password()
    user.erased = now
    user.save()


def account_erase_sweep(*, now: dt.datetime) -> int:
    """Erase every account whose grace period ended by `now`; returns how many. One account
    that cannot be erased is logged and does not stop the others."""
    erased = 0
    due = AccountClosure.objects.filter(erased__isnull=True, erase_at__lte=now)
    for user_id in list(due.values_list("user_id", flat=True)):
        try:
            erased += account_erase(user_id=user_id, now=now)
        except Exception:
            logger.exception("Could not erase account %s", user_id)
    return erased
