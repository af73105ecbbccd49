"""Pure time arithmetic for game clocks: counted time with the weekend pause, deadlines, the
Fischer bank, the 80 % warning and the vacation balance.

Nothing here reads the clock or the database: every function takes the instants it needs
(`now`, `start`, ...) as aware datetimes (any zone; results are in UTC) and the mover's time
zone as a `ZoneInfo`.

Counted time is real time minus the weekends when a game pauses them: from Saturday 00:00 to
Monday 00:00 in the mover's time zone, so a weekend lasts 47 or 49 real hours when a DST change
falls into it. Vacation is not counted either, but it has no calendar: the services stop a clock
when its player starts a vacation (the deadline becomes None) and restart it when the vacation
ends, carrying over the time that was left.

Vacation days (our house rule, in the spirit of Dragon Go Server): every player accrues
`VACATION_DAYS_PER_YEAR` (21) days a year, continuously, up to `VACATION_CAP_DAYS` (30); a new
player starts with `VACATION_INITIAL_DAYS` (7). Nothing accrues while on vacation; a vacation
uses exactly the time it lasted and ends by itself when the balance is used up.
"""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

ZERO = dt.timedelta(0)
UTC = ZoneInfo("UTC")
SATURDAY = 5  # date.weekday()
WARN_FRACTION = 0.8  # the warning goes out once this share of a move's time is used

VACATION_DAYS_PER_YEAR = 21
VACATION_CAP_DAYS = 30
VACATION_INITIAL_DAYS = 7
VACATION_MIN_START = dt.timedelta(days=1)  # a vacation needs at least this much balance


def zone(name: str | None) -> ZoneInfo:
    """The ZoneInfo for an IANA name; UTC for a blank or unknown name."""
    if not name:
        return UTC
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return UTC


def weekend_at_or_after(moment: dt.datetime, tz: ZoneInfo) -> tuple[dt.datetime, dt.datetime]:
    """The weekend (start, end) in `tz` that contains `moment` or is the next one after it,
    as UTC instants: Saturday 00:00 to Monday 00:00 local time."""
    local_day = moment.astimezone(tz).date()
    saturday = local_day - dt.timedelta(days=(local_day.weekday() - SATURDAY) % 7)
    while True:
        start = dt.datetime.combine(saturday, dt.time(0), tzinfo=tz).astimezone(UTC)
        end = dt.datetime.combine(saturday + dt.timedelta(days=2), dt.time(0), tzinfo=tz)
        end = end.astimezone(UTC)
        if end > moment:
            return start, end
        saturday += dt.timedelta(days=7)


def counted_time(
    start: dt.datetime, end: dt.datetime, *, tz: ZoneInfo, weekend_pause: bool
) -> dt.timedelta:
    """Clock time used between `start` and `end` (zero when end <= start): real time, less the
    weekends in `tz` when `weekend_pause` is on."""
    # Python subtracts two datetimes of the same zone as wall times; UTC makes them instants.
    start, end = start.astimezone(UTC), end.astimezone(UTC)
    if end <= start:
        return ZERO
    total = end - start
    if not weekend_pause:
        return total
    cursor = start
    while cursor < end:
        w_start, w_end = weekend_at_or_after(cursor, tz)
        if w_start >= end:
            break
        total -= min(w_end, end) - max(w_start, cursor)
        cursor = w_end
    return total


def add_counted_time(
    start: dt.datetime, amount: dt.timedelta, *, tz: ZoneInfo, weekend_pause: bool
) -> dt.datetime:
    """The first instant at which `amount` of counted time has passed since `start` (the
    inverse of `counted_time`), in UTC. A non-positive amount gives `start`."""
    start = start.astimezone(UTC)
    if amount <= ZERO:
        return start
    if not weekend_pause:
        return start + amount
    cursor, remaining = start, amount
    while True:
        w_start, w_end = weekend_at_or_after(cursor, tz)
        if w_start <= cursor:  # inside a weekend: nothing counts until it ends
            cursor = w_end
            continue
        if cursor + remaining <= w_start:
            return cursor + remaining
        remaining -= w_start - cursor
        cursor = w_end


def time_left(
    *,
    left_at_start: dt.timedelta,
    started: dt.datetime,
    now: dt.datetime,
    tz: ZoneInfo,
    weekend_pause: bool,
) -> dt.timedelta:
    """Time the mover has left at `now` when they had `left_at_start` when their clock
    (re)started at `started`; never negative."""
    used = counted_time(started, now, tz=tz, weekend_pause=weekend_pause)
    return max(left_at_start - used, ZERO)


def fischer_bank(*, left: dt.timedelta, increment: dt.timedelta, cap: dt.timedelta) -> dt.timedelta:
    """The bank after a move: the time that was left plus the increment, at most `cap`."""
    return min(cap, max(left, ZERO) + increment)


def warn_at(
    *,
    budget: dt.timedelta,
    left_at_start: dt.timedelta,
    started: dt.datetime,
    tz: ZoneInfo,
    weekend_pause: bool,
) -> dt.datetime:
    """When the mover will have used WARN_FRACTION of `budget` (the time this move had): the
    clock started at `started` with `left_at_start`; `started` itself when that is already
    past."""
    remaining_at_warning = budget * (1 - WARN_FRACTION)
    return add_counted_time(
        started, left_at_start - remaining_at_warning, tz=tz, weekend_pause=weekend_pause
    )


def vacation_accrued(
    *, balance: dt.timedelta, since: dt.datetime, now: dt.datetime
) -> dt.timedelta:
    """The vacation balance at `now` of a player who had `balance` at `since` and was not on
    vacation in between: VACATION_DAYS_PER_YEAR a year, capped at VACATION_CAP_DAYS."""
    cap = dt.timedelta(days=VACATION_CAP_DAYS)
    if now <= since:
        return min(balance, cap)
    earned = (now - since) * (VACATION_DAYS_PER_YEAR / 365)
    return min(cap, balance + earned)


def vacation_initial() -> dt.timedelta:
    """The balance a new player starts with."""
    return dt.timedelta(days=VACATION_INITIAL_DAYS)
