"""The timeout sweep on PostgreSQL: its cost follows the overdue games, not all running games.

Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/badux .venv/bin/python bench/timeout_sweep.py

Creates a scratch database (`test_<name>_bench`, dropped at the end; the database DATABASE_URL
names is never touched), bulk-inserts running games between a few reused players (10k, then
100k), and for each size makes 0, 100 and 1000 of them overdue and times
`games.services.games_time_out_overdue` (the beat task's work: skip-locked batches of 100, each
game ended through `game_timeout`, the game-over mail queued after the commit). Celery is not
eager here: queuing a task only writes to the in-memory broker, as a Redis push would. Prints
a table and the EXPLAIN (ANALYZE) plan of the batch query, which walks the deadline index.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baduxsite.settings.test")

import django  # noqa: E402

django.setup()

from django.db import connection, transaction  # noqa: E402
from django.test.utils import setup_databases, teardown_databases  # noqa: E402

from accounts.models import User  # noqa: E402
from baduxsite.celery import app  # noqa: E402
from games.models import Game, GameStatus  # noqa: E402
from games.services import sweeps  # noqa: E402

PLAYERS = 10
BATCH = 5000


def insert_games(total: int, now: dt.datetime, players: list[User]) -> None:
    """`total` running 9×9 games, all with deadlines 1 to 72 hours ahead."""
    Game.objects.all().delete()
    rows = []
    for i in range(total):
        black, white = players[i % PLAYERS], players[(i + 1 + i // PLAYERS) % PLAYERS]
        if black.pk == white.pk:
            white = players[(i + 2) % PLAYERS]
        deadline = now + dt.timedelta(hours=1 + i % 72)
        rows.append(
            Game(
                black=black,
                white=white,
                board_kind="square",
                board_size=9,
                ruleset="go-area",
                komi="7.5",
                clock_days=3,
                created=now - dt.timedelta(days=1),
                deadline=deadline,
                clock_started=now - dt.timedelta(days=1),
                clock_left=deadline - now + dt.timedelta(days=1),
                warn_at=deadline,
            )
        )
        if len(rows) == BATCH:
            Game.objects.bulk_create(rows)
            rows = []
    Game.objects.bulk_create(rows)
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {Game._meta.db_table}")


def make_overdue(count: int, now: dt.datetime) -> None:
    """Move the deadline of `count` running games into the past (1 to 60 minutes ago)."""
    ids = list(
        Game.objects.filter(status=GameStatus.PLAYING)
        .order_by("?")
        .values_list("pk", flat=True)[:count]
    )
    for n, game_id in enumerate(ids):
        Game.objects.filter(pk=game_id).update(deadline=now - dt.timedelta(minutes=1 + n % 60))


def batch_plan(now: dt.datetime) -> str:
    """EXPLAIN (ANALYZE, BUFFERS) of the sweep's batch query, as the sweep sends it."""
    query = (
        Game.objects.select_for_update(skip_locked=True, of=("self",))
        .filter(status=GameStatus.PLAYING, deadline__lte=now)
        .order_by("deadline")
        .values_list("pk", flat=True)[: sweeps.SWEEP_BATCH]
    )
    with transaction.atomic():
        sql, params = query.query.sql_with_params()
        with connection.cursor() as cursor:
            cursor.execute(f"EXPLAIN (ANALYZE, BUFFERS) {sql}", params)
            plan = "\n".join(row[0] for row in cursor.fetchall())
        transaction.set_rollback(True)
    return plan


def timed_sweep(now: dt.datetime) -> tuple[float, int]:
    started = time.perf_counter()
    ended = sweeps.games_time_out_overdue(now=now)
    return time.perf_counter() - started, ended


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000", help="running games per round")
    parser.add_argument("--overdue", default="0,100,1000", help="overdue games per sweep")
    parser.add_argument("--repeat", type=int, default=3, help="best of N for 0 overdue")
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        print("Set DATABASE_URL to a PostgreSQL server (postgres://user@host:5432/name).")
        return 2
    settings_dict = connection.settings_dict
    settings_dict.setdefault("TEST", {})["NAME"] = f"test_{settings_dict['NAME']}_bench"
    app.conf.task_always_eager = False  # queue to the in-memory broker, like a Redis push

    old_config = setup_databases(verbosity=0, interactive=False)
    try:
        players = [
            User.objects.create_user(username=f"bench{i}", email=f"bench{i}@example.org")
            for i in range(PLAYERS)
        ]
        now = dt.datetime.now(dt.UTC)
        rows = []
        plan = ""
        for total in map(int, args.sizes.split(",")):
            insert_games(total, now, players)
            for overdue in map(int, args.overdue.split(",")):
                make_overdue(overdue, now)
                if overdue == max(map(int, args.overdue.split(","))) and total == max(
                    map(int, args.sizes.split(","))
                ):
                    plan = batch_plan(now)
                if overdue == 0:
                    times = [timed_sweep(now) for _ in range(args.repeat)]
                    seconds = min(t for t, _ in times)
                    ended = sum(n for _, n in times)
                else:
                    seconds, ended = timed_sweep(now)
                rows.append((total, overdue, ended, seconds))
        print(f"PostgreSQL {connection.pg_version // 10000}, batches of {sweeps.SWEEP_BATCH}")
        print()
        heads = ("running games", "overdue", "ended", "sweep time", "per ended game")
        print("| " + " | ".join(f"{h:>13}" for h in heads) + " |")
        print("|" + "|".join("-" * 14 + ":" for _ in heads) + "|")
        for total, overdue, ended, seconds in rows:
            per = f"{seconds / ended * 1000:.1f} ms" if ended else "–"
            cells = (f"{total:,}", f"{overdue:,}", f"{ended:,}", f"{seconds * 1000:.1f} ms", per)
            print("| " + " | ".join(f"{c:>13}" for c in cells) + " |")
        empty = [s for _, o, _, s in rows if o == 0]
        print()
        print(f"0 overdue: {statistics.mean(empty) * 1000:.2f} ms on average over the sizes")
        print()
        print("Batch query plan (largest size, most overdue, before the sweep):")
        print(plan)
    finally:
        teardown_databases(old_config, verbosity=0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
