"""`manage.py outbox_relay`: the process that publishes the outbox's tasks after their commit."""

from __future__ import annotations

import signal
import threading

from django.core.management.base import BaseCommand

from core.outbox import outbox_relay_run


class Command(BaseCommand):
    help = (
        "Publish the Celery tasks recorded in the outbox as their transactions commit (woken by "
        "PostgreSQL's NOTIFY; on SQLite it polls). Runs until SIGTERM or SIGINT; any number may "
        "run at once."
    )

    def handle(self, *args: object, **options: object) -> None:
        stop = threading.Event()
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, lambda *_: stop.set())
        self.stdout.write("Outbox relay running.")
        outbox_relay_run(stop=stop)
        self.stdout.write("Outbox relay stopped.")
