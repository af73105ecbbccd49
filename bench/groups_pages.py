"""Speed and queries of a group's pages at 10,000 threads: the group's page, the board's first
page, a deep board page (keyset cursor after 5,000 threads), a title search and a thread of 200
posts, for a member who has read half of the threads (unread counts on every row).

Run: .venv/bin/python bench/groups_pages.py [--threads 10000] [--repeat N] [--database-url URL]

Each page is fetched with Django's test client N times by the member; the table gives the CPU
time of this process per request (best and median), the queries per request and the HTML
size. A temporary SQLite file is used unless --database-url names another database (the bench
migrates it and writes to it).
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


def _setup(threads: int):
    from django.utils import timezone

    from accounts.models import User
    from ladder.groups.models import Membership, Post, Thread, ThreadRead
    from ladder.groups.services import group_create

    now = timezone.now() - dt.timedelta(days=1)
    admin, member = User.objects.bulk_create(
        [User(username=f"g-{n}", email=f"g-{n}@example.org") for n in ("admin", "member")]
    )
    admin, member = User.objects.get(username="g-admin"), User.objects.get(username="g-member")
    group = group_create(user=admin, name="Bench club", description="", access="request", now=now)
    Membership.objects.create(group=group, user=member, created=now)
    Thread.objects.bulk_create(
        (
            Thread(group=group, author=admin if i % 2 else member, title=f"Thread number {i}",
                   created=now, last_post_at=now + dt.timedelta(seconds=i), post_count=3)
            for i in range(threads)
        ),
        batch_size=2000,
    )  # fmt: skip
    rows = list(Thread.objects.filter(group=group).order_by("id"))
    Post.objects.bulk_create(
        (
            Post(thread=t, author=admin, body=f"Post {k} of {t.title}", created=now)
            for t in rows
            for k in range(3)
        ),
        batch_size=5000,
    )
    ThreadRead.objects.bulk_create(
        (ThreadRead(thread=t, user=member, seen=2) for t in rows[::2]), batch_size=5000
    )
    long = rows[-1]
    Post.objects.bulk_create(
        Post(thread=long, author=admin, body=f"Reply {k}", created=now) for k in range(200)
    )
    Thread.objects.filter(pk=long.pk).update(post_count=203)
    return group, member, long


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
    parser.add_argument("--threads", type=int, default=10000)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    workdir = tempfile.TemporaryDirectory()
    os.environ["DATABASE_URL"] = args.database_url or f"sqlite:///{workdir.name}/bench.sqlite3"
    os.environ["DJANGO_SETTINGS_MODULE"] = "baduxsite.settings.test"
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment

    from ladder.groups.models import Thread

    setup_test_environment()
    logging.disable(logging.WARNING)
    call_command("migrate", verbosity=0)
    group, member, long = _setup(args.threads)
    middle = Thread.objects.filter(group=group).order_by("-last_post_at", "-id")[args.threads // 2]
    from ladder.groups.selectors import ThreadCursor

    cursor = ThreadCursor(at=middle.last_post_at, pk=middle.pk).token()
    board = f"/groups/{group.slug}/board/"
    pages = [
        ("group page", group.get_absolute_url()),
        ("board, page 1", board),
        (f"board, after {args.threads // 2}", f"{board}?after={cursor}"),
        ("board, search", f"{board}?q=number+99"),
        ("thread, 203 posts", f"/groups/{group.slug}/board/{long.pk}/"),
    ]
    client = Client()
    client.force_login(member)
    rows = [(name, *_measure(client, url, args.repeat)) for name, url in pages]
    print(f"{args.threads} threads ({connection.vendor})")
    print(f"{'page':<22}{'best ms':>9}{'median ms':>11}{'queries':>9}{'HTML KB':>9}")
    for name, best, median, queries, size in rows:
        print(f"{name:<22}{best * 1000:>9.1f}{median * 1000:>11.1f}{queries:>9}{size / 1024:>9.1f}")
    workdir.cleanup()


if __name__ == "__main__":
    main()
