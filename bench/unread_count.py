"""The site header's unread count (messaging.sql.UNREAD) with 10 million notifications.

Run: .venv/bin/python bench/unread_count.py [--rows N] [--users N] [--repeat N]
                                              [--database-url postgres://.../badux_bench]

Fills a PostgreSQL database of its own (created when missing, migrated; default name
badux_bench) with N notifications spread evenly over the players (those whose number is a
multiple of 50 have all theirs unread, the others none: 2 % unread), plus one heavy player with
200,000 of their own (1 in 2,000 unread), then times the header's query for the heavy player, a
player with all read, one with all unread and a new player: wall time per query as the web
process sees it (round trip included), median and 99th percentile (the p99 follows the
machine's load more than the query), the server's own execution time (EXPLAIN ANALYZE) and the
plan PostgreSQL chose. The rows are made once and kept for later runs with the same --rows and
--users.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

HEAVY_ROWS = 200_000


def _create_database(url: str) -> None:
    import psycopg

    parts = urllib.parse.urlsplit(url)
    name = parts.path.lstrip("/")
    admin = urllib.parse.urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def _fill(rows: int, users: int) -> None:
    from django.db import connection

    from accounts.models import User
    from messaging.models import Notification

    marker = f"bench-unread-{rows}-{users}"
    if User.objects.filter(username=marker).exists():
        return
    print(f"filling: {users:,} players, {rows:,} + {HEAVY_ROWS:,} notifications ...", flush=True)
    started = time.monotonic()
    with connection.cursor() as cursor:
        cursor.execute(f'TRUNCATE "{Notification._meta.db_table}"')
    User.objects.filter(username__startswith="bench-unread-").delete()
    made = User.objects.bulk_create(
        [User(username=f"bench-unread-p{i}", email=f"p{i}@bench.invalid") for i in range(users)],
        batch_size=5000,
    )
    heavy = User.objects.create(username="bench-unread-heavy", email="heavy@bench.invalid")
    first, last = made[0].pk, made[-1].pk
    table = Notification._meta.db_table
    columns = '"user_id", "event", "key", "text", "url", "created", "read", "channel", "mail_error"'
    with connection.cursor() as cursor:
        # Player g % users, one row a minute into the past; one row in 50 unread.
        cursor.execute(
            f"INSERT INTO {table} ({columns}) "  # noqa: S608 - our own table name
            "SELECT %s + (g %% %s), 'your_turn', 'turn:' || g, 'Your turn in game ' || g,"
            " '/games/' || g || '/', now() - make_interval(mins => g), g %% 50 <> 0, 'site', ''"
            " FROM generate_series(1, %s) AS g",
            [first, last - first + 1, rows],
        )
        cursor.execute(
            f"INSERT INTO {table} ({columns}) "  # noqa: S608 - our own table name
            "SELECT %s, 'your_turn', 'turn:' || g, 'Your turn in game ' || g,"
            " '/games/' || g || '/', now() - make_interval(mins => g), g %% 2000 <> 0, 'site', ''"
            " FROM generate_series(1, %s) AS g",
            [heavy.pk, HEAVY_ROWS],
        )
        cursor.execute(f"VACUUM ANALYZE {table}")
    User.objects.create(username=marker, email="marker@bench.invalid")
    print(f"filled in {time.monotonic() - started:.0f} s", flush=True)


def _time(user_id: int, repeat: int) -> tuple[float, float, int]:
    from django.db import connection

    from messaging.sql import UNREAD

    sql = UNREAD.sql()

    samples = []
    with connection.cursor() as cursor:
        for _ in range(repeat):
            started = time.perf_counter()
            cursor.execute(sql, [user_id, user_id])
            (unread, _messages) = cursor.fetchone()
            samples.append((time.perf_counter() - started) * 1000)
    samples.sort()
    p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))]
    return statistics.median(samples), p99, unread


def _plan(user_id: int) -> tuple[str, str]:
    """The server's execution time (ms) and the notifications scan of the plan."""
    from django.db import connection

    from messaging.sql import UNREAD

    sql = UNREAD.sql()

    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql, [user_id, user_id])
        lines = [row[0] for row in cursor.fetchall()]
    scans = [line.strip().lstrip("-> ") for line in lines if "Scan" in line]
    took = next((line.split(":")[1].strip() for line in lines if "Execution Time" in line), "?")
    return took.removesuffix(" ms"), (scans[0].split("  (")[0] if scans else lines[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10_000_000)
    parser.add_argument("--users", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=500)
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/badux_bench")
    args = parser.parse_args()
    if not args.database_url.startswith("postgres"):
        parser.error("the bench needs PostgreSQL (--database-url postgres://...)")
    _create_database(args.database_url)
    os.environ["DATABASE_URL"] = args.database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baduxsite.settings.dev")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db.models import Count, Q

    from accounts.models import User
    from messaging.models import Notification

    call_command("migrate", verbosity=0)
    _fill(args.rows, args.users)
    total = Notification.objects.count()
    heavy = User.objects.get(username="bench-unread-heavy")
    typical = User.objects.get(username="bench-unread-p7")
    behind = User.objects.get(username="bench-unread-p50")
    new, _ = User.objects.get_or_create(username="bench-unread-new", email="new@bench.invalid")
    print(f"\n{total:,} notifications; header query, {args.repeat} runs each\n")
    print("| player | notifications | unread | median ms | p99 ms | server ms | plan |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    players = (("heavy", heavy), ("all read", typical), ("all unread", behind), ("new", new))
    for label, user in players:
        counts = Notification.objects.filter(user=user).aggregate(
            all=Count("pk"), unread=Count("pk", filter=Q(read=False))
        )
        median, p99, unread = _time(user.pk, args.repeat)
        assert unread == counts["unread"]
        server, plan = _plan(user.pk)
        print(
            f"| {label} | {counts['all']:,} | {unread:,} | {median:.3f} | {p99:.3f} "
            f"| {server} | {plan} |"
        )


if __name__ == "__main__":
    main()
