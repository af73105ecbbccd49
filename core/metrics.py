"""The site's own Prometheus metrics (prometheus_client), counted where things happen.

Requests and database queries are django-prometheus's (its middleware and database backends,
settings). The counters and histograms here are incremented by the process that did the work: a
gunicorn worker (moves, refusals), a Celery worker (tasks, sweeps, notices, mail). With
PROMETHEUS_MULTIPROC_DIR set in every process's environment (prometheus_client's multiprocess
mode), each process writes its values to files there and the metrics URL of any web process
on that machine adds them all up (baduxsite.metrics). Gauges of the site's state (outbox rows and
lag, running games by board) are not kept by any process: they are read from the database
at each scrape (baduxsite.metrics.StateCollector), so they are right whichever process answers.

Names follow Prometheus' conventions: `badux_` prefix, `_total` counters, `_seconds` units.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable

from prometheus_client import Counter, Histogram

Swept = int | dict[str, int]

MOVES = Counter(
    "badux_moves",
    "Moves and passes played and committed, by board ('square 19', 'hex 6').",
    ["board"],
)
REFUSALS = Counter(
    "badux_refusals",
    "Refusals answered (pages and API), by the code of core.refusals' registry.",
    ["code"],
)
NOTICE_LATENCY = Histogram(
    "badux_notice_latency_seconds",
    "From a move to its 'your turn' notice: recorded on the site (stage=recorded) and its "
    "mail handed to the mail server (stage=mailed).",
    ["event", "stage"],
    buckets=(0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900, 3600, 4 * 3600),
)
SWEEP_DURATION = Histogram(
    "badux_sweep_duration_seconds",
    "How long one run of a beat sweep took, by sweep (the beat task's name).",
    ["sweep"],
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120),
)
SWEPT = Counter(
    "badux_sweep_games",
    "Games (or rows) a beat sweep acted on: ended, warned, re-queued, by sweep.",
    ["sweep"],
)
TASK_RUNS = Counter("badux_celery_task_runs", "Celery tasks run by workers, by name.", ["task"])
TASK_FAILURES = Counter(
    "badux_celery_task_failures",
    "Celery task runs that raised and were not retried, by name.",
    ["task"],
)
MAIL_SENT = Counter("badux_mail_sent", "Mails the mail server took (core.mail.message_send).")
MAIL_FAILED = Counter(
    "badux_mail_failed",
    "Mails the mail server did not take, by kind: transient (retried) or permanent.",
    ["kind"],
)
MAIL_BOUNCES = Counter(
    "badux_mail_bounces",
    "Delivery reports received at a return path, by kind: hard (address failing) or soft.",
    ["kind"],
)
PUSH_SENT = Counter(
    "badux_push_sent", "Web Push messages a push service took (messaging.push), per device."
)
PUSH_FAILED = Counter(
    "badux_push_failed",
    "Web Push messages a push service did not take, by kind: transient (timeout, 5xx, 429: "
    "retried), gone (404/410: the device's subscription deleted) or permanent (other refusals).",
    ["kind"],
)


def sweep_metered(name: str) -> Callable[[Callable[..., Swept]], Callable[..., Swept]]:
    """Decorate a beat sweep's function: each run is timed (SWEEP_DURATION) and what it
    returns, a count or counts by kind (`{"timed_out": 2, "warned": 1}`), is added up as the
    games it acted on (SWEPT), under the sweep `name`."""

    def decorate(function: Callable[..., Swept]) -> Callable[..., Swept]:
        @functools.wraps(function)
        def run(*args: object, **kwargs: object) -> Swept:
            started = time.perf_counter()
            try:
                result = function(*args, **kwargs)
            finally:
                SWEEP_DURATION.labels(sweep=name).observe(time.perf_counter() - started)
            count = sum(result.values()) if isinstance(result, dict) else int(result)
            if count:
                SWEPT.labels(sweep=name).inc(count)
            return result

        return run

    return decorate
