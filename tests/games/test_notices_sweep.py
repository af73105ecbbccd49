"""The catch-up sweep of lost notices (beat, every 2 minutes): a "your turn" or game-over notice
whose task died with its worker is queued again, once it is overdue; nothing is doubled."""

from __future__ import annotations

import datetime as dt

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.counting import JUDGE_PENDING
from games.models import Game
from games.selectors.play import NOTICE_OVERLAP, notices_missing, notices_missing_since
from games.services import play as play_service
from games.services.notices import notices_checked_get, notices_requeue
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


# The watermark: a sweep reads the games moved or ended since the last one ------------------


def _requeue(now: dt.datetime, captured: list | None = None) -> dict[str, int]:
    """The beat task's service at `now`; its statements appended to `captured`."""
    with CaptureQueriesContext(connection) as queries:
        swept = notices_requeue(now=now)
    if captured is not None:
        captured.extend(q["sql"] for q in queries.captured_queries)
    return swept


def test_a_sweep_finds_a_notice_lost_since_the_last_one(game_factory):
    game = game_factory()
    _lose_notices()
    assert _requeue(LATER) == {"turns": 1, "game_overs": 0}
    assert notices_checked_get() == NOW  # held at the turn still missing
    Notification.objects.create(user=game.black, key=f"turn:{game.pk}:0", created=NOW)

    game = play_service.game_move(
        game_id=game.pk, user=game.black, expected_move_number=0, point="E5", now=LATER
    )
    later = LATER + dt.timedelta(minutes=5)
    assert _requeue(later) == {"turns": 1, "game_overs": 0}  # White's notice never came
    assert notices_checked_get() == LATER


def test_a_sweep_passes_what_was_told_and_reads_it_again_only_without_its_mark(game_factory):
    game = game_factory()
    Notification.objects.create(user=game.black, key=f"turn:{game.pk}:0", created=NOW)
    first = NOW + NOTICE_OVERLAP + 2 * GRACE
    assert _requeue(first) == {"turns": 0, "game_overs": 0}
    assert notices_checked_get() == first - GRACE  # the whole window was seen told

    Notification.objects.all().delete()  # gone after it was seen: not the sweep's business
    second = first + dt.timedelta(minutes=2)
    assert _requeue(second) == {"turns": 0, "game_overs": 0}  # read from NOW + GRACE on
    cache.clear()  # the mark lost (Redis restarted, or down): the whole day is read again
    assert _requeue(second) == {"turns": 1, "game_overs": 0}


def test_a_notice_queued_again_and_lost_again_is_found_by_every_sweep(game_factory):
    game = game_factory(moves=("E5",))
    _lose_notices()
    for hours in (1, 2, 5):  # its task dies each time: the mark stays at the move
        assert notices_missing_since(
            now=NOW + dt.timedelta(hours=hours), checked=notices_checked_get()
        ).turns == [(game.pk, 1)]
        assert _requeue(NOW + dt.timedelta(hours=hours))["turns"] == 1
    assert notices_checked_get() == NOW


def test_more_missing_than_the_limit_leaves_the_mark_where_it_was(game_factory, user_factory):
    for i in range(3):
        game_factory(black=user_factory(username=f"b{i}"), white=user_factory(username=f"w{i}"))
    _lose_notices()
    found = notices_missing_since(now=LATER, checked=None, limit=2)
    assert len(found.turns) == 2 and found.checked is None  # the third not read yet
    assert notices_missing_since(now=LATER, checked=None, limit=4).checked == NOW


def test_a_count_waiting_for_its_judge_holds_the_mark_until_its_notice_goes_out(
    game_factory, black
):
    game = game_factory(moves=("E5",))
    play_service.game_resign(game_id=game.pk, user=black, expected_move_number=None, now=NOW)
    Game.objects.filter(pk=game.pk).update(score={"judge": JUDGE_PENDING})
    _lose_notices()
    assert _requeue(LATER) == {"turns": 0, "game_overs": 0}  # its notice waits for the verdict
    assert notices_checked_get() == NOW

    Game.objects.filter(pk=game.pk).update(score={"judge": "agreed"})  # its notice task lost
    assert _requeue(NOW + dt.timedelta(hours=3)) == {"turns": 0, "game_overs": 1}


def test_a_sweep_costs_the_same_statements_however_many_games_moved(game_factory, user_factory):
    counts = {}
    for n, running in ((1, 1), (8, 9)):
        for i in range(n):
            game_factory(
                black=user_factory(username=f"b{n}-{i}"), white=user_factory(username=f"w{n}-{i}")
            )
        _lose_notices()
        cache.clear()
        statements: list[str] = []
        assert _requeue(LATER, statements)["turns"] == running
        counts[n] = len(statements)
    assert counts[1] == counts[8] <= 4, counts  # two reads, one outbox INSERT per kind at most
