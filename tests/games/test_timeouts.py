"""Clocks in the game services: deadlines, Fischer banks, the weekend pause, the timeout sweep
(results B+T / W+T), a move that arrives too late, and the 80 % warning mail. `now` is
injected everywhere."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from games.errors import TimeRanOut
from games.game_settings import GameSettings
from games.models import Challenge, EndReason, GameStatus
from games.pages.sgf import game_sgf
from games.selectors.play import game_clocks
from games.services import challenges, sweeps
from games.services import play as play_service
from rules import BLACK, WHITE
from tests.games.conftest import NOW, play

DAY = dt.timedelta(days=1)
HOUR = dt.timedelta(hours=1)
MONDAY = dt.datetime(2026, 3, 2, 9, 0, tzinfo=dt.UTC)


def test_a_new_game_starts_the_first_movers_clock(game_factory):
    game = game_factory(clock_days=3)
    assert game.deadline == NOW + 3 * DAY
    assert (game.clock_started, game.clock_left) == (NOW, 3 * DAY)
    assert game.warn_at == NOW + 3 * DAY * 0.8


def test_days_per_move_give_each_move_the_full_time(game_factory):
    game = game_factory(clock_days=2)
    game = play(game, "E5", NOW + 36 * HOUR)
    assert game.deadline == NOW + 36 * HOUR + 2 * DAY
    clocks = game_clocks(game=game, now=NOW + 40 * HOUR)
    assert clocks[WHITE].left == 2 * DAY - 4 * HOUR
    assert clocks[BLACK].left == 2 * DAY  # what Black will have for the next move


def test_fischer_banks_what_is_left_plus_the_increment_up_to_the_cap(game_factory):
    game = game_factory(
        clock_kind="fischer", clock_days=7, clock_increment_days=3, clock_cap_days=14
    )
    assert (game.black_bank, game.white_bank, game.deadline) == (7 * DAY, 7 * DAY, NOW + 7 * DAY)
    game = play(game, "E5", NOW + 2 * DAY)  # Black used 2 of 7 days: 5 + 3
    assert game.black_bank == 8 * DAY
    assert game.deadline == NOW + 2 * DAY + 7 * DAY  # White's bank
    game = play(game, "C3", NOW + 2 * DAY + HOUR)  # White used an hour: 7 d - 1 h + 3 d
    assert game.white_bank == 10 * DAY - HOUR
    assert game.deadline == NOW + 2 * DAY + HOUR + 8 * DAY
    game = play(game, "G7", NOW + 2 * DAY + 2 * HOUR)  # 8 d - 1 h + 3 d
    assert game.black_bank == 11 * DAY - HOUR
    game = play(game, "C7", NOW + 2 * DAY + 3 * HOUR)  # 10 d - 2 h + 3 d
    assert game.white_bank == 13 * DAY - 2 * HOUR
    game = play(game, "G3", NOW + 2 * DAY + 4 * HOUR)  # 11 d - 2 h + 3 d
    assert game.black_bank == 14 * DAY - 2 * HOUR
    game = play(game, "E3", NOW + 2 * DAY + 5 * HOUR)  # 13 d - 3 h + 3 d: capped
    assert game.white_bank == 14 * DAY
    game = play(game, "E7", NOW + 2 * DAY + 6 * HOUR)  # 14 d - 3 h + 3 d: capped
    assert game.black_bank == 14 * DAY
    assert game.deadline == NOW + 2 * DAY + 6 * HOUR + 14 * DAY  # White's full bank


def test_the_weekend_pause_uses_the_movers_time_zone(game_factory, user_factory):
    tokyo = user_factory(username="tokyo", time_zone="Asia/Tokyo")
    york = user_factory(username="york", time_zone="America/New_York")
    friday = dt.datetime(2026, 3, 6, 14, 0, tzinfo=dt.UTC)  # Friday 23:00 in Tokyo
    game = game_factory(black=tokyo, white=york, clock_days=1, weekend_pause=True, now=friday)
    # Tokyo's hour left on Friday, then Monday 00:00 Tokyo (Sunday 15:00 UTC) plus 23 hours.
    assert game.deadline == dt.datetime(2026, 3, 9, 14, 0, tzinfo=dt.UTC)
    game = play(game, "E5", friday + HOUR)  # Saturday 00:00 in Tokyo, Friday 10:00 in New York
    # New York's 14 hours to Saturday 00:00 EST, then from Monday 00:00 EDT (04:00 UTC).
    assert game.deadline == dt.datetime(2026, 3, 9, 14, 0, tzinfo=dt.UTC)
    assert (
        game_clocks(game=game, now=dt.datetime(2026, 3, 8, 12, tzinfo=dt.UTC))[WHITE].left
        == 10 * HOUR
    )


def test_the_sweep_ends_overdue_games_on_time(game_factory, user_factory, mailoutbox):
    overdue_black = game_factory(clock_days=1)  # Black to move
    overdue_white = game_factory(clock_days=1, moves=("E5",))  # White to move
    running = game_factory(clock_days=3)
    late = NOW + DAY + HOUR

    assert sweeps.games_time_out_overdue(now=late, batch_size=1) == 2

    for game, result in ((overdue_black, "W+T"), (overdue_white, "B+T")):
        game.refresh_from_db()
        assert (game.status, game.end_reason, game.result) == (
            GameStatus.FINISHED,
            EndReason.TIMEOUT,
            result,
        )
        assert game.deadline is None
        assert game.finished == late
        assert f"RE[{result}]" in game_sgf(game=game)
    running.refresh_from_db()
    assert running.status == GameStatus.PLAYING
    # A second sweep finds nothing to do.
    assert sweeps.games_time_out_overdue(now=late) == 0


def test_a_timed_out_game_mails_both_players_after_the_commit(
    game_factory, django_capture_on_commit_callbacks, mailoutbox
):
    game = game_factory(clock_days=1)
    with django_capture_on_commit_callbacks(execute=True):
        ended = play_service.game_timeout(game_id=game.pk, now=NOW + 2 * DAY)
    assert ended.result == "W+T"
    assert sorted(m.to[0] for m in mailoutbox) == ["kuro@example.org", "shiro@example.org"]
    assert "W+T" in mailoutbox[0].subject
    # Not overdue, or already over: nothing happens.
    assert play_service.game_timeout(game_id=game.pk, now=NOW + 3 * DAY) is None
    fresh = game_factory(clock_days=1)
    assert play_service.game_timeout(game_id=fresh.pk, now=NOW + HOUR) is None


def test_a_move_after_the_deadline_ends_the_game_on_time(game_factory):
    game = game_factory(clock_days=1, moves=("E5",))
    with pytest.raises(TimeRanOut, match=r"ended on time \(B\+T\). Nothing was played"):
        play(game, "C3", NOW + DAY + 1 * HOUR)
    game.refresh_from_db()  # the timeout is committed; the move is not
    assert (game.result, game.end_reason, game.moves) == ("B+T", EndReason.TIMEOUT, "ee")
    with pytest.raises(TimeRanOut):
        play(game_factory(clock_days=1), "pass", NOW + 2 * DAY)


def test_a_move_just_before_the_deadline_counts(game_factory):
    game = game_factory(clock_days=1)
    game = play(game, "E5", NOW + DAY - dt.timedelta(seconds=1))
    assert game.status == GameStatus.PLAYING
    assert game.move_number == 1


def test_the_warning_mail_goes_out_once_per_move(
    game_factory, django_capture_on_commit_callbacks, mailoutbox
):
    game = game_factory(clock_days=5)
    assert sweeps.games_warn_due(now=NOW + 3 * DAY) == 0  # 60 % used
    with django_capture_on_commit_callbacks(execute=True):
        assert sweeps.games_warn_due(now=NOW + 4 * DAY + HOUR) == 1
    assert [m.to for m in mailoutbox] == [["kuro@example.org"]]
    assert "Time is running out against shiro" in mailoutbox[0].subject
    assert "Fri 6 Mar 2026, 12:00 UTC" in mailoutbox[0].body  # the deadline
    game.refresh_from_db()
    assert (game.warn_at, game.warned_move) == (None, 0)
    with django_capture_on_commit_callbacks(execute=True):
        assert sweeps.games_warn_due(now=NOW + 4 * DAY + 2 * HOUR) == 0
    assert len(mailoutbox) == 1

    # The next move has its own warning.
    game = play(game, "E5", NOW + 4 * DAY + 3 * HOUR)
    assert game.warn_at == NOW + 4 * DAY + 3 * HOUR + 4 * DAY
    with django_capture_on_commit_callbacks(execute=True):
        assert sweeps.games_warn_due(now=game.warn_at) == 1
    assert mailoutbox[-1].to == ["shiro@example.org"]


def test_a_late_warning_task_for_a_move_already_played_sends_nothing(
    game_factory, mailoutbox, django_capture_on_commit_callbacks
):
    from games.tasks.play import notify_timeout_warning

    game = game_factory(clock_days=5, moves=("E5",))
    assert notify_timeout_warning(game.pk, 0) is False
    with django_capture_on_commit_callbacks(execute=True):  # its mail half, at the commit
        assert notify_timeout_warning(game.pk, 1) is True
    assert mailoutbox[-1].to == ["shiro@example.org"]


def test_the_sweep_leaves_games_that_are_not_due_alone(game_factory, django_assert_num_queries):
    game_factory(clock_days=3)
    game_factory(clock_days=5)
    # The vacations, the timeouts (select + locks), the warnings and the lost counts: one
    # query each when nothing is due, however many games run (plus the transactions'
    # savepoints under the test's outer transaction).
    with django_assert_num_queries(8):
        assert sweeps.clocks_sweep(now=NOW + DAY) == {
            "vacations_ended": 0,
            "timed_out": 0,
            "warned": 0,
            "counts_queued": 0,
        }


def test_challenge_clock_options_carry_over_to_the_game(black, white):
    challenge = challenges.challenge_create(
        creator=black,
        now=NOW,
        creator_colour="black",
        settings=GameSettings(
            board_kind="square",
            board_size=9,
            ruleset="go-area",
            weekend_pause=True,
            vacation_allowed=False,
        ),
    )
    assert challenge.clock_label == "3 days per move, weekends free, no vacation"
    game = challenges.challenge_accept(challenge_id=challenge.pk, user=white, now=NOW)
    assert (game.weekend_pause, game.vacation_allowed) == (True, False)
    # NOW is a Sunday: Black's 3 days run Monday to Wednesday.
    assert game.deadline == dt.datetime(2026, 3, 5, 0, 0, tzinfo=dt.UTC)


def test_the_new_game_form_offers_the_clock_options(client, black):
    client.force_login(black)
    response = client.post(
        reverse("games:new"),
        {
            "game": "square-9",
            "ruleset": "go-area",
            "handicap": "0",
            "colour": "random",
            "clock_kind": "per_move",
            "clock_days": "3",
            "weekend_pause": "on",
        },
    )
    assert response.status_code == 302
    challenge = Challenge.objects.get(creator=black)
    assert (challenge.weekend_pause, challenge.vacation_allowed) == (True, False)


def _sweep_statements(call) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        call()
    return len(captured.captured_queries)


def _overdue_games(game_factory, user_factory, count: int) -> None:
    for i in range(count):
        black, white = (
            user_factory(username=f"b{count}-{i}"),
            user_factory(username=f"w{count}-{i}"),
        )
        game_factory(clock_days=1, black=black, white=white, moves=("E5",) * (i % 2))


def test_the_sweep_ends_each_game_in_a_few_statements(game_factory, user_factory):
    # What the ladder reads of a batch it reads once (games.hooks.games_ending); whether a
    # game has conditional moves or watchers comes with its lock: the statements grow by a
    # few per game, not by every lookup a game's end could need (was ~20 a game).
    late = NOW + DAY + HOUR
    counts = {}
    for n in (2, 6):
        _overdue_games(game_factory, user_factory, n)
        counts[n] = _sweep_statements(lambda: sweeps.games_time_out_overdue(now=late))
    assert (counts[6] - counts[2]) / 4 <= 6, counts


def test_the_warnings_of_a_batch_cost_the_same_statements_however_many(
    game_factory, user_factory, django_capture_on_commit_callbacks, mailoutbox
):
    counts = {}
    for n in (1, 5):
        _overdue_games(game_factory, user_factory, n)
        with django_capture_on_commit_callbacks(execute=True):
            counts[n] = _sweep_statements(
                lambda: sweeps.games_warn_due(now=NOW + 0.9 * DAY)  # noqa: B023
            )
    assert counts[1] == counts[5], counts
    assert len(mailoutbox) == 6  # each mover warned once
