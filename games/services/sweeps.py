"""The once-a-minute clock sweep: used-up vacations, overdue games, 80 % warnings and lost
move-cap counts. Deadlines are indexed columns; the sweep locks overdue rows with SKIP LOCKED,
so it never waits for a move in progress and two sweeps never end the same game."""

from __future__ import annotations

import datetime as dt
import logging

from django.db import transaction
from django.db.models import F

from core.http_cache.stamps import status_stamps_bump_on_commit
from core.outbox import enqueue_many_on_commit, enqueue_on_commit
from games import hooks
from games.models import EndReason, Game, GameStatus
from games.services.play import game_timeout
from games.services.vacations import vacations_end_due

logger = logging.getLogger(__name__)

SWEEP_BATCH = 100
SWEEP_MAX_BATCHES = 50  # at most 5000 games a sweep; the next sweep, a minute later, goes on
COUNT_RETRY_WINDOW = dt.timedelta(days=2)


def games_time_out_overdue(
    *, now: dt.datetime, batch_size: int = SWEEP_BATCH, max_batches: int = SWEEP_MAX_BATCHES
) -> int:
    """End every running game whose deadline passed at `now`, through `game_timeout`.

    Each batch is one transaction that locks up to `batch_size` overdue rows with
    SELECT ... FOR UPDATE SKIP LOCKED in deadline order (the deadline index), so a concurrent
    sweep or a move in progress is skipped, not waited for; the next sweep picks up what is
    left. A game whose ending fails is logged and skipped. Returns how many games ended.
    """
    ended = 0
    failed: list[int] = []
    for _ in range(max_batches):
        with transaction.atomic():
            ids = list(
                Game.objects.select_for_update(skip_locked=True, of=("self",))
                .filter(status=GameStatus.PLAYING, deadline__lte=now)
                .exclude(pk__in=failed)
                .order_by("deadline")
                .values_list("pk", flat=True)[:batch_size]
            )
            with hooks.games_ending(game_ids=ids):  # the ladder reads the batch's at once
                for game_id in ids:
                    try:
                        ended += game_timeout(game_id=game_id, now=now) is not None
                    except Exception:  # one broken game must not stop every other timeout
                        logger.exception("Could not end game %s on time", game_id)
                        failed.append(game_id)
        if len(ids) < batch_size:
            break
    return ended


def games_warn_due(*, now: dt.datetime, batch_size: int = SWEEP_BATCH) -> int:
    """Queue `games.notify_timeout_warning` for every running game whose mover has used 80 %
    of this move's time, once per move (warn_at is cleared and warned_move recorded in the
    same transaction). Returns how many warnings were queued.

    A batch is three statements whatever its size: the locking read, one UPDATE of them all
    (each game's warned_move its own move number, unchanged under the lock) and one INSERT of
    their outbox rows; the players' status stamps are renewed at the commit, as a save
    would (games.receivers)."""
    queued = 0
    for _ in range(SWEEP_MAX_BATCHES):
        with transaction.atomic():
            games = list(
                Game.objects.select_for_update(skip_locked=True, of=("self",))
                .filter(status=GameStatus.PLAYING, warn_at__lte=now, deadline__gt=now)
                .order_by("warn_at")
                .only("pk", "move_number", "black_id", "white_id")[:batch_size]
            )
            if games:
                Game.objects.filter(pk__in=[game.pk for game in games]).update(
                    warn_at=None, warned_move=F("move_number")
                )
                warnings = [(game.pk, game.move_number) for game in games]
                enqueue_many_on_commit("games.notify_timeout_warning", warnings)
                players = {pk for game in games for pk in (game.black_id, game.white_id)}
                status_stamps_bump_on_commit(user_ids=players)
            queued += len(games)
        if len(games) < batch_size:
            break
    return queued


def games_count_pending(*, now: dt.datetime) -> int:
    """Queue the count again for games that ended at the move cap in the last two days and
    still have no result (a worker died while counting). The count is safe to run twice."""
    ids = list(
        Game.objects.filter(
            status=GameStatus.FINISHED,
            finished__gte=now - COUNT_RETRY_WINDOW,
            finished__lte=now - dt.timedelta(minutes=1),
            end_reason=EndReason.MOVE_CAP,
            result="",
        ).values_list("pk", flat=True)
    )
    for game_id in ids:
        enqueue_on_commit("games.count_at_move_cap", game_id)
    return len(ids)


def clocks_sweep(*, now: dt.datetime) -> dict[str, int]:
    """The once-a-minute sweep: end used-up vacations, end overdue games on time, queue the
    80 % warnings and any lost move-cap counts. Returns how many of each."""
    return {
        "vacations_ended": vacations_end_due(now=now),
        "timed_out": games_time_out_overdue(now=now),
        "warned": games_warn_due(now=now),
        "counts_queued": games_count_pending(now=now),
    }
