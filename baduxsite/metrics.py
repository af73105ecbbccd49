"""`/metrics`: the Prometheus metrics of the site, for a scraper that holds the token.

What is served: django-prometheus' request and database metrics, ours (core.metrics: moves,
refusals, notice latency, sweeps, Celery tasks, mail), and the state of the site read from the
database at each scrape (`StateCollector`: outbox rows and lag, running games by board).

Processes: with PROMETHEUS_MULTIPROC_DIR set (prometheus_client's multiprocess mode), every
process of the machine (each gunicorn worker, each Celery worker process) writes its counters
to files there, and this view adds up all of them, whichever web process answers. Without it
(development) the view serves its own process's metrics. The gauges of the site's state are
computed at the scrape rather than kept by a process, so they need no multiprocess handling.

Protection: `Authorization: Bearer <settings.METRICS_TOKEN>`. Without a token configured the URL
answers 404 (it does not exist), except with DEBUG on a developer's machine; with one, a
request without it (or with another) gets 401.
"""

from __future__ import annotations

import hmac
from collections.abc import Iterator

from django.conf import settings
from django.db import DatabaseError
from django.db.models import Count, Min
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.multiprocess import MultiProcessCollector

from core.models import OutboxTask
from games.models import Game, GameStatus


class StateCollector:
    """Gauges read from the database at each scrape. A database that does not answer gives
    `badux_state_up 0` and no other gauge of this collector (the scrape itself succeeds)."""

    def collect(self) -> Iterator[Metric]:
        up = GaugeMetricFamily("badux_state_up", "Whether the site's state could be read.")
        try:
            metrics = list(_state_metrics())
        except DatabaseError:
            up.add_metric([], 0)
            yield up
            return
        up.add_metric([], 1)
        yield up
        yield from metrics


def _state_metrics() -> Iterator[Metric]:
    outbox = OutboxTask.objects.aggregate(rows=Count("pk"), oldest=Min("created"))
    rows = GaugeMetricFamily("badux_outbox_rows", "Tasks recorded and not yet published.")
    rows.add_metric([], outbox["rows"])
    yield rows
    lag = GaugeMetricFamily(
        "badux_outbox_lag_seconds", "Age of the oldest unpublished outbox task (0: none)."
    )
    oldest = outbox["oldest"]
    lag.add_metric([], (timezone.now() - oldest).total_seconds() if oldest else 0.0)
    yield lag
    games = GaugeMetricFamily(
        "badux_active_games",
        "Games being played, by board ('square 19', 'hex 6').",
        labels=["board"],
    )
    by_board = (
        Game.objects.filter(status=GameStatus.PLAYING)
        .values("board_kind", "board_size")
        .annotate(count=Count("pk"))
        .order_by("board_kind", "board_size")
    )
    for row in by_board:
        games.add_metric([f"{row['board_kind']} {row['board_size']}"], row["count"])
    yield games


def _exposition() -> bytes:
    state = CollectorRegistry(auto_describe=True)
    state.register(StateCollector())
    if settings.PROMETHEUS_MULTIPROC_DIR:
        processes = CollectorRegistry()
        MultiProcessCollector(processes, settings.PROMETHEUS_MULTIPROC_DIR)
        return generate_latest(processes) + generate_latest(state)
    return generate_latest(REGISTRY) + generate_latest(state)


def _authorised(request: HttpRequest) -> bool:
    given = request.headers.get("Authorization", "")
    expected = f"Bearer {settings.METRICS_TOKEN}"
    return hmac.compare_digest(given.encode(), expected.encode())


@never_cache
def metrics(request: HttpRequest) -> HttpResponse:
    """The metrics in Prometheus' text format; see the module for who may read them."""
    if not settings.METRICS_TOKEN:
        if not settings.DEBUG:
            raise Http404
    elif not _authorised(request):
        response = HttpResponse("A bearer token is required.\n", status=401)
        response["WWW-Authenticate"] = 'Bearer realm="metrics"'
        return response
    return HttpResponse(_exposition(), content_type=CONTENT_TYPE_LATEST)
