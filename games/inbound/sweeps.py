"""Periodic (beat) tasks of play by e-mail. They call `games.inbound`; nothing in games imports
this module (workers load it through `CELERY_IMPORTS`), so the service and its tasks import one
way only: inbound_sweeps -> inbound -> inbound_tasks."""

from __future__ import annotations

import datetime as dt

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from games.inbound.services import inbound_mail_prune as prune


@shared_task(name="games.inbound_mail_prune")
def inbound_mail_prune() -> int:
    """Daily: forget reply-mail records older than INBOUND_MAIL_KEEP_DAYS; returns how many."""
    return prune(now=timezone.now(), keep=dt.timedelta(days=settings.INBOUND_MAIL_KEEP_DAYS))
