"""Vacation: the balance, clocks stopping and restarting mid-move, games that forbid it, the
automatic end when the balance runs out, and the vacation page."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from games import clock
from games.errors import GameActionError
from games.models import GameStatus, Vacation
from games.selectors import play as selectors
from games.selectors import vacations as vacations_selectors
from games.services import sweeps, vacations
from rules import BLACK, WHITE
from tests.games.conftest import NOW, play

DAY = dt.timedelta(days=1)
HOUR = dt.timedelta(hours=1)


def test_a_vacation_stops_the_clock_mid_move_and_restarts_it_with_the_time_left(
    game_factory, black
):
    game = game_factory(clock_days=3)  # Black to move, deadline NOW + 3 d

    vacations.vacation_start(user=black, now=NOW + DAY)
    game.refresh_from_db()
    assert (game.deadline, game.warn_at, game.clock_left) == (None, None, 2 * DAY)
    assert game.clock_stopped
    clocks = selectors.game_clocks(game=game, now=NOW + 2 * DAY)
    assert (clocks[BLACK].left, clocks[BLACK].stopped) == (2 * DAY, True)
    # The sweep leaves a stopped game alone, however late.
    assert sweeps.games_time_out_overdue(now=NOW + 5 * DAY) == 0

    row = vacations.vacation_stop(user=black, now=NOW + 4 * DAY)
    game.refresh_from_db()
    assert game.deadline == NOW + 4 * DAY + 2 * DAY
    assert game.warn_at == NOW + 4 * DAY + 2 * DAY - 3 * DAY * 0.2
    assert row.balance == clock.vacation_initial() - 3 * DAY
    assert not row.active
    state = vacations_selectors.vacation_state(user=black, now=NOW + 4 * DAY)
    assert (state.balance, state.active) == (4 * DAY, False)


def test_the_opponents_move_leaves_a_player_on_vacation_with_a_stopped_clock(game_factory, white):
    vacations.vacation_start(user=white, now=NOW)
    game = game_factory(
        clock_days=3, clock_kind="fischer", clock_increment_days=1, clock_cap_days=7
    )
    game = play(game, "E5", NOW + HOUR)
    assert game.to_move == WHITE
    assert (game.deadline, game.clock_left) == (None, 3 * DAY)
    # White plays during the vacation: no time was used, the bank grows by the increment.
    game = play(game, "C3", NOW + 2 * DAY)
    assert game.white_bank == 4 * DAY
    assert game.deadline == NOW + 2 * DAY + game.black_bank
    vacations.vacation_stop(user=white, now=NOW + 3 * DAY)


def test_games_that_forbid_vacations_keep_running(game_factory, black):
    strict = game_factory(clock_days=3, vacation_allowed=False)
    vacations.vacation_start(user=black, now=NOW + DAY)
    strict.refresh_from_db()
    assert strict.deadline == NOW + 3 * DAY
    assert sweeps.games_time_out_overdue(now=NOW + 3 * DAY) == 1
    strict.refresh_from_db()
    assert strict.result == "W+T"


def test_the_sweep_ends_a_vacation_when_the_balance_runs_out(game_factory, black):
    game = game_factory(clock_days=3)
    vacations.vacation_start(user=black, now=NOW)  # 7 days of balance
    until = NOW + clock.vacation_initial()
    assert vacations.vacations_end_due(now=until - HOUR) == 0
    # The sweep runs 10 minutes late: the clock restarts from the end of the balance.
    swept = sweeps.clocks_sweep(now=until + 10 * dt.timedelta(minutes=1))
    assert swept["vacations_ended"] == 1 and swept["timed_out"] == 0
    game.refresh_from_db()
    assert game.deadline == until + 3 * DAY
    row = Vacation.objects.get(user=black)
    assert (row.balance, row.balance_at, row.active) == (dt.timedelta(0), until, False)
    with pytest.raises(ValidationError, match="at least one day"):
        vacations.vacation_start(user=black, now=until + DAY)


def test_an_overdue_game_is_not_saved_by_a_late_vacation(game_factory, black):
    game = game_factory(clock_days=1)
    vacations.vacation_start(user=black, now=NOW + 2 * DAY)
    game.refresh_from_db()
    assert game.deadline == NOW + DAY
    assert sweeps.games_time_out_overdue(now=NOW + 2 * DAY) == 1


def test_starting_twice_or_stopping_when_not_away_is_refused(black):
    vacations.vacation_start(user=black, now=NOW)
    with pytest.raises(GameActionError, match="already on vacation"):
        vacations.vacation_start(user=black, now=NOW + HOUR)
    vacations.vacation_stop(user=black, now=NOW + 2 * HOUR)
    with pytest.raises(GameActionError, match="not on vacation"):
        vacations.vacation_stop(user=black, now=NOW + 3 * HOUR)


def test_vacation_days_accrue_between_vacations(black):
    vacations.vacation_start(user=black, now=NOW)
    vacations.vacation_stop(user=black, now=NOW + 7 * DAY)  # all used
    half_year = NOW + 7 * DAY + dt.timedelta(days=365 / 2)
    state = vacations_selectors.vacation_state(user=black, now=half_year)
    assert state.balance == clock.VACATION_DAYS_PER_YEAR * DAY / 2
    assert state.can_start


def test_the_vacation_page_starts_and_stops_a_vacation(client, game_factory, black):
    game = game_factory(clock_days=3, now=timezone.now())
    client.force_login(black)
    page = client.get(reverse("games:vacation"))
    assert page.status_code == 200
    assert b"Your balance: 7 days" in page.content
    assert b'href="/games/vacation/" aria-current="page">Vacation</a>' in page.content

    response = client.post(reverse("games:vacation"), {"action": "start"}, follow=True)
    assert b"Your vacation has started" in response.content
    assert b"Your clock is stopped in 1 game where it is your turn" in response.content
    game.refresh_from_db()
    assert game.deadline is None and game.status == GameStatus.PLAYING
    board = client.get(reverse("games:board", args=[game.pk]))
    assert b"stopped: on vacation" in board.content
    status = client.get(reverse("games:status"))
    assert b"the clock is stopped: you are on vacation" in status.content

    again = client.post(reverse("games:vacation"), {"action": "start"}, follow=True)
    assert b"You are already on vacation." in again.content
    response = client.post(reverse("games:vacation"), {"action": "stop"}, follow=True)
    assert b"Welcome back" in response.content
    game.refresh_from_db()
    assert game.deadline is not None
    bad = client.post(reverse("games:vacation"), {"action": "nap"}, follow=True)
    assert b"Choose to start or to stop" in bad.content


def test_the_vacation_page_needs_a_login(client):
    response = client.get(reverse("games:vacation"))
    assert response.status_code == 302
    assert "/accounts/login/" in response.url
