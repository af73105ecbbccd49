"""The catch-up sweep of lost notices (beat, every 2 minutes): a "your turn" or game-over notice
whose task died with its worker is queued again, once it is overdue; nothing is doubled."""

from __future__ import annotations

import datetime as dt

import pytest
from django.conf import settings
from django.utils import timezone

from games.selectors.play import notices_missing
from games.services import play as play_service
from games.tasks.play import notices_sweep
from messaging.models import Notification
from tests.games.conftest import NOW

GRACE = dt.timedelta(seconds=settings.GAMES_NOTICES_SWEEP_GRACE)

pytestmark = pytest.mark.django_db

LATER = NOW + dt.timedelta(minutes=10)


def _lose_notices() -> None:
    """As if every notice task so far had died with its worker."""
    Notification.objects.all().delete()


def test_a_turn_without_its_notice_is_found_once_overdue(game_factory, white):
    game = game_factory(moves=("E5",))
    _lose_notices()

    assert notices_missing(now=NOW + GRACE / 2) == ([], [])  # maybe still on its way
    assert notices_missing(now=LATER) == ([(game.pk, 1)], [])


def test_a_turn_whose_notice_arrived_is_left_alone(
    game_factory, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):  # the notice tasks run
        game_factory(moves=("E5", "D4"))

    assert notices_missing(now=LATER) == ([], [])


def test_a_game_started_without_its_first_notice_is_found(game_factory):
    game = game_factory()
    _lose_notices()

    assert notices_missing(now=LATER) == ([(game.pk, 0)], [])


def test_an_end_told_to_one_player_only_is_found(game_factory, black):
    game = game_factory(moves=("E5",))
    play_service.game_resign(game_id=game.pk, user=black, expected_move_number=None, now=NOW)
    Notification.objects.filter(user=black, key=f"game_over:{game.pk}").delete()

    assert notices_missing(now=LATER) == ([], [game.pk])


def test_what_is_older_than_a_day_is_not_swept(game_factory):
    game_factory()
    _lose_notices()

    assert notices_missing(now=NOW + dt.timedelta(days=2)) == ([], [])


def test_the_beat_task_sends_the_lost_notices_and_a_second_run_finds_none(
    game_factory, black, white, django_capture_on_commit_callbacks
):
    past = timezone.now() - dt.timedelta(minutes=5)
    running = game_factory(now=past, moves=("E5",))
    over = game_factory(now=past, moves=("E5",))
    play_service.game_resign(game_id=over.pk, user=white, expected_move_number=None, now=past)
    _lose_notices()

    with django_capture_on_commit_callbacks(execute=True):
        assert notices_sweep.delay().get() == {"turns": 1, "game_overs": 1}

    assert Notification.objects.get(key=f"turn:{running.pk}:1").user == white
    assert set(
        Notification.objects.filter(key=f"game_over:{over.pk}").values_list("user", flat=True)
    ) == {black.pk, white.pk}
    with django_capture_on_commit_callbacks(execute=True) as queued:
        assert notices_sweep.delay().get() == {"turns": 0, "game_overs": 0}
    assert queued == []
