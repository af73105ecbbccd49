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
