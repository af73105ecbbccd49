"""The session engine: Django's cached_db (sessions kept in the database, read through the
cache). Every page reads the session, so a cache hit spares a query; when the cache fails (Redis
down, a timeout) the backend answers misses and the session is read from and written to the
database alone, and the page is served all the same.

Expired sessions stay in the table until `sessions_prune` deletes them (daily, the beat task
`accounts.sessions_prune` below)."""

from __future__ import annotations

import datetime as dt
import logging

from celery import shared_task
from django.contrib.sessions.backends import cached_db
from django.contrib.sessions.models import Session
from django.utils import timezone

logger = logging.getLogger(__name__)


# The engine (SESSION_ENGINE = "accounts.sessions"): Django's cached_db as it is. A failing cache
# is the cache backend's business (baduxsite.cache: errors become misses), so with Redis down
# sessions are read from and written to the database alone.
SessionStore = cached_db.SessionStore


# Expired sessions deleted per statement by `sessions_prune`: short transactions and locks.
PRUNE_BATCH = 5000


def sessions_prune(*, now: dt.datetime, batch_size: int = PRUNE_BATCH) -> int:
    """Delete the sessions that expired before `now` (a visitor who comes back with one is
    logged out anyway), a batch at a time; returns how many went. Their cached copies expire
    in the cache on their own. Safe to run twice or beside another run."""
    deleted = 0
    while True:
        expired = list(
            Session.objects.filter(expire_date__lt=now).values_list("pk", flat=True)[:batch_size]
        )
        if not expired:
            return deleted
        deleted += Session.objects.filter(pk__in=expired, expire_date__lt=now).delete()[0]


@shared_task(name="accounts.sessions_prune")
def sessions_prune_task() -> int:
    """Beat, daily: `sessions_prune` at the present time; how many sessions went."""
    return sessions_prune(now=timezone.now())
