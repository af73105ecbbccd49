"""Hooks for the apps above accounts: accounts never imports them; they register receivers
from their AppConfig.ready().

* time zone changed: `receiver(*, user, old, new, now)`, called when `preferences_update`
  stores a new time zone for `user` (`old` and `new` are IANA names), inside its transaction
  and after the user row is saved, so `user.time_zone` is already `new`. games uses it to
  reschedule running clocks whose weekends follow the player's zone. Receivers' writes commit
  or roll back with the change; they queue mail or tasks on commit only.
* account mail: `queue(message)`, called by the allauth adapter (accounts.adapter) with each
  rendered account mail (sign-up verification, password reset, e-mail change, ...) inside the
  request's transaction. messaging registers the outbox: the mail is sent by a task after the
  commit, retried while the mail server fails for the moment, so no web request talks SMTP.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING

from django.core.exceptions import ImproperlyConfigured

if TYPE_CHECKING:
    from django.core.mail import EmailMessage

    from accounts.models import User

TimeZoneChangedReceiver = Callable[..., None]

_zone_receivers: list[TimeZoneChangedReceiver] = []


def time_zone_changed_register(receiver: TimeZoneChangedReceiver) -> TimeZoneChangedReceiver:
    """Register `receiver(*, user, old, new, now)`; usable as a decorator; idempotent."""
    if receiver not in _zone_receivers:
        _zone_receivers.append(receiver)
    return receiver


def time_zone_changed_unregister(receiver: TimeZoneChangedReceiver) -> None:
    """Remove a receiver (tests)."""
    if receiver in _zone_receivers:
        _zone_receivers.remove(receiver)


def time_zone_changed_run(*, user: User, old: str, new: str, now: dt.datetime) -> None:
    """Call every receiver. Caller is inside the transaction that saved the new zone."""
    for receiver in list(_zone_receivers):
        receiver(user=user, old=old, new=new, now=now)


AccountMailQueue = Callable[["EmailMessage"], None]

_mail_queues: list[AccountMailQueue] = []


def account_mail_queue_register(queue: AccountMailQueue) -> AccountMailQueue:
    """Register the one `queue(message)` that takes account mail (the last registered wins);
    usable as a decorator; idempotent."""
    if queue in _mail_queues:
        _mail_queues.remove(queue)
    _mail_queues.append(queue)
    return queue


def account_mail_queue(message: EmailMessage) -> None:
    """Hand a rendered account mail to the registered queue. Caller is inside the transaction
    whose commit the mail must follow. Raises ImproperlyConfigured when no app registered one:
    sending it here, inside the request, is what the queue exists to avoid."""
    if not _mail_queues:
        raise ImproperlyConfigured("No account mail queue is registered (messaging registers it).")
    _mail_queues[-1](message)
