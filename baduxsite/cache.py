"""The site's Redis cache, degrading instead of failing while Redis is unreachable.

django-redis with IGNORE_EXCEPTIONS already turns reads into misses and drops writes; one call
still hurts: `add` answers None, which lock-style callers read as "someone else holds it".
allauth's login rate limit takes such a lock and answered 429 to every login during an outage.
Here `add` says the key was added when Redis did not answer, so those locks are granted and the
rate limits are simply off until Redis is back, like every other cache-backed counter.
"""

from __future__ import annotations

from typing import Any

from django_redis.cache import RedisCache


class DegradingRedisCache(RedisCache):
    """django-redis' cache; see the module docstring for `add` while Redis is down."""

    def add(self, *args: Any, **kwargs: Any) -> bool:
        added = super().add(*args, **kwargs)
        return True if added is None else added
