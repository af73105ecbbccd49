"""Vacations: the days a player takes off, which stop their clocks."""

from __future__ import annotations

from django.conf import settings
from django.db import models

# Registered with the games app from its own module (this one is near the size limit).


class Vacation(models.Model):
    """A player's vacation balance and current vacation (one row once they first start one;
    players without a row have the initial balance accrued since they joined).

    `balance` is what they had at `balance_at`; while on vacation (`started` set) nothing
    accrues and the vacation ends by itself at `until` (= started + balance) at the latest.
    Read through games.selectors.vacations.vacation_state, written by games.services.vacation_*.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacation"
    )
    balance = models.DurationField()
    balance_at = models.DateTimeField()
    started = models.DateTimeField(null=True, blank=True)
    until = models.DateTimeField(null=True, blank=True, db_index=True)

    def __str__(self) -> str:
        return f"Vacation of user {self.user_id}"

    @property
    def active(self) -> bool:
        return self.started is not None
