"""A player's new time zone and their running clocks.

With the weekend pause on, a mover's weekends are Saturday and Sunday in their own time zone
(`selectors.clock_zone`). When they change zone, every running clock of theirs is restarted
at that instant with the time it had left, counted in the old zone up to then; its deadline and
warning are worked out again in the new zone. The board's "time left" (counted from the same
start in the new zone) and the deadline the clock sweep enforces then agree, and no time is
gained or lost by the change.

Chosen over recomputing lazily: the deadline is an indexed column the sweep reads, so it must
be right in the row. accounts cannot import games; games registers `clocks_rezone` with
`accounts.hooks.time_zone_changed_register` in GamesConfig.ready().
"""

from __future__ import annotations

import datetime as dt

from django.db.models import Q

from accounts.models import User
from games import clock
from games.models import Game, GameStatus
from games.services.clocks import clock_schedule
from games.services.locking import game_lock_if_any
from rules import BLACK, WHITE


def clocks_rezone(*, user: User, old: str, new: str, now: dt.datetime) -> int:
    """Reschedule `user`'s running clocks (their turn, weekend pause, clock not stopped) after
    their zone changed from `old` to `new` at `now`; returns how many. Runs inside the caller's
    transaction (the one that saved the zone) and locks each game row; a game already past its
    deadline is left to the clock sweep."""
    ids = Game.objects.filter(
        Q(black=user, to_move=BLACK) | Q(white=user, to_move=WHITE),
        status=GameStatus.PLAYING,
        weekend_pause=True,
        deadline__isnull=False,
    ).values_list("pk", flat=True)
    old_zone = clock.zone(old)
    moved = 0
    for game_id in sorted(ids):
        game = game_lock_if_any(game_id=game_id)
        if game is None or not _running_for(game, user, now):
            continue
        game.clock_left = clock.time_left(
            left_at_start=game.clock_left,
            started=game.clock_started,
            now=now,
            tz=old_zone,
            weekend_pause=True,
        )
        game.clock_started = now
        clock_schedule(game=game, colour=game.to_move)
        game.save(update_fields=["clock_left", "clock_started", "deadline", "warn_at"])
        moved += 1
    return moved


def _running_for(game: Game, user: User, now: dt.datetime) -> bool:
    return (
        game.status == GameStatus.PLAYING
        and game.weekend_pause
        and game.player_to_move_id == user.pk
        and game.deadline is not None
        and game.deadline > now
        and game.clock_left is not None
        and game.clock_started is not None
    )
