"""Rendered pieces of the busiest pages kept in Django's cache (Redis in production): the game
page's board and move list, the status page's thumbnails.

A piece is a pure function of what its key names (the game's id, move number, status and count,
the look asked for, the viewer's part), so a move, a resignation or a corrected count makes a
new key and nothing is ever invalidated; old keys expire. The cache is a speed-up only: when
it fails (Redis down, a timeout), the piece is rendered as if it were missing and the page is
served all the same.
"""

from __future__ import annotations

import json
import logging
import zlib
from collections.abc import Callable, Iterable

from django.core.cache import cache

from .models import Game

logger = logging.getLogger(__name__)

# Part of every key: bump it when the markup of a cached piece changes.
FRAGMENT_VERSION = 1
# Most reuse of a drawing comes within minutes (a reload, the status page, spectators), and
# every move makes new keys: a short life bounds Redis memory (README, "Scale on paper").
FRAGMENT_SECONDS = 3600


def game_state_key(game: Game) -> str:
    """What of `game` a drawing depends on: id, move number, status and count (a corrected
    count changes the drawing of a finished game without changing its moves)."""
    count = zlib.crc32(json.dumps(game.score, sort_keys=True).encode()) if game.score else 0
    return f"{game.pk}:{game.move_number}:{game.status}:{count:x}"


def fragments_get(keys: Iterable[str]) -> dict[str, object]:
    """The cached pieces among `keys` ({} when the cache fails)."""
    keys = list(keys)
    if not keys:
        return {}
    try:
        return cache.get_many(keys)
    except Exception:  # noqa: BLE001 - any cache failure only costs a render (module docstring)
        logger.warning("fragment cache read failed", exc_info=True)
        return {}


def fragments_set(values: dict[str, object], seconds: int = FRAGMENT_SECONDS) -> None:
    """Keep rendered pieces for `seconds`; a failing cache is logged and ignored."""
    if not values:
        return
    try:
        cache.set_many(values, seconds)
    except Exception:  # noqa: BLE001 - any cache failure only costs a render (module docstring)
        logger.warning("fragment cache write failed", exc_info=True)


def fragment(key: str, render: Callable[[], object]) -> object:
    """The piece cached under `key`, else `render()`, kept for the next page."""
    found = fragments_get([key])
    if key in found:
        return found[key]
    value = render()
    fragments_set({key: value})
    return value
