"""A player who changes time zone keeps one clock: the deadline the sweep enforces and the
time left the board shows are both worked out in the new zone, and the change gains or loses
no time (games.services.zones through the accounts time-zone hook)."""

from __future__ import annotations

import datetime as dt

import pytest

from accounts.services import preferences_update
from games.models import Game, Vacation
from games.selectors.play import game_clocks
from games.services import sweeps
from rules import BLACK

pytestmark = pytest.mark.django_db

HOUR = dt.timedelta(hours=1)
MINUTE = dt.timedelta(minutes=1)
THURSDAY = dt.datetime(2026, 3, 5, 12, 0, tzinfo=dt.UTC)


def _move_to(user, zone: str, now: dt.datetime) -> None:
    preferences_update(
        user=user, time_zone=zone, board_theme="wood", show_coordinates=True, notify={}, now=now
    )


def _left(game: Game, at: dt.datetime) -> dt.timedelta:
    return game_clocks(game=game, now=at)[BLACK].left


def test_a_zone_change_moves_the_deadline_to_where_the_board_says_time_runs_out(
    game_factory, black
):
    black.time_zone = "Pacific/Auckland"
    black.save(update_fields=["time_zone"])
    game = game_factory(black=black, clock_days=3, weekend_pause=True, now=THURSDAY)
    old_deadline = game.deadline
    change = THURSDAY + 30 * HOUR  # Friday 18:00 UTC: already the weekend in Auckland
    left_before = _left(game, change)

    _move_to(black, "America/Los_Angeles", change)

    game.refresh_from_db()
    assert game.deadline != old_deadline
    assert _left(game, change) == left_before  # no time gained or lost by the change
    assert (game.clock_started, game.clock_left) == (change, left_before)
    # The board and the sweep agree: time left until the deadline, none after it.
    for at in (change + HOUR, game.deadline - HOUR, game.deadline - MINUTE):
        assert _left(game, at) > dt.timedelta(0)
        assert sweeps.games_time_out_overdue(now=at) == 0
    assert _left(game, game.deadline) == dt.timedelta(0)
    assert sweeps.games_time_out_overdue(now=game.deadline) == 1
    assert game.warn_at is not None and change < game.warn_at < game.deadline


def test_only_the_movers_running_clocks_with_the_weekend_pause_are_rescheduled(
    game_factory, black, user_factory
):
    plain = game_factory(black=black, clock_days=3, now=THURSDAY)
    waiting = game_factory(black=black, weekend_pause=True, moves=("E5",), now=THURSDAY)
    on_vacation = game_factory(
        black=user_factory(username="away"), weekend_pause=True, now=THURSDAY
    )
    before = {g.pk: (g.deadline, g.clock_started, g.clock_left) for g in (plain, waiting)}

    _move_to(black, "Asia/Tokyo", THURSDAY + HOUR)
    _move_to(black, "Asia/Tokyo", THURSDAY + 2 * HOUR)  # no change: nothing runs

    for game in (plain, waiting):
        game.refresh_from_db()
        assert (game.deadline, game.clock_started, game.clock_left) == before[game.pk]
    away = on_vacation.black
    Game.objects.filter(pk=on_vacation.pk).update(deadline=None, warn_at=None)
    Vacation.objects.create(
        user=away,
        balance=dt.timedelta(days=7),
        balance_at=THURSDAY,
        started=THURSDAY,
        until=THURSDAY + 7 * 24 * HOUR,
    )
    _move_to(away, "Asia/Tokyo", THURSDAY + HOUR)
    on_vacation.refresh_from_db()
    assert on_vacation.deadline is None  # a stopped clock restarts in the new zone anyway
