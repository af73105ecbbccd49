"""Expired sessions are deleted by the daily beat task; live ones stay."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.sessions.models import Session
from django.utils import timezone

from accounts.sessions import SessionStore, sessions_prune, sessions_prune_task


def _session(expires: dt.datetime) -> str:
    store = SessionStore()
    store["who"] = "someone"
    store.create()
    Session.objects.filter(pk=store.session_key).update(expire_date=expires)
    return store.session_key


@pytest.mark.django_db
def test_expired_sessions_go_and_live_ones_stay():
    now = timezone.now()
    expired = [_session(now - dt.timedelta(days=d)) for d in (1, 30, 400)]
    live = _session(now + dt.timedelta(days=13))

    assert sessions_prune(now=now, batch_size=2) == 3

    assert list(Session.objects.values_list("pk", flat=True)) == [live]
    assert not Session.objects.filter(pk__in=expired).exists()
    assert SessionStore(live).load() == {"who": "someone"}


@pytest.mark.django_db
def test_the_beat_task_prunes_and_running_it_twice_changes_nothing_more():
    _session(timezone.now() - dt.timedelta(minutes=1))

    assert sessions_prune_task.delay().get() == 1
    assert sessions_prune_task.delay().get() == 0
