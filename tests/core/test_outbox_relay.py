"""The outbox as production runs it (OUTBOX_PUBLISH_AT_COMMIT off): a write records its tasks and
commits once, with no broker call; the relay process publishes them, woken by PostgreSQL's
NOTIFY at the commit (polling elsewhere), and deletes their rows."""

from __future__ import annotations

import base64
import json
import secrets
import threading
import time
from types import SimpleNamespace

import kombu.exceptions
import pytest
import redis
from celery import Celery, current_app
from django.conf import settings
from django.db import connection, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.urls import reverse
from django.utils import timezone

import baduxsite.tasks  # noqa: F401  (registers the ping task the tests queue)
from core import outbox
from core.models import OutboxTask
from games.game_settings import GameSettings
from games.services import play
from tests.site.helpers import real_redis_url

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def relay_mode(settings):
    settings.OUTBOX_PUBLISH_AT_COMMIT = False


class Published(list):
    """What reached the broker, in order; `stop_after` rows stop the relay's loop."""

    def __init__(self) -> None:
        super().__init__()
        self.broker_down = False
        self.stop = threading.Event()
        self.stop_after: int | None = None
        self.times: list[float] = []


@pytest.fixture
def published(monkeypatch) -> Published:
    log = Published()

    def apply_async(task, args=None, **options):
        if log.broker_down:
            raise kombu.exceptions.OperationalError("Error 111 connecting to 127.0.0.1:6379.")
        log.append((task.name, list(args or ())))
        log.times.append(time.monotonic())
        if log.stop_after is not None and len(log) >= log.stop_after:
            log.stop.set()

    for name in ("baduxsite.tasks.ping", "games.notify_turn"):
        monkeypatch.setattr(type(current_app.tasks[name]), "apply_async", apply_async)
    return log


def test_a_write_records_its_task_due_at_once_and_publishes_nothing_itself(
    published, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks() as hooks, transaction.atomic():
        outbox.enqueue_on_commit("baduxsite.tasks.ping", "hello")
    assert hooks == []
    assert published == []
    row = OutboxTask.objects.get()
    assert (row.task, row.args, row.due) == ("baduxsite.tasks.ping", ["hello"], row.created)


def test_a_move_makes_one_commit_and_no_broker_call(published, client, user_factory, monkeypatch):
    black, white = user_factory(username="kuro"), user_factory(username="shiro")
    game = play.game_start(
        black=black,
        white=white,
        settings=GameSettings(board_kind="square", board_size=9),
        now=timezone.now(),
    )
    client.force_login(black)
    OutboxTask.objects.all().delete()  # the start's notice
    commits = []
    real_commit = BaseDatabaseWrapper.commit

    def counted(self):
        commits.append(self.alias)
        return real_commit(self)

    monkeypatch.setattr(BaseDatabaseWrapper, "commit", counted)
    response = client.post(
        reverse("games:move", args=[game.pk]), {"point": "E5", "move_number": "0"}
    )
    assert response.status_code == 302
    assert commits == ["default"]
    assert published == []
    assert list(OutboxTask.objects.values_list("task", "args")) == [
        ("games.notify_turn", [game.pk, 1])
    ]


def test_the_relay_publishes_every_committed_row_in_order_and_deletes_them(published):
    for word in ("one", "two", "three"):
        outbox.enqueue_on_commit("baduxsite.tasks.ping", word)
    published.stop_after = 3
    outbox.outbox_relay_run(stop=published.stop, poll=0.01)
    assert published == [("baduxsite.tasks.ping", [w]) for w in ("one", "two", "three")]
    assert not OutboxTask.objects.exists()


def test_a_broker_outage_keeps_the_rows_until_the_relay_can_publish_them(published):
    outbox.enqueue_on_commit("baduxsite.tasks.ping", "waiting")
    published.broker_down = True
    outbox.outbox_relay(now=timezone.now() + outbox.CLOCK_SKEW)
    row = OutboxTask.objects.get()
    assert (row.attempts, row.last_error) == (1, "broker unreachable")
    assert published == []

    published.broker_down = False
    published.stop_after = 1
    outbox.outbox_relay_run(stop=published.stop, poll=0.01)
    assert published == [("baduxsite.tasks.ping", ["waiting"])]
    assert not OutboxTask.objects.exists()


@pytest.fixture
def redis_broker(monkeypatch):
    """The relay publishing to a real Redis, as in production: a Celery app of the test's own
    (the site's transport options, a queue of its own; the site's tasks are shared tasks, so
    it knows them)."""
    url = real_redis_url()
    app = Celery("relay-test", broker=url, set_as_current=False)
    app.conf.broker_transport_options = settings.CELERY_BROKER_TRANSPORT_OPTIONS
    app.conf.task_default_queue = f"test-relay-{secrets.token_hex(4)}"
    monkeypatch.setattr(outbox, "current_app", app)
    client = redis.Redis.from_url(url)
    sends = []
    real_send = redis.connection.AbstractConnection.send_packed_command

    def counted(self, command, check_health=True):
        sends.append(b"".join(command) if isinstance(command, list) else command)
        return real_send(self, command, check_health)

    monkeypatch.setattr(redis.connection.AbstractConnection, "send_packed_command", counted)
    yield SimpleNamespace(app=app, queue=app.conf.task_default_queue, redis=client, sends=sends)
    client.delete(app.conf.task_default_queue)
    app.close()


def _queued_args(broker) -> list[list]:
    """The arguments of the tasks waiting in the test's queue, in the order a worker takes
    them (LPUSH at the head, BRPOP from the tail)."""
    messages = broker.redis.lrange(broker.queue, 0, -1)
    bodies = [base64.b64decode(json.loads(m)["body"]) for m in reversed(messages)]
    return [json.loads(body)[0] for body in bodies]


def test_the_relay_sends_a_batch_of_tasks_to_redis_in_one_round_trip(redis_broker):
    for number in range(30):
        outbox.enqueue_on_commit("baduxsite.tasks.ping", number)
    redis_broker.sends.clear()

    assert outbox.outbox_relay(now=timezone.now() + outbox.CLOCK_SKEW) == 30

    assert _queued_args(redis_broker) == [[number] for number in range(30)]
    assert not OutboxTask.objects.exists()
    # The 30 LPUSHes leave in one write to the socket (a pipeline), not one round trip each.
    pushes = [command.count(b"LPUSH") for command in redis_broker.sends]
    assert [n for n in pushes if n] == [30]


def test_a_batch_redis_fails_to_take_keeps_all_its_rows(redis_broker, monkeypatch):
    for number in range(3):
        outbox.enqueue_on_commit("baduxsite.tasks.ping", number)

    down = True
    real_execute = redis.client.Pipeline.execute

    def execute(self, *args, **kwargs):
        if down:
            raise redis.ConnectionError("Connection closed by server.")
        return real_execute(self, *args, **kwargs)

    monkeypatch.setattr(redis.client.Pipeline, "execute", execute)
    assert outbox.outbox_relay(now=timezone.now() + outbox.CLOCK_SKEW) == 0
    assert list(
        OutboxTask.objects.order_by("pk").values_list("args", "attempts", "last_error")
    ) == [([number], 1, "broker unreachable") for number in range(3)]
    assert _queued_args(redis_broker) == []

    down = False
    assert outbox.outbox_relay(now=timezone.now() + outbox.CLOCK_SKEW) == 3
    assert _queued_args(redis_broker) == [[0], [1], [2]]


@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="NOTIFY is PostgreSQL's")
def test_on_postgresql_a_commit_wakes_the_relay_at_once(published, monkeypatch):
    # Without the NOTIFY the relay would sleep a minute: only the commit's notice can wake it.
    monkeypatch.setattr(outbox, "LISTEN_IDLE", 60.0)
    relay = threading.Thread(target=outbox.outbox_relay_run, kwargs={"stop": published.stop})
    relay.start()
    try:
        time.sleep(1.0)  # the relay drains the empty table, then listens
        with transaction.atomic():
            outbox.enqueue_on_commit("baduxsite.tasks.ping", "wake up")
        committed = time.monotonic()
        published.stop_after = 1
        assert published.stop.wait(timeout=30)
    finally:
        published.stop.set()
        with connection.cursor() as cursor:  # wakes a relay still waiting, so it sees the stop
            cursor.execute(f"NOTIFY {outbox.OUTBOX_CHANNEL}")
        relay.join(timeout=70)
    assert not relay.is_alive()
    assert published == [("baduxsite.tasks.ping", ["wake up"])]
    assert published.times[0] - committed < 30
    deadline = time.monotonic() + 5
    while OutboxTask.objects.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not OutboxTask.objects.exists()


@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="the trigger is PostgreSQL's")
def test_on_postgresql_only_a_committed_insert_notifies_the_channel():
    listener = connection.get_new_connection(connection.get_connection_params())
    listener.autocommit = True
    listener.execute(f"LISTEN {outbox.OUTBOX_CHANNEL}")
    try:
        with pytest.raises(RuntimeError), transaction.atomic():
            outbox.enqueue_on_commit("baduxsite.tasks.ping", "rolled back")
            raise RuntimeError
        assert list(listener.notifies(timeout=0.5)) == []
        with transaction.atomic():
            outbox.enqueue_on_commit("baduxsite.tasks.ping", "a")
            outbox.enqueue_on_commit("baduxsite.tasks.ping", "b")
        notices = list(listener.notifies(timeout=5, stop_after=1))
        assert [n.channel for n in notices] == [outbox.OUTBOX_CHANNEL]
    finally:
        listener.close()


@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="NOTIFY is PostgreSQL's")
def test_on_postgresql_a_burst_of_commits_is_one_wake_and_one_gather_whatever_its_size():
    """Notices that arrive together (one per commit, hundreds a second on a busy site) wake
    the relay once: it gathers for RELAY_GATHER and takes them all, instead of waiting that
    long for each."""
    listener = outbox._listen()
    try:
        with connection.cursor() as cursor:
            for _ in range(200):
                cursor.execute(f"NOTIFY {outbox.OUTBOX_CHANNEL}")  # autocommit: one commit each
        time.sleep(0.2)  # all of them reach the listener's socket
        started = time.monotonic()
        outbox._wait_for_notice(listener, timeout=5)
        assert time.monotonic() - started < outbox.RELAY_GATHER + 1.0
        assert list(listener.notifies(timeout=0)) == []  # none left for a later wake
        started = time.monotonic()
        outbox._wait_for_notice(listener, timeout=0.3)  # no commit: waits out its timeout
        assert time.monotonic() - started >= 0.25
    finally:
        listener.close()
