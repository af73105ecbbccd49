"""Liveness and readiness (django-health-check), for the load balancer and the supervisor.

- `/health/live/` answers 200 while the process serves requests: it asks nothing else, so a
  database or Redis outage never gets the web processes restarted.
- `/health/ready/` runs every check below at once (django-health-check: each in its own
  timeout, an unexpected error reported as such, never a traceback) and answers 200, or 503
  when any fails, with JSON `{"status": "ok"|"failing", "checks": {name: "OK" | reason}}`.
  The bounds are settings.HEALTH_BOUNDS (docs/operations.md, "Health and metrics").

The checks: the database; Redis as the cache and as the broker (each at its own URL); the
outbox's lag (its oldest unpublished row); a heartbeat from a worker of each queue
(settings.HEALTH_WORKER_QUEUES) and from beat (core.heartbeats); the mail receiver's heartbeat
while play by e-mail is on; the free space of the disks of MEDIA_ROOT and EMAIL_FILE_PATH.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import shutil
from collections.abc import Iterator
from pathlib import Path

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db.models import Min
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone
from health_check.base import HealthCheck
from health_check.checks import Cache, Database
from health_check.contrib.redis import Redis
from health_check.exceptions import ServiceUnavailable
from health_check.views import HealthCheckView
from redis.asyncio import Redis as RedisClient

from core import heartbeats
from core.models import OutboxTask

# Seconds a Redis probe waits for its answer (the check's own budget is a second more).
REDIS_TIMEOUT = 2.0


def _bound(name: str) -> float:
    return settings.HEALTH_BOUNDS[name]


def _age(then: dt.datetime, now: dt.datetime) -> str:
    return f"{max((now - then).total_seconds(), 0):.0f} s"


@dataclasses.dataclass
class OutboxLag(HealthCheck):
    """The oldest outbox row still unpublished is younger than `outbox_lag_seconds`."""

    async def run(self) -> None:
        oldest = await sync_to_async(_outbox_oldest)()
        now = timezone.now()
        if oldest is not None and (now - oldest).total_seconds() > _bound("outbox_lag_seconds"):
            raise ServiceUnavailable(
                f"the oldest unpublished outbox task waits for {_age(oldest, now)} "
                f"(bound {_bound('outbox_lag_seconds'):.0f} s): is the relay or the broker down?"
            )


def _outbox_oldest() -> dt.datetime | None:
    return OutboxTask.objects.aggregate(oldest=Min("created"))["oldest"]


@dataclasses.dataclass
class Heartbeat(HealthCheck):
    """The heartbeat `name` (core.heartbeats) is more recent than the bound `bound`."""

    name: str
    bound: str
    what: str = dataclasses.field(repr=False)

    async def run(self) -> None:
        at = await sync_to_async(heartbeats.heartbeat_get)(name=self.name)
        now = timezone.now()
        limit = _bound(self.bound)
        if at is None:
            raise ServiceUnavailable(f"no heartbeat from {self.what} yet")
        if (now - at).total_seconds() > limit:
            raise ServiceUnavailable(
                f"no heartbeat from {self.what} for {_age(at, now)} (bound {limit:.0f} s)"
            )


@dataclasses.dataclass
class DiskFree(HealthCheck):
    """The disk holding `path` (or its nearest existing parent) has at least
    `disk_free_min_bytes` and `disk_free_min_percent` free."""

    path: str

    def run(self) -> None:
        folder = Path(self.path)
        while not folder.exists() and folder != folder.parent:
            folder = folder.parent
        usage = shutil.disk_usage(folder)
        percent = 100 * usage.free / usage.total if usage.total else 0.0
        least_bytes = _bound("disk_free_min_bytes")
        least_percent = _bound("disk_free_min_percent")
        if usage.free < least_bytes or percent < least_percent:
            raise ServiceUnavailable(
                f"{usage.free / 1024**3:.1f} GiB free ({percent:.1f} %) on the disk of "
                f"{self.path} (bounds {least_bytes / 1024**3:.1f} GiB and {least_percent:g} %)"
            )


def _redis(url: str) -> Redis:
    def client() -> RedisClient:
        return RedisClient.from_url(
            url, socket_timeout=REDIS_TIMEOUT, socket_connect_timeout=REDIS_TIMEOUT
        )

    return Redis(client_factory=client)


def _redis_url(url: str | None) -> str | None:
    return url if url and url.startswith(("redis://", "rediss://", "unix://")) else None


def readiness_checks() -> Iterator[tuple[str, HealthCheck]]:
    """Every readiness check, by the name the answer gives it, as the settings stand now."""
    yield "database", Database()
    cache = settings.CACHES["default"]
    cache_url = _redis_url(str(cache.get("LOCATION", "")))
    yield "cache", _redis(cache_url) if cache_url else Cache()
    broker_url = _redis_url(settings.CELERY_BROKER_URL)
    if broker_url:
        yield "broker", _redis(broker_url)
    yield "outbox", OutboxLag()
    for queue in settings.HEALTH_WORKER_QUEUES:
        name = heartbeats.worker_name(queue)
        yield name, Heartbeat(name, "worker_silence_seconds", f"a worker of queue '{queue}'")
    yield "beat", Heartbeat(heartbeats.BEAT, "beat_silence_seconds", "celery beat")
    if settings.INBOUND_MAIL_DOMAIN:
        yield (
            "mail_receiver",
            Heartbeat(
                heartbeats.MAIL_RECEIVER, "mail_receiver_silence_seconds", "the mail receiver"
            ),
        )
    yield "disk_media", DiskFree(str(settings.MEDIA_ROOT))
    yield "disk_mail", DiskFree(str(settings.EMAIL_FILE_PATH))


class ReadinessView(HealthCheckView):
    """`/health/ready/`: see the module. Always JSON; 503 when any check fails."""

    async def get(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        named = list(readiness_checks())
        with self.get_executor() as executor:
            self.results = await asyncio.gather(*(check.get_result(executor) for _, check in named))
        answers = {
            name: "OK" if result.error is None else result.error.message
            for (name, _), result in zip(named, self.results, strict=True)
        }
        failing = any(result.error is not None for result in self.results)
        return JsonResponse(
            {"status": "failing" if failing else "ok", "checks": answers},
            status=503 if failing else 200,
        )


def liveness(request: HttpRequest) -> HttpResponse:
    """`/health/live/`: the process answers; nothing else is asked."""
    response = HttpResponse("ok\n", content_type="text/plain; charset=utf-8")
    response["Cache-Control"] = "no-store"
    return response
