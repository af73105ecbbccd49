"""Pure time arithmetic for game clocks: counted time with the weekend pause, deadlines, the
time controls (days per move, Fischer, absolute, Japanese and Canadian byo-yomi), the 80 %
warning and the vacation balance.

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

import dataclasses
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


# Time controls ---------------------------------------------------------------------------------
#
# A time control says how much counted time a player has for each move; a `PlayerTime` is what
# one player has left between their moves. `turn_time` is the time a move may take before the
# player loses on time (their deadline is `add_counted_time(start, turn_time(...))`), and
# `after_move` is what they have left after a move that used `used` of it:
#
# * days per move: the same time for every move, nothing carried over;
# * Fischer: a bank that starts at `main`, gains `increment` after each move, at most `cap`;
# * absolute: `main` for the whole game, nothing added;
# * Japanese byo-yomi: `main`, then `periods` periods of `period` each. A move within a period
#   keeps it; each period used up in full is gone; the last one used up loses on time;
# * Canadian byo-yomi: `main`, then `period_moves` moves to play in each `period`. Once they
#   are played a fresh period starts; a period that runs out first loses on time.

PER_MOVE, FISCHER, ABSOLUTE, JAPANESE, CANADIAN = (
    "per_move",
    "fischer",
    "absolute",
    "japanese",
    "canadian",
)
KINDS = (PER_MOVE, FISCHER, ABSOLUTE, JAPANESE, CANADIAN)


@dataclasses.dataclass(frozen=True, kw_only=True)
class TimeControl:
    """A time control: `kind` is one of KINDS; the other fields are those its kind uses.

    `main` is the time per move (days per move), the initial bank (Fischer) or the main time
    (absolute, byo-yomi)."""

    kind: str
    main: dt.timedelta
    increment: dt.timedelta = ZERO  # Fischer
    cap: dt.timedelta = ZERO  # Fischer
    periods: int = 0  # Japanese: how many periods
    period: dt.timedelta = ZERO  # byo-yomi: the length of one period
    period_moves: int = 0  # Canadian: moves to play in each period

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown time control {self.kind!r}")
        if self.kind == JAPANESE and (self.periods < 1 or self.period <= ZERO):
            raise ValueError("Japanese byo-yomi needs at least one period of some time")
        if self.kind == CANADIAN and (self.period_moves < 1 or self.period <= ZERO):
            raise ValueError("Canadian byo-yomi needs a period of some time and moves")

    @property
    def has_byoyomi(self) -> bool:
        return self.kind in (JAPANESE, CANADIAN)


@dataclasses.dataclass(frozen=True, kw_only=True)
class PlayerTime:
    """What one player has left between their moves.

    `main` is the main time left (Fischer: the bank; days per move: unused). Japanese:
    `periods` left. Canadian, once the main time is used: `period_left` in the current period
    to play `moves_left` more moves."""

    main: dt.timedelta
    periods: int = 0
    period_left: dt.timedelta = ZERO
    moves_left: int = 0

    @property
    def in_byoyomi(self) -> bool:
        """Whether the main time is used up (only byo-yomi clocks go on after that)."""
        return self.main <= ZERO


def player_time_initial(control: TimeControl) -> PlayerTime:
    """What each player has before their first move."""
    return PlayerTime(
        main=control.main,
        periods=control.periods if control.kind == JAPANESE else 0,
        period_left=control.period if control.kind == CANADIAN else ZERO,
        moves_left=control.period_moves if control.kind == CANADIAN else 0,
    )


def turn_time(control: TimeControl, state: PlayerTime) -> dt.timedelta:
    """The counted time a player with `state` has for their next move before they lose on
    time."""
    if control.kind == PER_MOVE:
        return control.main
    main = max(state.main, ZERO)
    if control.kind == JAPANESE:
        return main + max(state.periods, 0) * control.period
    if control.kind == CANADIAN:
        # While main time is left, the first period is still whole when it runs out.
        return main + (control.period if main > ZERO else max(state.period_left, ZERO))
    return main  # Fischer, absolute


def is_out_of_time(control: TimeControl, state: PlayerTime, used: dt.timedelta) -> bool:
    """Whether a move that took `used` counted time came too late (at the deadline is late)."""
    return used >= turn_time(control, state)


def after_move(control: TimeControl, state: PlayerTime, used: dt.timedelta) -> PlayerTime:
    """What the player has left after a move that took `used` counted time, when it came in
    time (`is_out_of_time` is False; a late move leaves nothing on the clock)."""
    used = max(used, ZERO)
    if is_out_of_time(control, state, used):
        return PlayerTime(main=ZERO)
    if control.kind == PER_MOVE:
        return state
    if control.kind == FISCHER:
        return PlayerTime(
            main=fischer_bank(left=state.main - used, increment=control.increment, cap=control.cap)
        )
    if used < state.main or control.kind == ABSOLUTE:
        return dataclasses.replace(state, main=state.main - used)
    over = used - max(state.main, ZERO)  # the part of the move played in byo-yomi
    if control.kind == JAPANESE:
        # Each period used up in full is gone; the one the move came in starts afresh.
        return PlayerTime(main=ZERO, periods=state.periods - over // control.period)
    if state.main > ZERO:  # Canadian, entering byo-yomi with a fresh period
        state = PlayerTime(main=ZERO, period_left=control.period, moves_left=control.period_moves)
    period_left, moves_left = state.period_left - over, state.moves_left - 1
    if moves_left <= 0:  # the period's moves are played: a fresh period
        period_left, moves_left = control.period, control.period_moves
    return PlayerTime(main=ZERO, period_left=period_left, moves_left=moves_left)


def player_time_now(control: TimeControl, state: PlayerTime, used: dt.timedelta) -> PlayerTime:
    """What the mover has at this instant, `used` into their move (which they have not run out
    of): the main time left, and once in byo-yomi the periods left counting the current one
    (Japanese) with the time left in it (`period_left`), or the period's time and moves left
    (Canadian). For showing a running clock; `after_move` is what a move leaves."""
    used = max(used, ZERO)
    if control.kind not in (ABSOLUTE, JAPANESE, CANADIAN, FISCHER):
        return state
    if used < state.main or not control.has_byoyomi:
        return dataclasses.replace(state, main=max(state.main - used, ZERO))
    over = used - max(state.main, ZERO)
    if control.kind == JAPANESE:
        spent, into = divmod(over, control.period)
        return PlayerTime(
            main=ZERO, periods=max(state.periods - spent, 0), period_left=control.period - into
        )
    if state.main > ZERO:
        state = PlayerTime(main=ZERO, period_left=control.period, moves_left=control.period_moves)
    return PlayerTime(
        main=ZERO, period_left=max(state.period_left - over, ZERO), moves_left=state.moves_left
    )


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
