"""A stamp per player that changes whenever their status page may have changed, so the page can
be kept whole in the cache under a tag that includes it (games.pages.tags.status_etag).

A stamp is a random token in the cache, drawn when a page asks for it and none is kept. Saving
a game or a challenge drops the stamps of its players once the transaction commits (the
receivers in games.receivers and ladder.receivers): one DEL of both keys, which every move
makes; the next page draws a new stamp, so a page kept under an old stamp is never served
again. A stamp lost otherwise (evicted, Redis restarted) is drawn anew the same way. What a
save does not cover (a challenge expiring by the clock, an opponent's new display name, an
ignore list) is covered by the minute the tag also carries: the page is never more than a
minute behind those."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Iterable

from django.core.cache import cache
from django.db import transaction

logger = logging.getLogger(__name__)

# Longer than any page is kept under a stamp; a stamp that expires is drawn anew.
STAMP_SECONDS = 24 * 3600


def _key(user_id: int) -> str:
    return f"games:status-stamp:{user_id}"


def status_stamp_get(*, user_id: int) -> str:
    """`user_id`'s current stamp; a new one when none is kept. With the cache down, a new
    token each time (nothing is kept then, so nothing stale can be served)."""
    key = _key(user_id)
    stamp = cache.get(key)
    if stamp is None:
        fresh = secrets.token_hex(8)
        # add(): two requests drawing at once agree on the first one stored.
        if cache.add(key, fresh, STAMP_SECONDS):
            return fresh
        stamp = cache.get(key) or fresh
    return str(stamp)


def status_stamps_bump(*, user_ids: Iterable[int | None]) -> None:
    """Change the stamps of `user_ids` (None skipped) now: drop them, so that the next read
    draws new ones."""
    keys = [_key(uid) for uid in set(user_ids) if uid is not None]
    if keys:
        cache.delete_many(keys)


def status_stamps_bump_on_commit(*, user_ids: Iterable[int | None]) -> None:
    """`status_stamps_bump` once the current transaction commits (at once outside one): not
    before, since a page drawn meanwhile by another request reads the rows as they were and
    must not be kept under the new stamp."""
    ids = list(user_ids)
    transaction.on_commit(lambda: status_stamps_bump(user_ids=ids))
