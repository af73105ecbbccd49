"""The session engine: Django's cached_db (sessions kept in the database, read through the
cache), made to shrug off a failing cache. Every page reads the session, so a cache hit spares
a query; when the cache fails (Redis down, a timeout) the session is read from and written to
the database alone, and the page is served all the same."""

from __future__ import annotations

import logging

from django.contrib.sessions.backends import cached_db

logger = logging.getLogger(__name__)


class _TolerantCache:
    """The session cache's get/set/delete/contains, each a miss or a no-op on failure."""

    def __init__(self, cache) -> None:
        self._cache = cache

    def _try(self, what: str, default, call, *args):
        try:
            return call(*args)
        except Exception:  # noqa: BLE001 - the cache is a speed-up only: use the database
            logger.warning("session cache %s failed", what, exc_info=True)
            return default

    def get(self, *args):
        return self._try("read", None, self._cache.get, *args)

    def set(self, *args):
        return self._try("write", None, self._cache.set, *args)

    def delete(self, *args):
        return self._try("delete", None, self._cache.delete, *args)

    def __contains__(self, key) -> bool:
        return self._try("read", False, self._cache.__contains__, key)

    async def aget(self, *args):
        try:
            return await self._cache.aget(*args)
        except Exception:  # noqa: BLE001 - as `get`
            logger.warning("session cache read failed", exc_info=True)
            return None

    async def aset(self, *args):
        try:
            return await self._cache.aset(*args)
        except Exception:  # noqa: BLE001 - as `set`
            logger.warning("session cache write failed", exc_info=True)
            return None

    async def adelete(self, *args):
        try:
            return await self._cache.adelete(*args)
        except Exception:  # noqa: BLE001 - as `delete`
            logger.warning("session cache delete failed", exc_info=True)
            return None


class SessionStore(cached_db.SessionStore):
    """cached_db, with the cache's failures turned into misses."""

    def __init__(self, session_key=None) -> None:
        super().__init__(session_key)
        self._cache = _TolerantCache(self._cache)
