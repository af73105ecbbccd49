"""Liveness and readiness (baduxsite/health.py): ready when every check is within
settings.HEALTH_BOUNDS, 503 naming the reason of each check that is not. Redis down is in
tests/site/test_health_redis.py (a real redis-server, stopped). The fixture `alive` (every
heartbeat fresh) is in tests/site/conftest.py."""

from __future__ import annotations

import datetime as dt

import pytest
from celery.exceptions import AlwaysEagerIgnored
from django.db import connection
from django.urls import reverse

from baduxsite.celery import app
from core import heartbeats
from core.models import Heartbeat, OutboxTask
from core.tasks import heartbeat
from games.inbound.receiver import receiver_heartbeat

pytestmark = pytest.mark.django_db

QUEUES = ("celery", "mail", "bots")


def _ready(client):
    response = client.get(reverse("health_ready"))
    return response.status_code, response.json()


def _failing(body: dict) -> dict[str, str]:
    return {name: reason for name, reason in body["checks"].items() if reason != "OK"}


def test_liveness_answers_without_asking_anything(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get(reverse("health_live"))

    assert response.status_code == 200
    assert response.content == b"ok\n"


def test_ready_when_every_check_is_within_bounds(client, alive):
    status, body = _ready(client)

    assert (status, body["status"]) == (200, "ok")
    assert set(body["checks"]) == {
        "database", "cache", "outbox", "worker:celery", "worker:mail", "worker:bots", "beat",
        "disk_media", "disk_mail",
    }  # fmt: skip
    assert _failing(body) == {}


def test_the_database_down_fails_ready(client, alive, monkeypatch):
    # A new connection (the check opens its own, in a worker thread) cannot be made.
    settings_dict = connection.settings_dict
    if connection.vendor == "sqlite":
        monkeypatch.setitem(settings_dict, "NAME", "/nonexistent-folder/badux.sqlite3")
    else:
        from tests.site.private_redis import free_port  # noqa: PLC0415  (PostgreSQL only)

        monkeypatch.setitem(settings_dict, "PORT", free_port())

    status, body = _ready(client)

    assert (status, body["status"]) == (503, "failing")
    assert list(_failing(body)) == ["database"]


def test_an_outbox_row_waiting_too_long_fails_ready_with_its_age(client, alive, settings):
    settings.HEALTH_BOUNDS = {**settings.HEALTH_BOUNDS, "outbox_lag_seconds": 300}
    OutboxTask.objects.create(
        task="games.notify_turn", args=[1, 1], created=alive - dt.timedelta(minutes=10), due=alive
    )

    status, body = _ready(client)

    assert status == 503
    reason = _failing(body)["outbox"]
    assert "oldest unpublished outbox task waits for 6" in reason
    assert "(bound 300 s)" in reason


def test_a_fresh_outbox_row_is_within_bounds(client, alive):
    OutboxTask.objects.create(task="games.notify_turn", args=[1, 1], created=alive, due=alive)

    assert _ready(client)[0] == 200


@pytest.mark.parametrize("queue", QUEUES)
def test_a_queue_without_a_worker_fails_ready(client, alive, queue):
    Heartbeat.objects.filter(name=heartbeats.worker_name(queue)).delete()

    status, body = _ready(client)

    assert status == 503
    assert _failing(body) == {
        f"worker:{queue}": f"no heartbeat from a worker of queue '{queue}' yet"
    }


def test_a_silent_worker_fails_ready_with_how_long(client, alive, settings):
    settings.HEALTH_BOUNDS = {**settings.HEALTH_BOUNDS, "worker_silence_seconds": 180}
    Heartbeat.objects.filter(name="worker:mail").update(at=alive - dt.timedelta(minutes=5))

    status, body = _ready(client)

    assert status == 503
    reason = _failing(body)["worker:mail"]
    assert reason.startswith("no heartbeat from a worker of queue 'mail' for 30")
    assert reason.endswith("(bound 180 s)")


def test_the_heartbeat_task_records_its_queue(client, alive):
    Heartbeat.objects.filter(name="worker:bots").delete()
    assert _ready(client)[0] == 503

    heartbeat.delay("bots")

    assert _ready(client)[0] == 200


def test_beat_silent_fails_ready_and_its_send_revives_it(client, alive):
    Heartbeat.objects.filter(name=heartbeats.BEAT).update(at=alive - dt.timedelta(hours=1))
    status, body = _ready(client)
    assert status == 503
    assert _failing(body)["beat"].startswith("no heartbeat from celery beat for 3600")

    # What beat does each minute: send the heartbeat task (to the test's in-memory broker).
    with pytest.warns(AlwaysEagerIgnored):  # a real send, as beat's: eager mode is for tasks
        app.send_task("core.heartbeat", args=("celery",), queue="celery")

    assert _ready(client)[0] == 200


def test_beat_schedules_a_heartbeat_to_every_queue(settings):
    entries = {
        entry["options"]["queue"]: entry
        for entry in settings.CELERY_BEAT_SCHEDULE.values()
        if entry["task"] == "core.heartbeat"
    }

    assert set(entries) == set(settings.HEALTH_WORKER_QUEUES)
    assert all(entry["args"] == (queue,) for queue, entry in entries.items())


# The receiver closes stale connections around its write, as its process does between mails:
# outside a test transaction.
@pytest.mark.django_db(transaction=True)
def test_the_mail_receiver_is_checked_while_play_by_mail_is_on(client, alive, settings):
    settings.INBOUND_MAIL_DOMAIN = "play.example.org"
    status, body = _ready(client)
    assert status == 503
    assert _failing(body) == {"mail_receiver": "no heartbeat from the mail receiver yet"}

    assert receiver_heartbeat() is True

    assert _ready(client)[0] == 200


def test_a_silent_mail_receiver_fails_ready(client, alive, settings):
    settings.INBOUND_MAIL_DOMAIN = "play.example.org"
    heartbeats.heartbeat_record(name=heartbeats.MAIL_RECEIVER, now=alive - dt.timedelta(hours=2))

    status, body = _ready(client)

    assert status == 503
    assert _failing(body)["mail_receiver"].startswith("no heartbeat from the mail receiver for")


def test_a_heartbeat_never_moves_back(alive):
    heartbeats.heartbeat_record(name=heartbeats.BEAT, now=alive - dt.timedelta(minutes=1))

    assert heartbeats.heartbeat_get(name=heartbeats.BEAT) == alive


def test_a_full_disk_fails_ready_naming_the_folder(client, alive, settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media" / "not-made-yet")
    settings.HEALTH_BOUNDS = {**settings.HEALTH_BOUNDS, "disk_free_min_bytes": 2**70}

    status, body = _ready(client)

    assert status == 503
    failing = _failing(body)
    assert set(failing) == {"disk_media", "disk_mail"}
    assert f"on the disk of {settings.MEDIA_ROOT} (bounds" in failing["disk_media"]


def test_a_disk_below_its_percentage_fails_ready(client, alive, settings):
    settings.HEALTH_BOUNDS = {
        **settings.HEALTH_BOUNDS,
        "disk_free_min_bytes": 0,
        "disk_free_min_percent": 100.5,
    }

    status, body = _ready(client)

    assert status == 503
    assert "100.5 %" in _failing(body)["disk_mail"]


def test_readiness_is_never_cached(client, alive):
    response = client.get(reverse("health_ready"))

    assert "no-cache" in response["Cache-Control"] or "no-store" in response["Cache-Control"]
