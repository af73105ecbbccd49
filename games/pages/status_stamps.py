"""A stamp per player that changes whenever their status page may have changed, so the page can
be kept whole in the cache under a tag that includes it (games.pages.tags.status_etag).

A stamp is a random token in the cache. Saving a game or a challenge replaces the stamps of its
players once the transaction commits (the receivers below, connected by `GamesConfig.ready`);
a stamp that is missing (never set, evicted, Redis restarted) is drawn anew, so a page kept
under an old stamp is never served again. What a save does not cover (a challenge expiring by
the clock, an opponent's new display name, an ignore list) is covered by the minute the tag
also carries: the page is never more than a minute behind those."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Iterable

from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from games.models import Challenge, Game

logger = logging.getLogger(__name__)

# Longer than any page is kept under a stamp; a stamp that expires is drawn anew.
STAMP_SECONDS = 24 * 3600


def _key(user_id: int) -> str:
    return f"games:status-stamp:{user_id}"


def status_stamp_get(*, user_id: int) -> str:
    """`user_id`'s current stamp; a new one when none is kept. With the cache down, a new
    token each time (nothing is kept then, so nothing stale can be served)."""
    stamp = cache.get(_key(user_id))
    if stamp is None:
        fresh = secrets.token_hex(8)
        # add(): two requests drawing at once agree on the first one stored.
        cache.add(_key(user_id), fresh, STAMP_SECONDS)
        stamp = cache.get(_key(user_id)) or fresh
    return str(stamp)


def status_stamps_bump(*, user_ids: Iterable[int | None]) -> None:
    """Give each of `user_ids` (None skipped) a new stamp now."""
    fresh = {_key(uid): secrets.token_hex(8) for uid in set(user_ids) if uid is not None}
    if not fresh:
        return
    cache.set_many(fresh, STAMP_SECONDS)


def _bump_on_commit(*user_ids: int | None) -> None:
    # Not before: a page drawn meanwhile by another request reads the rows as they were, and
    # must not be kept under the new stamp. Outside a transaction on_commit runs at once.
    ids = list(user_ids)
    transaction.on_commit(lambda: status_stamps_bump(user_ids=ids))


@receiver(post_save, sender=Game, dispatch_uid="games.status_stamp_game_saved")
@receiver(post_delete, sender=Game, dispatch_uid="games.status_stamp_game_deleted")
def _game_changed(sender, instance: Game, **kwargs) -> None:
    _bump_on_commit(instance.black_id, instance.white_id)


@receiver(post_save, sender=Challenge, dispatch_uid="games.status_stamp_challenge_saved")
@receiver(post_delete, sender=Challenge, dispatch_uid="games.status_stamp_challenge_deleted")
def _challenge_changed(sender, instance: Challenge, **kwargs) -> None:
    _bump_on_commit(instance.creator_id, instance.recipient_id)
