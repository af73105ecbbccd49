"""Setting a running game's clock when a turn starts, and the time a mover banks.

These work on a game row the caller has locked and will save; they write nothing themselves
except `clock_start`'s vacation lookup, which only reads.
"""

from __future__ import annotations

import datetime as dt

import rules
from accounts.moderation.selectors import clock_held
from games import clock
from games.models import ClockKind, Game, Vacation
from games.selectors import play as selectors
from rules import BLACK


def player_on_vacation(*, game: Game, colour: int, now: dt.datetime) -> bool:
    """Whether `colour`'s clock should stand still at `now` because of their vacation (read
    from the row when `game_lock_for_turn` locked it at `now`, else from the database)."""
    if not game.vacation_allowed:
        return False
    if getattr(game, "away_at", None) == now:
        return game.black_away if colour == BLACK else game.white_away
    user_id = game.black_id if colour == BLACK else game.white_id
    return Vacation.objects.filter(user_id=user_id, started__lte=now, until__gt=now).exists()


def clock_schedule(*, game: Game, colour: int) -> None:
    """Set the deadline and warning time of `colour`'s running clock from clock_started and
    clock_left (no warning when this move was already warned about)."""
    tz = selectors.clock_zone(game=game, colour=colour)
    game.deadline = clock.add_counted_time(
        game.clock_started, game.clock_left, tz=tz, weekend_pause=game.weekend_pause
    )
    if game.warned_move == game.move_number:
        game.warn_at = None
    else:
        game.warn_at = clock.warn_at(
            budget=game.turn_budget(colour),
            left_at_start=game.clock_left,
            started=game.clock_started,
            tz=tz,
            weekend_pause=game.weekend_pause,
        )


def clock_start(*, game: Game, colour: int, now: dt.datetime, left: dt.timedelta) -> None:
    """Start `colour`'s clock at `now` with `left`, or keep it stopped while they are on
    vacation or suspended with their clocks stopped (deadline None, `left` kept for when they
    come back) and always for a bot: bots never time out."""
    game.clock_started = now
    game.clock_left = left
    user_id = game.black_id if colour == BLACK else game.white_id
    if (
        game.player(colour).is_bot
        or player_on_vacation(game=game, colour=colour, now=now)
        or clock_held(user_id=user_id, now=now)
    ):
        game.deadline = None
        game.warn_at = None
    else:
        clock_schedule(game=game, colour=colour)


def clock_advance(*, game: Game, mover: int, now: dt.datetime) -> None:
    """After `mover` moved at `now`: keep what they have left (`games.clock.after_move`: the
    Fischer bank plus its increment, the main time left, the byo-yomi periods) and start the
    opponent's clock with the time their next move has."""
    if game.clock_kind != ClockKind.PER_MOVE:
        control, before = game.time_control, game.player_time(mover)
        left = selectors.clock_time_left(game=game, colour=mover, now=now)
        used = clock.turn_time(control, before) - left
        game.player_time_set(mover, clock.after_move(control, before, used))
    nxt = rules.other(mover)
    clock_start(game=game, colour=nxt, now=now, left=game.turn_budget(nxt))
