"""The metrics URL (baduxsite/metrics.py): 404 without a token configured, 401 without the right
bearer token, 200 with it; and our counters (core/metrics.py) move when a move is played, a move
is refused, a notice goes out, a sweep runs, a mail is sent or fails."""

from __future__ import annotations

import datetime as dt

import pytest
from celery import shared_task
from django.core.mail import EmailMessage
from django.urls import reverse
from django.utils import timezone
from prometheus_client import REGISTRY

from core.mail import TransientMailError, message_send
from games.game_settings import GameSettings
from games.services import play
from games.tasks.play import sweep_clocks

pytestmark = pytest.mark.django_db

TOKEN = "scraper-token-123"  # noqa: S105


def _value(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def _scrape(client) -> str:
    response = client.get(reverse("metrics"), HTTP_AUTHORIZATION=f"Bearer {TOKEN}")
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def token(settings) -> str:
    settings.METRICS_TOKEN = TOKEN
    return TOKEN


def test_without_a_token_configured_the_url_does_not_exist(client, settings):
    settings.METRICS_TOKEN = ""
    settings.DEBUG = False

    assert client.get(reverse("metrics")).status_code == 404
    assert client.get(reverse("metrics"), HTTP_AUTHORIZATION="Bearer ").status_code == 404


@pytest.mark.parametrize("header", [None, "Bearer wrong", f"Basic {TOKEN}", TOKEN, "Bearer"])
def test_without_the_right_bearer_token_the_answer_is_401(client, token, header):
    extra = {} if header is None else {"HTTP_AUTHORIZATION": header}

    response = client.get(reverse("metrics"), **extra)

    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith("Bearer")
    assert b"badux_" not in response.content


def test_with_the_token_the_metrics_are_served(client, token):
    text = _scrape(client)

    for family in (
        "django_http_requests_total_by_method_total",
        "badux_state_up 1.0",
        "badux_outbox_rows",
        "badux_outbox_lag_seconds",
    ):
        assert family in text


@pytest.fixture
def game(user_factory):
    black, white = user_factory(), user_factory()
    return play.game_start(
        black=black,
        white=white,
        settings=GameSettings(board_kind="hex", board_size=6),
        now=timezone.now(),
    )


def test_a_move_moves_the_counters(client, token, game, django_capture_on_commit_callbacks):
    moves = _value("badux_moves_total", board="hex 6")
    runs = _value("badux_celery_task_runs_total", task="games.notify_turn")
    notices = _value("badux_notice_latency_seconds_count", event="your_turn", stage="recorded")
    client.force_login(game.black)

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("games:move", args=[game.pk]), {"point": "A1", "move_number": "0"}
        )

    assert response.status_code == 302
    assert _value("badux_moves_total", board="hex 6") == moves + 1
    assert _value("badux_celery_task_runs_total", task="games.notify_turn") == runs + 1
    assert (
        _value("badux_notice_latency_seconds_count", event="your_turn", stage="recorded")
        == notices + 1
    )
    assert 'badux_active_games{board="hex 6"} 1.0' in _scrape(client)


def test_a_refused_move_is_counted_by_its_code(client, token, game):
    game = play.game_move(
        game_id=game.pk, user=game.black, point="A1", expected_move_number=0, now=timezone.now()
    )
    refused = _value("badux_refusals_total", code="occupied")
    moves = _value("badux_moves_total", board="hex 6")
    client.force_login(game.white)

    client.post(reverse("games:move", args=[game.pk]), {"point": "A1", "move_number": "1"})

    assert _value("badux_refusals_total", code="occupied") == refused + 1
    assert _value("badux_moves_total", board="hex 6") == moves


def test_a_sweep_is_timed_and_counts_the_games_it_ended(game):
    runs = _value("badux_sweep_duration_seconds_count", sweep="games.sweep_clocks")
    swept = _value("badux_sweep_games_total", sweep="games.sweep_clocks")
    game.deadline = timezone.now() - dt.timedelta(minutes=1)
    game.save(update_fields=["deadline"])

    result = sweep_clocks.delay().get()

    assert result["timed_out"] == 1
    assert _value("badux_sweep_duration_seconds_count", sweep="games.sweep_clocks") == runs + 1
    assert _value("badux_sweep_games_total", sweep="games.sweep_clocks") == swept + sum(
        result.values()
    )


def test_mail_sent_and_failed_are_counted(settings, mailoutbox):
    sent = _value("badux_mail_sent_total")
    failed = _value("badux_mail_failed_total", kind="transient")

    message_send(EmailMessage("Hello", "Body", to=["someone@example.org"]))
    assert _value("badux_mail_sent_total") == sent + 1

    # A mail server that refuses the connection: nothing listens on port 1.
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", 1
    with pytest.raises(TransientMailError):
        message_send(EmailMessage("Hello", "Body", to=["someone@example.org"]))
    assert _value("badux_mail_failed_total", kind="transient") == failed + 1
    assert _value("badux_mail_sent_total") == sent + 1


@shared_task(name="tests.metrics_always_fails")
def _always_fails() -> None:
    raise RuntimeError("this task always fails")


def test_task_runs_and_failures_are_counted_by_name():
    name = "tests.metrics_always_fails"
    runs = _value("badux_celery_task_runs_total", task=name)
    failures = _value("badux_celery_task_failures_total", task=name)

    # As a worker runs it: the error is recorded, not raised to the caller.
    result = _always_fails.apply(throw=False)

    assert isinstance(result.result, RuntimeError)

    assert _value("badux_celery_task_runs_total", task=name) == runs + 1
    assert _value("badux_celery_task_failures_total", task=name) == failures + 1
