"""Logs (settings.LOGGING, core/request_ids.py): JSON lines in production, plain in development,
each line with the id of its request (X-Request-ID, or a new one), which goes into the tasks the
request queues (the outbox row, the Celery header, bound again in the worker)."""

from __future__ import annotations

import io
import json
import logging
import logging.config

import pytest
from celery.signals import setup_logging
from django.conf import settings as django_settings
from django.urls import reverse
from django.utils import timezone

from baduxsite.celery import _task_finished, _task_started
from baduxsite.settings.logs import logging_config
from core.models import OutboxTask
from core.outbox import _headers
from core.request_ids import TASK_HEADER, request_id_get
from core.tasks import heartbeat
from games.game_settings import GameSettings
from games.services import play
from tests.site.helpers import PROD_ENV, settings_values


@pytest.fixture
def json_logs():
    """The production configuration, its one handler writing to a buffer of this test; yields
    a function returning the lines written so far, parsed."""
    logging.config.dictConfig(logging_config(level="INFO", json=True))
    buffer = io.StringIO()
    [handler] = logging.getLogger().handlers
    handler.setStream(buffer)
    yield lambda: [json.loads(line) for line in buffer.getvalue().splitlines()]
    logging.config.dictConfig(django_settings.LOGGING)


@pytest.mark.slow  # loads each settings module in a child process
def test_production_logs_json_and_development_plain_text():
    prod = settings_values("baduxsite.settings.prod", ["LOGGING"], **PROD_ENV)["LOGGING"]
    dev = settings_values("baduxsite.settings.dev", ["LOGGING"])["LOGGING"]

    assert prod["handlers"]["stdout"]["formatter"] == "json"
    assert dev["handlers"]["stdout"]["formatter"] == "plain"
    assert "request_id" in prod["handlers"]["stdout"]["filters"]


@pytest.mark.django_db
def test_a_json_log_line_carries_the_request_id_of_its_request(client, json_logs):
    response = client.get("/no-such-page/", HTTP_X_REQUEST_ID="edge-4f2a.17")

    assert response["X-Request-ID"] == "edge-4f2a.17"
    [line] = [line for line in json_logs() if line["logger"] == "django.request"]
    assert line["request_id"] == "edge-4f2a.17"
    assert line["level"] == "WARNING"
    assert line["message"] == "Not Found: /no-such-page/"
    assert set(line) >= {"time", "level", "logger", "process", "request_id", "message"}


@pytest.mark.django_db
def test_a_request_without_an_id_or_with_an_odd_one_gets_a_new_one(client, json_logs):
    plain = client.get("/no-such-page/")
    odd = client.get("/no-such-page/", HTTP_X_REQUEST_ID="bad id\n{json}")

    lines = [line for line in json_logs() if line["logger"] == "django.request"]
    ids = [plain["X-Request-ID"], odd["X-Request-ID"]]
    assert [line["request_id"] for line in lines] == ids
    assert all(len(value) == 32 and value.isalnum() for value in ids)
    assert ids[0] != ids[1]


@pytest.mark.django_db
def test_the_request_id_goes_into_the_tasks_the_request_queues(client, user_factory):
    black, white = user_factory(), user_factory()
    game = play.game_start(
        black=black,
        white=white,
        settings=GameSettings(board_kind="square", board_size=9),
        now=timezone.now(),
    )
    OutboxTask.objects.all().delete()
    client.force_login(black)

    client.post(
        reverse("games:move", args=[game.pk]),
        {"point": "E5", "move_number": "0"},
        HTTP_X_REQUEST_ID="move-req-1",
    )

    # The commit hook that would publish the rows does not run inside the test's transaction.
    rows = list(OutboxTask.objects.all())
    assert {row.task for row in rows} >= {"games.notify_turn"}
    assert {row.request_id for row in rows} == {"move-req-1"}
    assert _headers(rows[0]) == {TASK_HEADER: "move-req-1"}
    assert request_id_get() == ""  # the request is over


@pytest.mark.django_db
def test_a_worker_binds_the_id_of_the_task_it_runs(json_logs):
    heartbeat.push_request(headers={TASK_HEADER: "move-req-2"}, is_eager=False)
    try:
        _task_started(task=heartbeat)
        logging.getLogger("games").warning("inside the task")
        assert request_id_get() == "move-req-2"
        _task_finished(task=heartbeat)
    finally:
        heartbeat.pop_request()

    [line] = json_logs()
    assert (line["message"], line["request_id"]) == ("inside the task", "move-req-2")
    assert request_id_get() == ""


def test_workers_log_through_the_site_configuration_at_their_loglevel(settings):
    original = settings.LOGGING
    settings.LOGGING = logging_config(level="WARNING", json=True)
    try:
        # What Celery does as a worker or beat starts: `celery worker --loglevel INFO`.
        setup_logging.send(sender=None, loglevel=logging.INFO, logfile=None, format="")
        root = logging.getLogger()

        assert root.level == logging.INFO
        [handler] = root.handlers
        assert handler.formatter.__class__.__name__ == "JsonFormatter"
    finally:
        logging.config.dictConfig(original)
