"""Speed and queries of the private message pages as a player's mail grows: the inbox with 1
and 200 threads, a thread with 2 and 200 messages, and the home page (the menu's unread
counts).

Run: .venv/bin/python bench/messages_pages.py [--repeat N] [--database-url URL]

Each page is fetched with Django's test client, logged in, N times; the table gives the CPU
time of this process per request (best and median), the queries per request and the HTML
size. A temporary SQLite file is used unless --database-url names another database (the bench
migrates it and writes to it).
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


def _setup(threads_many: int, messages_many: int):
    from allauth.account.models import EmailAddress
    from django.core.management import call_command
    from django.test import override_settings
    from django.utils import timezone

    from accounts.models import User
    from messaging.messages import services as threads

    call_command("migrate", verbosity=0)
    now = timezone.now()

    def user(name: str) -> User:
        made = User.objects.create_user(username=name, email=f"{name}@example.org")
        EmailAddress.objects.create(user=made, email=made.email, verified=True, primary=True)
        return made

    few, many, writer = user("bench-few"), user("bench-many"), user("bench-writer")
    unlimited = {"message_thread": (10**6, 86400), "message": (10**6, 3600)}
    with override_settings(FLOOD_LIMITS=unlimited):
        short = threads.thread_start(sender=writer, recipient=few, subject="Hi", body="Hi", now=now)
        threads.message_send(thread_id=short.pk, sender=few, body="Hello", now=now)
        for i in range(threads_many - 1):
            other = user(f"bench-p{i}")
            threads.thread_start(
                sender=other, recipient=many, subject=f"Thread {i}", body="x" * 200, now=now
            )
        long = threads.thread_start(
            sender=writer, recipient=many, subject="Long", body="a", now=now
        )
        for i in range(messages_many - 1):
            sender = (many, writer)[i % 2]
            threads.message_send(thread_id=long.pk, sender=sender, body="y" * 300, now=now)
    return few, many, short, long


def _measure(client, url: str, repeat: int) -> tuple[float, float, int, int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.get(url)
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
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    workdir = tempfile.TemporaryDirectory()
    os.environ["DATABASE_URL"] = args.database_url or f"sqlite:///{workdir.name}/bench.sqlite3"
    os.environ["DJANGO_SETTINGS_MODULE"] = "baduxsite.settings.test"
    import django

    django.setup()
    from django.test import Client
    from django.test.utils import setup_test_environment
    from django.urls import reverse

    setup_test_environment()
    logging.disable(logging.WARNING)
    few, many, short, long = _setup(200, 200)
    client = Client()
    rows = []
    client.force_login(few)
    rows.append(("inbox, 1 thread", *_measure(client, reverse("messages:inbox"), args.repeat)))
    url = reverse("messages:thread", args=[short.pk])
    rows.append(("thread, 2 messages", *_measure(client, url, args.repeat)))
    client.force_login(many)
    rows.append(("home (menu counts)", *_measure(client, reverse("home"), args.repeat)))
    rows.append(("inbox, 200 threads", *_measure(client, reverse("messages:inbox"), args.repeat)))
    url = reverse("messages:thread", args=[long.pk])
    rows.append(("thread, 200 messages", *_measure(client, url, args.repeat)))

    print(f"{'page':<22}{'best ms':>9}{'median ms':>11}{'queries':>9}{'HTML KB':>9}")
    for label, best, median, queries, size in rows:
        print(
            f"{label:<22}{best * 1000:>9.1f}{median * 1000:>11.1f}{queries:>9}{size / 1024:>9.1f}"
        )
    workdir.cleanup()


if __name__ == "__main__":
    main()
