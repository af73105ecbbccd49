"""games.clock: counted time with the weekend pause (time zones, DST), deadlines, the Fischer
bank, the 80 % warning and the vacation balance. Pure functions, `now` injected."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import clock

UTC = dt.UTC
DAY = dt.timedelta(days=1)
HOUR = dt.timedelta(hours=1)
PARIS = ZoneInfo("Europe/Paris")
TOKYO = ZoneInfo("Asia/Tokyo")
NEW_YORK = ZoneInfo("America/New_York")
ZONES = [UTC_ZONE := ZoneInfo("UTC"), PARIS, TOKYO, NEW_YORK, ZoneInfo("Pacific/Auckland")]


def at(text: str, tz: dt.tzinfo = UTC) -> dt.datetime:
    """'2026-03-06 12:00' in `tz`."""
    return dt.datetime.fromisoformat(text).replace(tzinfo=tz)


def test_without_the_weekend_pause_counted_time_is_real_time():
    start, end = at("2026-03-06 12:00"), at("2026-03-09 12:00")  # Friday to Monday
    assert clock.counted_time(start, end, tz=PARIS, weekend_pause=False) == 3 * DAY
    assert clock.add_counted_time(start, 3 * DAY, tz=PARIS, weekend_pause=False) == end


@pytest.mark.parametrize(
    ("start", "end", "tz", "counted"),
    [
        # Friday noon to Monday noon, UTC: only Friday afternoon and Monday morning count.
        ("2026-03-06 12:00", "2026-03-09 12:00", UTC_ZONE, DAY),
        # The same instants for a player in Tokyo: their weekend is 9 hours earlier.
        ("2026-03-06 12:00", "2026-03-09 12:00", TOKYO, DAY),
        # ... and in New York, whose weekend starts 5 hours later (EST) and, as the US moves to
        # summer time on Sunday 8 March, ends 4 hours later (EDT): a 47-hour weekend.
        ("2026-03-06 12:00", "2026-03-09 12:00", NEW_YORK, DAY + HOUR),
        # Friday 16:00 UTC is already Saturday 01:00 in Tokyo: nothing counts until Monday.
        ("2026-03-06 16:00", "2026-03-08 14:00", TOKYO, dt.timedelta(0)),
        # ... but in New York it is Friday 11:00 and the whole day still counts.
        ("2026-03-06 16:00", "2026-03-08 14:00", NEW_YORK, 13 * HOUR),
        # Entirely inside one weekend.
        ("2026-03-07 10:00", "2026-03-08 10:00", UTC_ZONE, dt.timedelta(0)),
        # Two full weeks: ten working days.
        ("2026-03-02 00:00", "2026-03-16 00:00", UTC_ZONE, 10 * DAY),
        # Monday to Friday, no weekend in between.
        ("2026-03-02 08:00", "2026-03-06 08:00", PARIS, 4 * DAY),
    ],
)
def test_weekends_in_the_movers_time_zone_do_not_count(start, end, tz, counted):
    assert clock.counted_time(at(start), at(end), tz=tz, weekend_pause=True) == counted


def test_a_weekend_with_the_spring_dst_change_lasts_47_real_hours():
    # Paris moves to summer time on Sunday 29 March 2026, 02:00 -> 03:00.
    friday, monday = at("2026-03-27 00:00", PARIS), at("2026-03-30 00:00", PARIS)
    assert monday.astimezone(UTC) - friday.astimezone(UTC) == 71 * HOUR
    assert clock.counted_time(friday, monday, tz=PARIS, weekend_pause=True) == DAY
    start, end = clock.weekend_at_or_after(friday, PARIS)
    assert end - start == 47 * HOUR
    # One day from Friday midnight ends at Monday midnight local time, not an hour off.
    assert clock.add_counted_time(friday, 2 * DAY, tz=PARIS, weekend_pause=True) == at(
        "2026-03-31 00:00", PARIS
    )


def test_a_weekend_with_the_autumn_dst_change_lasts_49_real_hours():
    # Paris goes back to winter time on Sunday 25 October 2026, 03:00 -> 02:00.
    friday, monday = at("2026-10-23 00:00", PARIS), at("2026-10-26 00:00", PARIS)
    assert monday.astimezone(UTC) - friday.astimezone(UTC) == 73 * HOUR
    assert clock.counted_time(friday, monday, tz=PARIS, weekend_pause=True) == DAY
    start, end = clock.weekend_at_or_after(friday, PARIS)
    assert end - start == 49 * HOUR


def test_a_deadline_skips_the_weekend():
    friday_noon = at("2026-03-06 12:00")
    assert clock.add_counted_time(friday_noon, DAY, tz=UTC_ZONE, weekend_pause=True) == at(
        "2026-03-09 12:00"
    )
    # Started during the weekend: the clock runs from Monday 00:00.
    saturday = at("2026-03-07 10:00")
    assert clock.add_counted_time(saturday, DAY, tz=UTC_ZONE, weekend_pause=True) == at(
        "2026-03-10 00:00"
    )
    # A deadline that would fall on Saturday 00:00 exactly stays there.
    assert clock.add_counted_time(at("2026-03-06 00:00"), DAY, tz=UTC_ZONE, weekend_pause=True) == (
        at("2026-03-07 00:00")
    )
    # 14 days from a Monday: two weekends skipped.
    assert clock.add_counted_time(
        at("2026-03-02 09:00"), 14 * DAY, tz=UTC_ZONE, weekend_pause=True
    ) == at("2026-03-20 09:00")


def test_no_time_left_means_the_deadline_is_the_start():
    saturday = at("2026-03-07 10:00")
    assert clock.add_counted_time(saturday, dt.timedelta(0), tz=PARIS, weekend_pause=True) == (
        saturday
    )
    assert clock.add_counted_time(saturday, -HOUR, tz=PARIS, weekend_pause=False) == saturday


@given(
    start=st.datetimes(
        min_value=dt.datetime(2020, 1, 1),  # noqa: DTZ001  (hypothesis wants naive bounds)
        max_value=dt.datetime(2030, 1, 1),  # noqa: DTZ001
        timezones=st.just(UTC),
    ),
    minutes=st.integers(min_value=0, max_value=60 * 24 * 60),
    tz=st.sampled_from(ZONES),
)
def test_counted_time_inverts_add_counted_time(start, minutes, tz):
    amount = dt.timedelta(minutes=minutes)
    deadline = clock.add_counted_time(start, amount, tz=tz, weekend_pause=True)
    assert deadline >= start + amount
    assert clock.counted_time(start, deadline, tz=tz, weekend_pause=True) == amount


def test_time_left_never_goes_below_zero():
    started = at("2026-03-02 09:00")
    left = clock.time_left(
        left_at_start=DAY, started=started, now=started + 5 * HOUR, tz=PARIS, weekend_pause=False
    )
    assert left == 19 * HOUR
    late = clock.time_left(
        left_at_start=DAY, started=started, now=started + 3 * DAY, tz=PARIS, weekend_pause=False
    )
    assert late == dt.timedelta(0)


@pytest.mark.parametrize(
    ("left", "increment", "cap", "bank"),
    [
        (5 * DAY, 2 * DAY, 14 * DAY, 7 * DAY),  # left plus increment
        (13 * DAY, 2 * DAY, 14 * DAY, 14 * DAY),  # capped
        (14 * DAY, 7 * DAY, 14 * DAY, 14 * DAY),  # a full bank stays full
        (dt.timedelta(0), DAY, 7 * DAY, DAY),  # moved at the last second
        (-HOUR, DAY, 7 * DAY, DAY),  # never less than the increment
    ],
)
def test_the_fischer_bank_adds_the_increment_up_to_the_cap(left, increment, cap, bank):
    assert clock.fischer_bank(left=left, increment=increment, cap=cap) == bank


def test_the_warning_comes_when_80_percent_of_the_moves_time_is_used():
    started = at("2026-03-02 09:00")  # Monday
    assert (
        clock.warn_at(
            budget=5 * DAY, left_at_start=5 * DAY, started=started, tz=PARIS, weekend_pause=False
        )
        == started + 4 * DAY
    )
    # With the weekend pause, Monday + 4 counted days is still Friday 09:00.
    assert clock.warn_at(
        budget=5 * DAY, left_at_start=5 * DAY, started=started, tz=UTC_ZONE, weekend_pause=True
    ) == at("2026-03-06 09:00")
    # Back from vacation with less than 20 % left: warn at once.
    assert (
        clock.warn_at(
            budget=5 * DAY, left_at_start=HOUR, started=started, tz=PARIS, weekend_pause=False
        )
        == started
    )


def test_vacation_days_accrue_up_to_the_cap():
    since = at("2026-01-01 00:00")
    half_year = clock.vacation_accrued(balance=dt.timedelta(0), since=since, now=since + 365 * DAY)
    assert half_year == clock.VACATION_DAYS_PER_YEAR * DAY
    assert (
        clock.vacation_accrued(balance=clock.vacation_initial(), since=since, now=since + 73 * DAY)
        == clock.vacation_initial() + clock.VACATION_DAYS_PER_YEAR * DAY / 5
    )
    assert clock.vacation_accrued(balance=25 * DAY, since=since, now=since + 365 * DAY) == (
        clock.VACATION_CAP_DAYS * DAY
    )
    assert clock.vacation_accrued(balance=3 * DAY, since=since, now=since - DAY) == 3 * DAY


def test_an_unknown_time_zone_counts_as_utc():
    assert clock.zone("Europe/Paris") == PARIS
    assert clock.zone("") == UTC_ZONE
    assert clock.zone("Mars/Olympus_Mons") == UTC_ZONE


# Time controls: explicit clocks, one player's time move by move. -------------------------------

JAPANESE = clock.TimeControl(kind=clock.JAPANESE, main=7 * DAY, periods=3, period=DAY)
CANADIAN = clock.TimeControl(kind=clock.CANADIAN, main=7 * DAY, period=5 * DAY, period_moves=5)
ABSOLUTE = clock.TimeControl(kind=clock.ABSOLUTE, main=30 * DAY)
FISCHER = clock.TimeControl(kind=clock.FISCHER, main=3 * DAY, increment=DAY, cap=7 * DAY)
PER_MOVE = clock.TimeControl(kind=clock.PER_MOVE, main=3 * DAY)


def play(control: clock.TimeControl, *moves: dt.timedelta) -> clock.PlayerTime:
    """The player's time after moves that took these counted times, from the start."""
    state = clock.player_time_initial(control)
    for used in moves:
        assert not clock.is_out_of_time(control, state, used), used
        state = clock.after_move(control, state, used)
    return state


def test_days_per_move_gives_the_same_time_for_every_move():
    state = play(PER_MOVE, 2 * DAY, 3 * DAY - HOUR)
    assert clock.turn_time(PER_MOVE, state) == 3 * DAY
    assert clock.is_out_of_time(PER_MOVE, state, 3 * DAY)


def test_fischer_banks_what_is_left_plus_the_increment():
    #   bank 3 d -> move in 1 d -> 2 d + 1 d = 3 d -> move in 1 h -> 3 d - 1 h + 1 d
    state = play(FISCHER, DAY, HOUR)
    assert clock.turn_time(FISCHER, state) == 4 * DAY - HOUR
    # ... and never more than the cap.
    assert clock.turn_time(FISCHER, play(FISCHER, *[HOUR] * 10)) == 7 * DAY


def test_absolute_time_counts_down_over_the_whole_game():
    #   30 d: moves of 10 d, 10 d, 9 d leave 1 d; the next move must come within it.
    state = play(ABSOLUTE, 10 * DAY, 10 * DAY, 9 * DAY)
    assert clock.turn_time(ABSOLUTE, state) == DAY
    assert not clock.is_out_of_time(ABSOLUTE, state, DAY - HOUR)
    assert clock.is_out_of_time(ABSOLUTE, state, DAY)
    assert clock.after_move(ABSOLUTE, state, 2 * DAY) == clock.PlayerTime(main=clock.ZERO)


def test_japanese_byoyomi_main_time_then_periods_counted_down():
    #   main 7 d + 3 x 1 d
    start = clock.player_time_initial(JAPANESE)
    assert clock.turn_time(JAPANESE, start) == 10 * DAY
    # 6 days of main time used: 1 d main left, periods untouched.
    state = play(JAPANESE, 6 * DAY)
    assert (state.main, state.periods) == (DAY, 3)
    assert not state.in_byoyomi
    # The next move takes 1 d 12 h: main time gone, half of the first period, which is kept.
    state = play(JAPANESE, 6 * DAY, DAY + 12 * HOUR)
    assert (state.main, state.periods, state.in_byoyomi) == (clock.ZERO, 3, True)
    assert clock.turn_time(JAPANESE, state) == 3 * DAY
    # A move within a period keeps every period, however often.
    assert play(JAPANESE, 7 * DAY, *[23 * HOUR] * 20).periods == 3


def test_japanese_byoyomi_a_period_used_up_is_gone():
    #   in byo-yomi with 3 periods; a move after 1 d 6 h uses up one period (2 left) ...
    state = play(JAPANESE, 7 * DAY, DAY + 6 * HOUR)
    assert state.periods == 2
    assert clock.turn_time(JAPANESE, state) == 2 * DAY
    # ... a move at exactly the end of a period has used it up (1 left) ...
    state = clock.after_move(JAPANESE, state, DAY)
    assert state.periods == 1
    # ... and with the last period used up, the player is out of time.
    assert clock.is_out_of_time(JAPANESE, state, DAY)
    assert not clock.is_out_of_time(JAPANESE, state, DAY - dt.timedelta(seconds=1))


def test_canadian_byoyomi_moves_in_a_period():
    #   main 7 d, then 5 moves in 5 d
    assert clock.turn_time(CANADIAN, clock.player_time_initial(CANADIAN)) == 12 * DAY
    # Main time runs out during a move that took 8 d: 1 d of the first period, 4 moves to go.
    state = play(CANADIAN, 8 * DAY)
    assert state == clock.PlayerTime(main=clock.ZERO, period_left=4 * DAY, moves_left=4)
    assert clock.turn_time(CANADIAN, state) == 4 * DAY
    # Three more moves of 1 d each: 1 d left for the last move of the period.
    state = play(CANADIAN, 8 * DAY, DAY, DAY, DAY)
    assert (state.period_left, state.moves_left) == (DAY, 1)
    # Playing it starts a fresh period of 5 moves in 5 d.
    state = clock.after_move(CANADIAN, state, 20 * HOUR)
    assert (state.period_left, state.moves_left) == (5 * DAY, 5)


def test_canadian_byoyomi_a_period_that_runs_out_loses_on_time():
    state = play(CANADIAN, 8 * DAY, DAY, DAY, DAY)  # 1 d left for 1 move
    assert clock.is_out_of_time(CANADIAN, state, DAY)
    # A move at the very end of the main time is the first of the period.
    assert play(CANADIAN, 7 * DAY) == clock.PlayerTime(
        main=clock.ZERO, period_left=5 * DAY, moves_left=4
    )
    # Slow moves use up the period before its moves are played.
    state = play(CANADIAN, 6 * DAY, 3 * DAY, 2 * DAY)  # 1 d left, 3 moves to go
    assert (state.period_left, state.moves_left) == (DAY, 3)
    assert clock.is_out_of_time(CANADIAN, state, DAY)


def test_a_byoyomi_deadline_skips_the_weekend_and_warns_at_80_percent():
    # Japanese, in byo-yomi with 2 periods of 1 d: the move started on Friday 12:00 UTC.
    state = play(JAPANESE, 7 * DAY, DAY + HOUR)
    budget = clock.turn_time(JAPANESE, state)
    assert budget == 2 * DAY
    started = at("2026-03-06 12:00")  # Friday
    deadline = clock.add_counted_time(started, budget, tz=UTC_ZONE, weekend_pause=True)
    assert deadline == at("2026-03-10 12:00")  # Tuesday: the weekend is not counted
    warning = clock.warn_at(
        budget=budget, left_at_start=budget, started=started, tz=UTC_ZONE, weekend_pause=True
    )
    assert warning == at("2026-03-10 02:24")  # 1 d 14 h 24 m of counted time
    # A move on Monday 18:00 used 1 d 6 h: the first period is gone, one is left.
    used = clock.counted_time(started, at("2026-03-09 18:00"), tz=UTC_ZONE, weekend_pause=True)
    assert used == DAY + 6 * HOUR
    assert clock.after_move(JAPANESE, state, used).periods == 1


def test_a_vacation_in_the_middle_of_a_move_stops_the_clock():
    # Canadian, 4 d left for 4 moves. The move starts Monday 09:00; the player leaves on
    # vacation on Tuesday 09:00 (1 d used; the clock stops with 3 d left) and comes back the
    # next Monday 09:00: the clock restarts with the 3 d left, weekend pause on.
    state = play(CANADIAN, 8 * DAY)
    budget = clock.turn_time(CANADIAN, state)
    started, leaves, back = at("2026-03-02 09:00"), at("2026-03-03 09:00"), at("2026-03-09 09:00")
    left = clock.time_left(
        left_at_start=budget, started=started, now=leaves, tz=UTC_ZONE, weekend_pause=True
    )
    assert left == 3 * DAY
    deadline = clock.add_counted_time(back, left, tz=UTC_ZONE, weekend_pause=True)
    assert deadline == at("2026-03-12 09:00")
    # The move on Wednesday 09:00 used 1 d before and 2 d after the vacation.
    now = at("2026-03-11 09:00")
    used = budget - clock.time_left(
        left_at_start=left, started=back, now=now, tz=UTC_ZONE, weekend_pause=True
    )
    assert used == 3 * DAY
    assert clock.after_move(CANADIAN, state, used) == clock.PlayerTime(
        main=clock.ZERO, period_left=DAY, moves_left=3
    )


def test_a_time_control_needs_the_fields_of_its_kind():
    with pytest.raises(ValueError, match="unknown"):
        clock.TimeControl(kind="hourglass", main=DAY)
    with pytest.raises(ValueError, match="Japanese"):
        clock.TimeControl(kind=clock.JAPANESE, main=DAY, periods=0, period=DAY)
    with pytest.raises(ValueError, match="Canadian"):
        clock.TimeControl(kind=clock.CANADIAN, main=DAY, period=DAY, period_moves=0)


@given(
    kind=st.sampled_from(clock.KINDS),
    moves=st.lists(st.integers(min_value=0, max_value=10 * 24 * 60), max_size=30),
)
def test_time_never_grows_beyond_its_limits(kind, moves):
    control = {
        clock.PER_MOVE: PER_MOVE,
        clock.FISCHER: FISCHER,
        clock.ABSOLUTE: ABSOLUTE,
        clock.JAPANESE: JAPANESE,
        clock.CANADIAN: CANADIAN,
    }[kind]
    state = clock.player_time_initial(control)
    first = clock.turn_time(control, state)
    for minutes in moves:
        used = dt.timedelta(minutes=minutes)
        if clock.is_out_of_time(control, state, used):
            break
        state = clock.after_move(control, state, used)
        left = clock.turn_time(control, state)
        assert left > clock.ZERO
        assert left <= (control.cap if kind == clock.FISCHER else first)
        assert state.main <= control.main or kind == clock.FISCHER


def test_a_running_byoyomi_clock_shows_the_period_it_is_in():
    # Japanese 7 d + 3 x 1 d: 8 d 6 h into the first move, the main time and one period are
    # gone; the second period has 18 h left, and two periods remain counting it.
    start = clock.player_time_initial(JAPANESE)
    assert clock.player_time_now(JAPANESE, start, 2 * DAY) == clock.PlayerTime(
        main=5 * DAY, periods=3
    )
    now = clock.player_time_now(JAPANESE, start, 8 * DAY + 6 * HOUR)
    assert (now.main, now.periods, now.period_left) == (clock.ZERO, 2, 18 * HOUR)
    # Canadian 7 d then 5 moves in 5 d: 8 d into the move, 4 d of the period for 5 moves.
    now = clock.player_time_now(CANADIAN, clock.player_time_initial(CANADIAN), 8 * DAY)
    assert now == clock.PlayerTime(main=clock.ZERO, period_left=4 * DAY, moves_left=5)
    # Days per move has nothing to carry.
    assert clock.player_time_now(PER_MOVE, clock.PlayerTime(main=DAY), HOUR).main == DAY
