"""Acting on returned mail: a permanent failure stops notice mail to that address and tells the
player on the site; a temporary one is counted. Called by the reply receiver
(`games.inbound.services`) for mail to a return path (`messaging.bounces.address`)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db import transaction
from django.urls import reverse
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from accounts.models import User
from core.metrics import MAIL_BOUNCES
from messaging.bounces.address import BounceToken, address_digest
from messaging.bounces.dsn import BounceKind, delivery_report_read
from messaging.bounces.models import AddressHealth
from messaging.bounces.notifications import MAIL_FAILING
from messaging.notifications.services import notify

ACCEPTED_LINE = "250 2.0.0 Delivery report received."


@dataclass(frozen=True)
class BounceOutcome:
    """The SMTP status line to answer and what was done (for the log): `hard`, `soft`,
    `not_a_bounce`, `old_address` or `no_player`."""

    status: str
    outcome: str


def bounce_record(*, token: BounceToken, raw: bytes, now: dt.datetime) -> BounceOutcome:
    """Act on the report `raw` that came back to the return path `token`. A report about an
    address the player no longer uses, or no failure at all (an auto-reply), changes nothing.
    Always answers 250: the report is taken either way, so the sending server stops trying.
    Never raises for bad input; database errors propagate (the receiver answers 451)."""
    user = User.objects.filter(pk=token.user_id).first()
    if user is None or not user.email:
        return BounceOutcome(ACCEPTED_LINE, "no_player")
    if address_digest(user.email) != token.address_digest:
        return BounceOutcome(ACCEPTED_LINE, "old_address")
    report = delivery_report_read(raw)
    if report.kind == BounceKind.NONE:
        return BounceOutcome(ACCEPTED_LINE, "not_a_bounce")
    MAIL_BOUNCES.labels(kind=report.kind.value).inc()
    with transaction.atomic():
        AddressHealth.objects.get_or_create(user=user, email=user.email.lower())
        health = AddressHealth.objects.select_for_update().get(user=user, email=user.email.lower())
        newly_failing = report.kind == BounceKind.HARD and health.failing_since is None
        if report.kind == BounceKind.HARD:
            health.hard_bounces += 1
            health.failing_since = health.failing_since or now
        else:
            health.soft_bounces += 1
        health.last_bounce_at = now
        health.last_status = report.status
        health.last_diagnostic = report.diagnostic
        health.save()
        if newly_failing:
            _tell_player(user=user, health=health, now=now)
    return BounceOutcome(ACCEPTED_LINE, report.kind.value)


def _tell_player(*, user: User, health: AddressHealth, now: dt.datetime) -> None:
    notify(
        user=user,
        event=MAIL_FAILING,
        key=f"mail_failing:{health.pk}:{now:%Y%m%d%H%M%S}",
        text=format_lazy(
            gettext_lazy(
                "Mail to {address} came back undeliverable, so we stopped mailing it. "
                "Check or change your address."
            ),
            address=health.email,
        ),
        url=reverse("account_email"),
        now=now,
    )


def address_health_reset(*, user: User, email: str) -> bool:
    """Mail `email` of `user` again: the player fixed the mailbox or confirmed the address anew.
    Returns whether it had been failing."""
    return bool(
        AddressHealth.objects.filter(
            user=user, email=email.strip().lower(), failing_since__isnull=False
        ).update(failing_since=None)
    )
