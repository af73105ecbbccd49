"""Web Push latency: from a move's POST to its "your turn" push, decrypted at a push service.

Run: .venv/bin/python bench/push_latency.py [--moves N] [--database-url URL]

A game between two players, each with a device subscribed at the local push service of the
push tests (tests/messaging/push/conftest.py: a plain HTTP server on 127.0.0.1 that checks the
VAPID JWT and decrypts the payload with the device's key). Each move is POSTed through Django's
test client; the time runs from just before the POST until the push service has decrypted the
opponent's push. Two ways the work after the commit runs:

- relay: as in production, the request only writes the outbox row; a relay thread
  (core.outbox.outbox_relay_run: LISTEN/NOTIFY on PostgreSQL, a poll every
  OUTBOX_RELAY_POLL s on SQLite) publishes the notice task, which queues the push task
  through the outbox again; tasks run in that thread (Celery eager), so no broker or worker
  queue wait is counted;
- at commit: the committing request publishes and runs both tasks itself (the tests' way):
  the floor of the work, without the relay's wake-ups.

A temporary SQLite file is used unless --database-url names another database (migrated and
written to).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from http.server import ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(round(len(ordered) * share)) - 1)]


def _push_service():
    """The tests' local push service, running, and the site set to push to it."""
    from django.conf import settings

    from messaging.push.keys import vapid_keys_make
    from tests.messaging.push.conftest import LocalPushService, _handler

    keys = vapid_keys_make()
    service = LocalPushService(public_key=keys.public)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(service))
    server.daemon_threads = True
    service.base_url = f"http://127.0.0.1:{server.server_address[1]}"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    settings.PUSH = {
        **settings.PUSH,
        "ENABLED": True,
        "VAPID_PUBLIC_KEY": keys.public,
        "VAPID_PRIVATE_KEY": keys.private,
        "SERVICE_HOSTS": ["127.0.0.1"],
        "INSECURE_ENDPOINTS": True,
    }
    return service, server


def bench(moves: int, *, relay: bool) -> list[float]:
    from django.conf import settings
    from django.test import Client
    from django.urls import reverse
    from django.utils import timezone

    from accounts.models import User
    from core.outbox import outbox_relay_run
    from games.game_settings import GameSettings
    from games.services import play
    from rules import square

    service, server = _push_service()
    settings.OUTBOX_PUBLISH_AT_COMMIT = not relay

    tag = f"{int(time.time() * 1000)}{'r' if relay else 'c'}"
    black = User.objects.create_user(username=f"b{tag}", email=f"b{tag}@example.org")
    white = User.objects.create_user(username=f"w{tag}", email=f"w{tag}@example.org")
    for user in (black, white):
        service.subscribe(user=user, now=timezone.now())
    game = play.game_start(
        black=black,
        white=white,
        now=timezone.now(),
        settings=GameSettings(board_kind="square", board_size=19, ruleset="go-area"),
    )
    clients = {}
    for user in (black, white):
        clients[user.pk] = Client()
        clients[user.pk].force_login(user)
    stop = threading.Event()
    relay_thread = None
    if relay:
        relay_thread = threading.Thread(target=outbox_relay_run, kwargs={"stop": stop})
        relay_thread.start()
    # The game's first "your turn" (move 0, to Black) is not a move: wait it out.
    deadline = time.monotonic() + 10
    while not service.received and time.monotonic() < deadline:
        time.sleep(0.001)
    points = list(square(19).points())
    times = []
    try:
        for number in range(moves):
            game.refresh_from_db()
            mover = game.player(game.to_move)
            before = len(service.received)
            point = square(19).name(points[(number * 7) % len(points)])
            start = time.perf_counter()
            response = clients[mover.pk].post(
                reverse("games:move", args=[game.pk]),
                {"point": point, "move_number": str(game.move_number)},
            )
            assert response.status_code == 302, response.status_code
            while len(service.received) == before:
                if time.perf_counter() - start > 30:
                    raise RuntimeError(f"no push for move {number + 1} within 30 s")
                time.sleep(0.0005)
            times.append((time.perf_counter() - start) * 1000)
            assert f"move {game.move_number + 1}." in service.received[-1].payload["body"]
    finally:
        stop.set()
        if relay_thread:
            relay_thread.join()
        server.shutdown()
    assert not service.refused, service.refused
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    workdir = tempfile.TemporaryDirectory()
    os.environ["DATABASE_URL"] = args.database_url or f"sqlite:///{workdir.name}/bench.sqlite3"
    os.environ["DJANGO_SETTINGS_MODULE"] = "baduxsite.settings.test"
    import django

    django.setup()
    import logging

    logging.disable(logging.WARNING)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    engine = "PostgreSQL" if args.database_url.startswith("postgres") else "SQLite"
    print(f"Move POST -> decrypted push at the local push service ({args.moves} moves, {engine})\n")
    print(f"{'path':<12} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for relay in (True, False):
        times = bench(args.moves, relay=relay)
        label = "relay" if relay else "at commit"
        p50, p95 = statistics.median(times), _percentile(times, 0.95)
        print(f"{label:<12} {p50:>8.1f} {p95:>8.1f} {max(times):>8.1f}")
    workdir.cleanup()


if __name__ == "__main__":
    main()
