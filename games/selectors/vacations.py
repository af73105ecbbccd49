"""Reads of vacations: a player's vacation state (days left, the running one)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from accounts.models import User
from games import clock
from games.models import (
    Vacation,
)


@dataclass(frozen=True)
class VacationState:
    """A player's vacation as the vacation page shows it."""

    balance: dt.timedelta  # what is left now (while on vacation: if it ended now)
    active: bool
    started: dt.datetime | None
    until: dt.datetime | None  # when it ends by itself
    can_start: bool


def vacation_state(*, user: User, now: dt.datetime) -> VacationState:
    """`user`'s vacation balance at `now` and whether they are on vacation."""
    row = Vacation.objects.filter(user=user).first()
    if row is None:
        balance = clock.vacation_accrued(
            balance=clock.vacation_initial(), since=min(user.date_joined, now), now=now
        )
        return VacationState(balance, False, None, None, balance >= clock.VACATION_MIN_START)
    if row.active:
        used = max(min(now, row.until) - row.started, clock.ZERO)
        return VacationState(row.balance - used, True, row.started, row.until, False)
    balance = clock.vacation_accrued(balance=row.balance, since=row.balance_at, now=now)
    return VacationState(balance, False, None, None, balance >= clock.VACATION_MIN_START)
