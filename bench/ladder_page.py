"""Speed and queries of the ladder page as a ladder grows: 100 and 1,000 players, every one
rated, with a running challenge for every tenth player.

Run: .venv/bin/python bench/ladder_page.py [--players 100 1000] [--repeat N] [--database-url URL]

The page is fetched with Django's test client N times by a visitor, by the player at the
bottom (every row of their page of 100 gets its Challenge button or reason) and by the player
at the top. The table
gives the CPU time of this process per request (best and median), the queries per request and
the HTML size. A temporary SQLite file is used unless --database-url names another database
(the bench migrates it and writes to it).
"""

from __future__ import annotations

import argparse
import datetime as dt
import logging
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _setup(players: int):
    from django.utils import timezone

    from accounts.models import User
    from games.game_settings import GameSettings
    from ladder.ladders.models import Ladder, LadderEntry
    from ladder.ladders.services import ladder_challenge
    from ladder.ratings.models import Rating

    now = timezone.now() - dt.timedelta(hours=1)
    ladder = Ladder.objects.create(
        name=f"Bench {players}",
        slug=f"bench-{players}",
        created=now,
        max_incoming=5,
        **GameSettings(board_kind="square", board_size=19).columns(),
    )
    users = User.objects.bulk_create(
        [
            User(username=f"l{players}-{i}", email=f"l{players}-{i}@example.org")
            for i in range(players)
        ]
    )
    users = list(User.objects.filter(username__startswith=f"l{players}-").order_by("pk"))
    Rating.objects.bulk_create(
        Rating(
            user=u,
            family="square",
            rating=2400 - i,
            deviation=80,
            volatility=0.06,
            games=10,
            updated=now,
        )
        for i, u in enumerate(users)
    )
    LadderEntry.objects.bulk_create(
        LadderEntry(ladder=ladder, user=u, position=i + 1, joined=now, last_active=now)
        for i, u in enumerate(users)
    )
    for i in range(1, players - 1, 10):
        ladder_challenge(
            ladder_id=ladder.pk, challenger=users[i], defender_id=users[i - 1].pk, now=now
        )
    return ladder, users[0], users[-1]


def _measure(client, url: str, repeat: int) -> tuple[float, float, int, int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.get(url)  # warm caches and the session
    times = []
    queries = size = 0
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as captured:
            start = time.process_time()
            response = client.get(url)
            times.append(time.process_time() - start)
        assert response.status_code == 200, (url, response.status_code)
        queries, size = len(captured.captured_queries), len(response.content)
    return min(times), statistics.median(times), queries, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    workdir = tempfile.TemporaryDirectory()
    os.environ["DATABASE_URL"] = args.database_url or f"sqlite:///{workdir.name}/bench.sqlite3"
    os.environ["DJANGO_SETTINGS_MODULE"] = "baduxsite.settings.test"
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()
    logging.disable(logging.WARNING)
    call_command("migrate", verbosity=0)
    rows = []
    for players in args.players:
        ladder, top, bottom = _setup(players)
        url = ladder.get_absolute_url()
        for who, user in (("visitor", None), ("bottom player", bottom), ("top player", top)):
            client = Client()
            if user is not None:
                client.force_login(user)
            rows.append((players, who, *_measure(client, url, args.repeat)))

    print(
        f"{'players':>8}  {'viewer':<14}{'best ms':>9}{'median ms':>11}{'queries':>9}{'HTML KB':>9}"
    )
    for players, who, best, median, queries, size in rows:
        print(
            f"{players:>8}  {who:<14}{best * 1000:>9.1f}{median * 1000:>11.1f}"
            f"{queries:>9}{size / 1024:>9.1f}"
        )
    workdir.cleanup()


if __name__ == "__main__":
    main()
