"""The outbox: a task queued after a write is recorded in the write's transaction and published
after the commit, or later by the sweep when the broker could not take it."""

from __future__ import annotations

import datetime as dt

import kombu.exceptions
import pytest
from celery import current_app
from django.db import transaction
from django.utils import timezone

import baduxsite.tasks  # noqa: F401  (registers the ping task the tests queue)
from core import outbox, tasks
from core.models import OutboxTask

NOW = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)


@pytest.fixture
def published(monkeypatch):
    """Record what is published instead of running it; `published.broker_down = True` makes
    every publish fail like an unreachable Redis."""

    class Log(list):
        broker_down = False

    log = Log()
    task = current_app.tasks["baduxsite.tasks.ping"]

    def apply_async(self, args=None, **options):
        if log.broker_down:
            raise kombu.exceptions.OperationalError("Error 111 connecting to 127.0.0.1:6379.")
        log.append((self.name, list(args or ())))

    monkeypatch.setattr(type(task), "apply_async", apply_async)
    return log


def test_a_task_is_recorded_and_published_once_the_transaction_commits(
    db, published, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        outbox.enqueue_on_commit("baduxsite.tasks.ping", "hello")
        assert published == []
        assert OutboxTask.objects.get().args == ["hello"]
    assert published == [("baduxsite.tasks.ping", ["hello"])]
    assert not OutboxTask.objects.exists()


def test_a_rolled_back_write_queues_nothing(db, published, django_capture_on_commit_callbacks):
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        outbox.enqueue_on_commit("baduxsite.tasks.ping", "never")
        raise RuntimeError("the write failed")
    assert published == []
    assert not OutboxTask.objects.exists()


def test_an_unknown_task_is_refused_at_once(db):
    with pytest.raises(LookupError, match="games.notify_trun"):
        outbox.enqueue_on_commit("games.notify_trun", 1)
    assert not OutboxTask.objects.exists()


def test_a_broker_outage_keeps_the_task_for_the_sweep(
    db, published, django_capture_on_commit_callbacks
):
    published.broker_down = True
    with django_capture_on_commit_callbacks(execute=True):
        row = outbox.enqueue_on_commit("baduxsite.tasks.ping", "later")
    assert OutboxTask.objects.filter(pk=row.pk).exists()  # the request did not fail
    # Not due yet: the commit hook had its minute.
    assert outbox.outbox_relay(now=row.created) == 0
    # Still down when it is due: kept, with the attempt counted.
    assert outbox.outbox_relay(now=row.due) == 0
    assert OutboxTask.objects.get(pk=row.pk).attempts == 1
    published.broker_down = False
    assert outbox.outbox_relay(now=row.due) == 1
    assert published == [("baduxsite.tasks.ping", ["later"])]
    assert not OutboxTask.objects.exists()
    assert outbox.outbox_relay(now=row.due) == 0


def test_the_sweep_relays_in_batches_in_order(db, published):
    rows = [
        OutboxTask.objects.create(
            task="baduxsite.tasks.ping", args=[str(i)], created=NOW, due=NOW + dt.timedelta(i)
        )
        for i in range(5)
    ]
    assert outbox.outbox_relay(now=NOW + dt.timedelta(days=10), batch_size=2) == 5
    assert [args for _name, args in published] == [[row.args[0]] for row in rows]


def test_a_row_the_sweep_already_published_is_skipped_by_the_commit_hook(db, published):
    row = OutboxTask.objects.create(task="baduxsite.tasks.ping", args=[], created=NOW, due=NOW)
    assert outbox.outbox_relay(now=NOW) == 1
    assert outbox.outbox_publish(row_id=row.pk) is False
    assert len(published) == 1


def test_the_relay_runs_every_minute(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["messaging-outbox-relay"]
    assert (entry["task"], entry["schedule"]) == ("messaging.outbox_relay", 60.0)
    assert "messaging.outbox_relay" in current_app.tasks


def test_the_commit_hook_publishes_a_fresh_row_without_reading_it_back(
    db, published, django_capture_on_commit_callbacks, django_assert_num_queries
):
    with django_capture_on_commit_callbacks() as callbacks, transaction.atomic():
        outbox.enqueue_on_commit("baduxsite.tasks.ping", 7)
    with django_assert_num_queries(1) as captured:
        for callback in callbacks:
            callback()
    assert captured.captured_queries[0]["sql"].startswith("DELETE")
    assert published == [("baduxsite.tasks.ping", [7])]
    assert not OutboxTask.objects.exists()


def test_a_late_commit_hook_reads_the_row_and_skips_one_the_sweep_published(
    db, published, django_capture_on_commit_callbacks, monkeypatch
):
    with django_capture_on_commit_callbacks() as callbacks, transaction.atomic():
        row = outbox.enqueue_on_commit("baduxsite.tasks.ping", "late")
    assert outbox.outbox_relay(now=row.due) == 1
    # The hook runs only now, within the margin before the row was due: it must look first.
    late = row.due - outbox.FRESH_MARGIN
    monkeypatch.setattr(outbox.timezone, "now", lambda: late)
    for callback in callbacks:
        callback()
    assert published == [("baduxsite.tasks.ping", ["late"])]
    assert not OutboxTask.objects.exists()


def test_a_row_naming_a_task_no_longer_known_does_not_hold_up_the_others(db, published):
    """A task renamed or removed since its row was written: before, the sweep raised on it at
    every run and published nothing behind it."""
    gone = OutboxTask.objects.create(task="games.renamed", args=[1], created=NOW, due=NOW)
    OutboxTask.objects.create(task="baduxsite.tasks.ping", args=["x"], created=NOW, due=NOW)

    assert outbox.outbox_relay(now=NOW) == 1

    assert published == [("baduxsite.tasks.ping", ["x"])]
    gone.refresh_from_db()
    assert (gone.last_error, gone.due) == ("no such task", NOW + outbox.SET_ASIDE)
    assert outbox.outbox_prune(now=NOW + dt.timedelta(days=8), keep=dt.timedelta(days=7)) == 1
    assert not OutboxTask.objects.exists()


def test_the_daily_task_prunes_outbox_leftovers(db, settings):
    now = timezone.now()
    OutboxTask.objects.create(
        task="games.renamed_long_ago", args=[1], created=now - dt.timedelta(days=8), due=now
    )
    waiting = OutboxTask.objects.create(
        task="games.notify_turn", args=[1, 0], created=now - dt.timedelta(hours=1), due=now
    )

    assert tasks.outbox_prune.delay().get() == 1
    assert list(OutboxTask.objects.all()) == [waiting]
    assert tasks.outbox_prune.delay().get() == 0
    assert settings.CELERY_BEAT_SCHEDULE["core-outbox-prune"] == {
        "task": "core.outbox_prune",
        "schedule": 24 * 60 * 60,
    }


def test_a_task_per_selected_row_is_recorded_by_one_statement_and_published_at_commit(
    db, published, django_capture_on_commit_callbacks, user_factory
):
    from django.db import connection
    from django.db.models.functions import JSONArray
    from django.test.utils import CaptureQueriesContext

    from accounts.models import User

    users = [user_factory() for _ in range(3)]
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        with CaptureQueriesContext(connection) as queries:
            ids = outbox.enqueue_select_on_commit(
                "baduxsite.tasks.ping",
                rows=User.objects.filter(pk__in=[u.pk for u in users[:2]]),
                args=JSONArray("pk", "username"),
            )
        assert len(queries) == 1 and len(ids) == 2
        stored = OutboxTask.objects.order_by("pk")
        assert sorted(row.args for row in stored) == [[u.pk, u.username] for u in users[:2]]
        assert {row.task for row in stored} == {"baduxsite.tasks.ping"}
        assert published == []
    assert sorted(published) == [("baduxsite.tasks.ping", [u.pk, u.username]) for u in users[:2]]
    assert not OutboxTask.objects.exists()
