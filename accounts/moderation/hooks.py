"""Hooks for the apps above accounts, which register receivers from their AppConfig.ready()
(accounts never imports them).

* sanction taken: `receiver(*, sanction, now)`, called by `services.sanction_take` inside its
  transaction once the decision is stored. games uses it to stop the clocks of a suspended
  player or adjourn their games, or resign or annul a banned player's games (per
  `sanction.games`).
* sanction ended: `receiver(*, sanction, now)`, called when a mute, suspension or ban ends
  (its end date passed, or lifted), inside the transaction that ends it. games restarts the
  clocks it stopped and resumes the games it adjourned.
* sanction told: `receiver(*, sanction, now)`, called by the task that tells the player about
  a decision (after the commit); messaging records the on-site notice.

Receivers' writes commit or roll back with the change; they queue mail or tasks on commit only.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from accounts.moderation.models import Sanction

Receiver = Callable[..., None]

_receivers: dict[str, list[Receiver]] = {"taken": [], "ended": [], "told": []}


def sanction_hook_register(event: str, receiver: Receiver) -> Receiver:
    """Register `receiver(*, sanction, now)` for `event` ("taken", "ended" or "told");
    idempotent. KeyError for another event."""
    receivers = _receivers[event]
    if receiver not in receivers:
        receivers.append(receiver)
    return receiver


def sanction_hook_unregister(event: str, receiver: Receiver) -> None:
    """Remove a receiver (tests)."""
    if receiver in _receivers[event]:
        _receivers[event].remove(receiver)


def sanction_hook_run(event: str, *, sanction: Sanction, now: dt.datetime) -> None:
    """Call every receiver of `event`."""
    for receiver in list(_receivers[event]):
        receiver(sanction=sanction, now=now)
