"""Rendered pieces of the busiest pages kept in Django's cache (Redis in production): e.g. the
game page's board and move list, the status page's thumbnails, whole tagged pages.

A piece is a pure function of what its key names (the game's id, move number, status and count,
the look asked for, the viewer's part), so a move, a resignation or a corrected count makes a
new key and nothing is ever invalidated; old keys expire. The cache is a speed-up only: when
it fails (Redis down, a timeout), the backend answers a miss (baduxsite.cache), the piece is
rendered and the page is served all the same."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable

from django.core.cache import cache
from django.utils.translation import get_language

logger = logging.getLogger(__name__)

# Part of every key: bump it when the markup of a cached piece changes.
FRAGMENT_VERSION = 1
# Most reuse of a drawing comes within minutes (a reload, the status page, spectators), and
# every move makes new keys: a short life bounds Redis memory (docs/scale.md).
FRAGMENT_SECONDS = 3600


def _in_language(key: str) -> str:
    # A piece holds words: each language keeps its own copy.
    return f"{key}:{get_language()}"


def fragments_get(keys: Iterable[str]) -> dict[str, object]:
    """The cached pieces among `keys`, in the active language ({} when the cache fails)."""
    keys = list(keys)
    if not keys:
        return {}
    found = cache.get_many([_in_language(key) for key in keys])
    return {key: found[_in_language(key)] for key in keys if _in_language(key) in found}


def fragments_set(values: dict[str, object], seconds: int = FRAGMENT_SECONDS) -> None:
    """Keep rendered pieces, in the active language, for `seconds` (a failing cache keeps
    nothing)."""
    if not values:
        return
    cache.set_many({_in_language(key): value for key, value in values.items()}, seconds)


def fragment(key: str, render: Callable[[], object]) -> object:
    """The piece cached under `key`, else `render()`, kept for the next page."""
    found = fragments_get([key])
    if key in found:
        return found[key]
    value = render()
    fragments_set({key: value})
    return value
