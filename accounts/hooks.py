"""Hooks for the apps above accounts: accounts never imports them; they register receivers
from their AppConfig.ready().

* time zone changed: `receiver(*, user, old, new, now)`, called when `preferences_update`
  stores a new time zone for `user` (`old` and `new` are IANA names), inside its transaction
  and after the user row is saved, so `user.time_zone` is already `new`. games uses it to
  reschedule running clocks whose weekends follow the player's zone. Receivers' writes commit
  or roll back with the change; they queue mail or tasks on commit only.
* sessions ended: `receiver(*, user, session_keys)`, called when `user`'s sessions were ended
  from another browser (accounts.security: the security page, a password or e-mail change),
  which logs those browsers out without their log-out. messaging removes the push devices
  subscribed from them, as it does at a log-out.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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


_session_receivers: list[Callable[..., None]] = []


def sessions_ended_register(receiver: Callable[..., None]) -> Callable[..., None]:
    """Register `receiver(*, user, session_keys)`; usable as a decorator; idempotent."""
    if receiver not in _session_receivers:
        _session_receivers.append(receiver)
    return receiver


def sessions_ended_run(*, user: User, session_keys: list[str]) -> None:
    """Call every receiver with the keys of the sessions of `user` that were just ended."""
    for receiver in list(_session_receivers):
        receiver(user=user, session_keys=session_keys)
