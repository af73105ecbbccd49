"""The catch-up sweep of lost notices (beat `games.notices_sweep`, every 2 minutes): the
"your turn" and game-over notices that should exist and do not are queued again.

Each sweep reads only the games that moved or ended since the last one
(`games.selectors.play.notices_missing_since`), from the time the last sweep had checked up
to: its watermark, kept in the cache. The watermark only saves work: a cache that lost it or
is down (its failures are the backend's business, baduxsite.cache: a miss) makes the sweep
read the whole lookback, as every sweep did before, and a watermark never passes a game whose
notice was found missing, so a notice queued again and lost again is found again."""

from __future__ import annotations

import datetime as dt

from django.core.cache import cache

from core.outbox import enqueue_many_on_commit
from games.selectors.play import NOTICE_LOOKBACK, notices_missing_since

CHECKED_KEY = "games:notices-sweep:checked"


def notices_checked_get() -> dt.datetime | None:
    """Up to when the last sweep found every notice (None: not kept, or the cache is down)."""
    checked = cache.get(CHECKED_KEY)
    return checked if isinstance(checked, dt.datetime) else None


def notices_requeue(*, now: dt.datetime) -> dict[str, int]:
    """Queue `games.notify_turn` and `games.notify_game_over` again for the notices missing
    since the last sweep's watermark (the whole lookback without one), then keep the new
    watermark (a day: older than the lookback it would not be used). The notice tasks record
    once per key, so a notice that was only late is not doubled. Returns how many of each were
    queued."""
    found = notices_missing_since(now=now, checked=notices_checked_get())
    enqueue_many_on_commit("games.notify_turn", found.turns)
    enqueue_many_on_commit("games.notify_game_over", [(pk,) for pk in found.overs])
    if found.checked is not None:
        cache.set(CHECKED_KEY, found.checked, NOTICE_LOOKBACK.total_seconds())
    return {"turns": len(found.turns), "game_overs": len(found.overs)}
