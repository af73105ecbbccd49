"""Signal receivers of accounts: a player's cached board appearance is dropped whenever their
preferences row is written or deleted (by the preferences page, the admin or a cascade)."""

from __future__ import annotations

import logging

from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from accounts.models import Preferences
from accounts.selectors import board_appearance_key

logger = logging.getLogger(__name__)


def _forget(user_id: int) -> None:
    cache.delete(board_appearance_key(user_id=user_id))


@receiver(post_save, sender=Preferences)
@receiver(post_delete, sender=Preferences)
def preferences_changed(sender, instance: Preferences, **kwargs) -> None:
    """Forget the cached look now and again after the commit, so that a page read between
    the write and the commit cannot keep the old look in the cache."""
    _forget(instance.user_id)
    transaction.on_commit(lambda: _forget(instance.user_id))
