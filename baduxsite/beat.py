"""One beat for the whole deployment, however many are started: a lock in Redis.

`SingleBeatScheduler` (settings.CELERY_BEAT_SCHEDULER) is Celery's own PersistentScheduler that
sends periodic tasks only while it holds the lock `BEAT_LOCK_KEY` in the broker's Redis. The
holder renews it at every tick (at most BEAT_RENEW_SECONDS apart); a beat that cannot take it
stands by and tries again every BEAT_RENEW_SECONDS, so a second beat on another machine is a
standby that takes over within BEAT_LOCK_SECONDS of the first one dying, instead of sending
every periodic task a second time. The lock is redis-py's (a token under SET NX PX, renewed
only by its owner). Without Redis no beat sends anything, which changes nothing: the broker is
that Redis.
"""

from __future__ import annotations

import contextlib
import logging

import redis
from celery.beat import PersistentScheduler
from redis.exceptions import LockError, RedisError

logger = logging.getLogger(__name__)

BEAT_LOCK_KEY = "badux:beat:lock"
# How long the lock outlives its holder's last renewal.
BEAT_LOCK_SECONDS = 30
# The holder renews at least this often; a standby tries this often.
BEAT_RENEW_SECONDS = 5


class BeatLock:
    """The lock at `url` that only one beat holds at a time."""

    def __init__(self, url: str, *, key: str = BEAT_LOCK_KEY, seconds: int = BEAT_LOCK_SECONDS):
        client = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
        self._lock = client.lock(key, timeout=seconds, thread_local=False)
        self.seconds = seconds

    def hold(self) -> bool:
        """Renew the lock if this process holds it, else try to take it; whether it holds it
        now. False when Redis cannot be reached."""
        try:
            try:
                self._lock.extend(self.seconds, replace_ttl=True)
                return True
            except LockError:  # not taken yet, or expired and taken by another beat
                return bool(self._lock.acquire(blocking=False))
        except RedisError as exc:
            logger.warning("Beat lock: Redis unreachable, sending nothing: %s", exc)
            return False

    def release(self) -> None:
        """Give the lock up (a clean stop), so that a standby takes over at once."""
        with contextlib.suppress(LockError, RedisError):
            self._lock.release()


class SingleBeatScheduler(PersistentScheduler):
    """PersistentScheduler that sends only while it holds the deployment's BeatLock."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._beat_lock = BeatLock(self.app.conf.broker_url)
        self._holding: bool | None = None

    def tick(self, *args, **kwargs) -> float:
        holding = self._beat_lock.hold()
        if holding != self._holding:
            logger.warning(
                "Beat lock %s: %s",
                "taken" if holding else "held by another beat",
                "sending periodic tasks" if holding else "standing by",
            )
            self._holding = holding
        if not holding:
            return BEAT_RENEW_SECONDS
        return min(super().tick(*args, **kwargs), BEAT_RENEW_SECONDS)

    def close(self) -> None:
        super().close()
        if self._holding:
            self._beat_lock.release()
