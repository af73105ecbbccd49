"""Byo-yomi and absolute clocks in the game services and on the page: Japanese periods used up
and counted down move by move, Canadian moves in a period, absolute time, the time-out sweep,
the 80 % warning, the weekend pause and a vacation in the middle of a move. `now` is injected;
the arithmetic itself is tested in test_clock.py. And the opponent's pass, announced."""

from __future__ import annotations

import datetime as dt

from django.urls import reverse

from games.models import EndReason, GameStatus
from games.selectors.play import game_clocks
from games.services import sweeps, vacations
from messaging.notifications.models import Notification
from rules import BLACK, WHITE
from tests.games.conftest import play

DAY = dt.timedelta(days=1)
HOUR = dt.timedelta(hours=1)
MONDAY = dt.datetime(2026, 3, 2, 9, 0, tzinfo=dt.UTC)
MOVES = ("E5", "C3", "G7", "C7", "G3", "E3", "E7", "C5", "G5", "D4")
JAPANESE = {"clock_kind": "japanese", "clock_days": 2, "clock_periods": 3, "clock_period_days": 1}
CANADIAN = {
    "clock_kind": "canadian",
    "clock_days": 2,
    "clock_period_moves": 5,
    "clock_period_days": 3,
}


def test_japanese_byoyomi_main_time_then_periods_counted_down(game_factory):
    #   main 2 d + 3 x 1 d: the first deadline is 5 days away for both players.
    game = game_factory(now=MONDAY, **JAPANESE)
    assert game.deadline == MONDAY + 5 * DAY
    assert (game.black_bank, game.black_periods) == (2 * DAY, 3)
    now = MONDAY + DAY
    game = play(game, MOVES[0], now)  # Black used 1 d of main time
    assert (game.black_bank, game.black_periods) == (DAY, 3)
    game = play(game, MOVES[1], now := now + HOUR)  # White: 1 h
    # Black takes 2 d 12 h: main time gone (1 d) and one full period (1 d): 2 periods left.
    game = play(game, MOVES[2], now := now + 2 * DAY + 12 * HOUR)
    assert (game.black_bank, game.black_periods) == (dt.timedelta(0), 2)
    game = play(game, MOVES[3], now := now + HOUR)
    # Black's next move has the 2 periods left.
    assert game.deadline == now + 2 * DAY
    clocks = game_clocks(game=game, now=now + 30 * HOUR)  # 1 d 6 h in: one more period gone
    assert clocks[BLACK].left == 18 * HOUR
    assert clocks[BLACK].byoyomi.periods == 1
    assert clocks[BLACK].detail == "byo-yomi: the last period of 1 day"
    # A move within a period keeps both periods.
    game = play(game, MOVES[4], now := now + 20 * HOUR)
    assert game.black_periods == 2
    assert game_clocks(game=game, now=now)[BLACK].detail == "byo-yomi: 2 periods of 1 day left"
    assert game_clocks(game=game, now=now)[WHITE].detail == (
        "in all: main time 1 day 22 hours, then 3 × 1 day byo-yomi"
    )


def test_japanese_byoyomi_the_last_period_used_up_loses_on_time(game_factory):
    game = game_factory(now=MONDAY, **JAPANESE)
    # Black's 2 d + 3 periods run out 5 days later: the sweep ends the game W+T.
    assert sweeps.games_time_out_overdue(now=MONDAY + 5 * DAY - HOUR) == 0
    assert sweeps.games_time_out_overdue(now=MONDAY + 5 * DAY) == 1
    game.refresh_from_db()
    assert (game.status, game.end_reason, game.result) == (
        GameStatus.FINISHED,
        EndReason.TIMEOUT,
        "W+T",
    )


def test_canadian_byoyomi_moves_in_a_period(game_factory):
    #   main 2 d, then 5 moves in 3 d.
    game = game_factory(now=MONDAY, **CANADIAN)
    assert game.deadline == MONDAY + 5 * DAY
    now = MONDAY + 3 * DAY  # Black: main time gone and 1 d of the first period
    game = play(game, MOVES[0], now)
    assert (game.black_bank, game.black_period_left, game.black_moves_left) == (
        dt.timedelta(0),
        2 * DAY,
        4,
    )
    assert game_clocks(game=game, now=now)[BLACK].detail == "byo-yomi: 4 moves in 2 days"
    for number in range(1, 9):  # White moves at once; Black takes 6 h for each
        now += HOUR if number % 2 else 6 * HOUR
        game = play(game, MOVES[number], now)
    # Black played 4 more moves in 18 h: the period is done, a fresh one of 5 moves in 3 d.
    assert (game.black_period_left, game.black_moves_left) == (3 * DAY, 5)


def test_absolute_time_counts_down_over_the_whole_game(game_factory):
    game = game_factory(now=MONDAY, clock_kind="absolute", clock_days=7)
    game = play(game, MOVES[0], MONDAY + 3 * DAY)
    game = play(game, MOVES[1], MONDAY + 3 * DAY + HOUR)
    # Black has 4 days left for the rest of the game, whatever the number of moves.
    assert game.deadline == MONDAY + 3 * DAY + HOUR + 4 * DAY
    assert sweeps.games_time_out_overdue(now=game.deadline) == 1


def test_the_warning_comes_at_80_percent_of_the_byoyomi_moves_time(game_factory, mailoutbox):
    game = game_factory(now=MONDAY, **JAPANESE)  # 5 days for Black's first move
    assert game.warn_at == MONDAY + 4 * DAY
    assert sweeps.games_warn_due(now=MONDAY + 4 * DAY - HOUR) == 0
    assert sweeps.games_warn_due(now=MONDAY + 4 * DAY) == 1


def test_a_weekend_does_not_count_against_a_byoyomi_period(game_factory):
    friday = dt.datetime(2026, 3, 6, 12, 0, tzinfo=dt.UTC)
    game = game_factory(now=friday, weekend_pause=True, **JAPANESE)
    # 5 counted days from Friday noon: Friday afternoon, then Monday to Thursday noon... and
    # the next weekend does not count either: the deadline is Friday noon a week later.
    assert game.deadline == dt.datetime(2026, 3, 13, 12, 0, tzinfo=dt.UTC)
    # Black moves on Tuesday at noon: 2 counted days used (Friday half, Monday, Tuesday half),
    # all of it main time.
    game = play(game, MOVES[0], dt.datetime(2026, 3, 10, 12, 0, tzinfo=dt.UTC))
    assert (game.black_bank, game.black_periods) == (dt.timedelta(0), 3)


def test_a_vacation_in_the_middle_stops_the_byoyomi_clock(game_factory, black):
    game = game_factory(now=MONDAY, **JAPANESE)  # Black to move, 5 d
    vacations.vacation_start(user=black, now=MONDAY + DAY)  # 1 d used, 4 d left
    game.refresh_from_db()
    assert (game.deadline, game.clock_left) == (None, 4 * DAY)
    assert sweeps.games_time_out_overdue(now=MONDAY + 6 * DAY) == 0
    vacations.vacation_stop(user=black, now=MONDAY + 4 * DAY)
    game.refresh_from_db()
    assert game.deadline == MONDAY + 8 * DAY
    # Black moves 2 d after coming back: 3 d used in all, 1 d of main time over: one period.
    game = play(game, MOVES[0], MONDAY + 6 * DAY)
    assert (game.black_bank, game.black_periods) == (dt.timedelta(0), 2)


def test_the_board_and_the_new_game_form_show_byoyomi(client, black, game_factory):
    client.force_login(black)
    response = client.post(
        reverse("games:new"),
        {
            "game": "square-9",
            "handicap": 0,
            "colour": "random",
            "clock_kind": "canadian",
            "clock_days": 5,
            "clock_period_moves": 10,
            "clock_period_days": 7,
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    game = game_factory(**JAPANESE)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "2 d + 3 × 1 d byo-yomi" in page
    assert "then 3 × 1 day byo-yomi" in page


def test_the_opponents_pass_is_announced_on_the_board_and_in_the_notice(
    client, black, white, game_factory, django_capture_on_commit_callbacks
):
    game = game_factory(moves=("E5",))
    with django_capture_on_commit_callbacks(execute=True):
        game = play(game, "pass", MONDAY)  # White passes; Black to move
    client.force_login(black)
    page = client.get(game.get_absolute_url()).content.decode()
    assert f"<strong>{white.username} passed.</strong>" in page
    assert "If you pass too, the game ends and is counted" in page
    client.force_login(white)
    assert (
        "You passed. If your opponent passes too"
        in client.get(game.get_absolute_url()).content.decode()
    )
    notice = Notification.objects.get(user=black, key=f"turn:{game.pk}:2")
    assert f"{white.username} passed (move 2)" in notice.text
