"""Speed and queries of the public API's busiest reads as games grow: GET /api/v1/games/{id}
at 5 and 200 moves (19×19) and GET /api/v1/games with 1 and 30 running games, next to the
board page they stand in for.

Run: .venv/bin/python bench/api_speed.py [--repeat N] [--database-url URL]

Same data and method as bench/games_pages.py (its setup is reused): each URL is fetched N
times with Django's test client and a real token; the table gives this process's CPU time per
request (best and median), the queries per request and the body size. A temporary SQLite file
is used unless --database-url names another database (the bench migrates it and writes to it).
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def _measure(client, url: str, repeat: int, headers: dict) -> tuple[float, float, int, int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.get(url, headers=headers)  # warm caches (and the token's last_used write)
    times = []
    queries = size = 0
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as captured:
            start = time.process_time()
            response = client.get(url, headers=headers)
            times.append(time.process_time() - start)
        assert response.status_code == 200, (url, response.status_code)
        queries, size = len(captured.captured_queries), len(response.content)
    return min(times), statistics.median(times), queries, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    workdir = tempfile.TemporaryDirectory()
    os.environ["DATABASE_URL"] = args.database_url or f"sqlite:///{workdir.name}/bench.sqlite3"
    os.environ["DJANGO_SETTINGS_MODULE"] = "baduxsite.settings.test"
    os.environ["API_THROTTLE_RATE"] = "1000000/m"
    import django

    django.setup()
    from django.test import Client
    from django.test.utils import setup_test_environment
    from django.urls import reverse
    from django.utils import timezone
    from games_pages import _setup

    from accounts.api.tokens import api_token_create

    setup_test_environment()
    logging.disable(logging.WARNING)
    black, solo, short, long, _moving = _setup(5, 200, 30)
    client = Client()

    def bearer(user) -> dict:
        _, raw = api_token_create(user=user, name="bench", scope="read", now=timezone.now())
        return {"Authorization": f"Bearer {raw}"}

    as_black, as_solo = bearer(black), bearer(solo)
    rows = []
    for label, game in (("5 moves", short), ("200 moves", long)):
        rows.append(
            (
                f"GET /games/{{id}}, {label}",
                *_measure(client, f"/api/v1/games/{game.pk}", args.repeat, as_black),
            )
        )
        client.force_login(black)
        rows.append(
            (
                f"board page, {label}",
                *_measure(client, reverse("games:board", args=[game.pk]), args.repeat, {}),
            )
        )
        client.logout()
    rows.append(("GET /games, 1 running", *_measure(client, "/api/v1/games", args.repeat, as_solo)))
    rows.append(
        (
            "GET /games, 30 running",
            *_measure(client, "/api/v1/games?page_size=30", args.repeat, as_black),
        )
    )
    rows.append(
        (
            "GET /games?state=finished, 30",
            *_measure(client, "/api/v1/games?state=finished&page_size=30", args.repeat, as_black),
        )
    )

    print(f"{'request':<32}{'best ms':>9}{'median ms':>11}{'queries':>9}{'body KB':>9}")
    for label, best, median, queries, size in rows:
        print(
            f"{label:<32}{best * 1000:>9.1f}{median * 1000:>11.1f}{queries:>9}{size / 1024:>9.1f}"
        )
    workdir.cleanup()


if __name__ == "__main__":
    main()
