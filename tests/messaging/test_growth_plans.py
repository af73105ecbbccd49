"""The notifications prune reads old read notices by their index (bench/pages_at_scale.py: by
id, its last, empty batch walked ten million rows). PostgreSQL only; sequential scans priced
out, so a query that cannot use the index still shows a scan of the whole table."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from messaging.notifications.services import notifications_prune
from tests.plans import plan_without_seqscan

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def _notices_statement(captured: CaptureQueriesContext) -> str:
    """The first statement that reads the notifications (others may run before it: a first
    look-up of something cached, whatever ran before this test left)."""
    table = '"messaging_notification"'
    return next(q["sql"] for q in captured.captured_queries if table in q["sql"])


def test_the_prune_finds_old_read_notices_by_their_index():
    with CaptureQueriesContext(connection) as captured:
        notifications_prune(now=timezone.now(), keep_days=90)
    plan = plan_without_seqscan(_notices_statement(captured))
    assert "notification_read_created" in plan, plan
    assert "Seq Scan" not in plan


def test_a_deep_page_of_notices_is_an_index_range_read(user_factory):
    import datetime as dt

    from messaging.notifications.models import Notification
    from messaging.notifications.selectors import notifications_page

    user = user_factory()
    now = timezone.now()
    # A player with years of notices, and statistics that know it: with a handful of rows
    # (and the statistics a parallel run leaves) a sort of the player's rows costs as little.
    Notification.objects.bulk_create(
        Notification(
            user=user,
            event="your_turn",
            key=f"turn:{n}",
            text="Your turn.",
            created=now - dt.timedelta(hours=n),
            channel="site",
        )
        for n in range(3000)
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE messaging_notification")
    key = f"5.{now.isoformat()}"
    with CaptureQueriesContext(connection) as captured:
        notifications_page(user=user, after=key, before=None, size=25)
    plan = plan_without_seqscan(_notices_statement(captured))
    assert "notification_user_created" in plan, plan
    assert "Seq Scan" not in plan


def _threads_of(user, other, count: int, now) -> None:
    import datetime as dt

    from messaging.messages.models import Thread, ThreadMember

    threads = Thread.objects.bulk_create(
        Thread(
            subject=f"Game {n}",
            started_by=user,
            created=now - dt.timedelta(hours=n),
            last_message=now - dt.timedelta(hours=n),
        )
        for n in range(count)
    )
    ThreadMember.objects.bulk_create(
        ThreadMember(thread=thread, user=member, last_message=thread.last_message)
        for thread in threads
        for member in (user, other)
    )


def test_a_deep_page_of_the_inbox_is_an_index_range_read(user_factory):
    """The inbox sorts by the member's copy of the thread's last message: its index gives the
    player's conversations in order, with no scan (or sort) of every thread of the site."""
    from messaging.messages.selectors import inbox_page

    user, other = user_factory(), user_factory()
    now = timezone.now()
    _threads_of(user, other, 2000, now)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE messaging_threadmember")
        cursor.execute("ANALYZE messaging_thread")
    first = inbox_page(user=user, archived=False, after=None, before=None, size=25)
    with CaptureQueriesContext(connection) as captured:
        page = inbox_page(user=user, archived=False, after=first.older, before=None, size=25)
    assert [m.thread.last_message for m in page.object_list] == sorted(
        (m.thread.last_message for m in page.object_list), reverse=True
    )
    statement = next(
        q["sql"] for q in captured.captured_queries if '"messaging_threadmember"' in q["sql"]
    )
    plan = plan_without_seqscan(statement)
    assert "thread_member_inbox" in plan, plan
    assert "Seq Scan" not in plan
    assert " Sort " not in plan and "Sort Key" not in plan, plan


def test_the_digest_sweep_reads_players_by_their_zone_index(user_factory, settings):
    """The sweep lists the zones in use by the index on time_zone and reads the players of
    the due ones by it; it used to ask for "a due zone or NOT IN every known zone" too, which
    no index serves (a scan of every player, hourly: issue 43)."""
    import datetime as dt

    from accounts.services import notify_modes_set
    from messaging.notifications.models import Event
    from messaging.notifications.services import digest_due_user_ids, notification_record

    settings.MESSAGING_DIGEST_HOUR = 7
    now = dt.datetime(2026, 3, 2, 22, 5, tzinfo=dt.UTC)  # 07:05 in Tokyo
    tokyo = user_factory(time_zone="Asia/Tokyo")
    elsewhere = user_factory(time_zone="Mars/Olympus_Mons")  # counts as UTC: not due
    for player in (tokyo, elsewhere):
        notify_modes_set(user=player, modes=dict.fromkeys(Event, "digest"))
        notification_record(
            user=player, event=Event.CHAT, key="chat:1", text="hi", url="/", now=now
        )
    with CaptureQueriesContext(connection) as captured:
        assert digest_due_user_ids(now=now) == [tokyo.pk]

    statements = [q["sql"] for q in captured.captured_queries if '"accounts_user"' in q["sql"]]
    statements += [q["sql"] for q in captured.captured_queries if "accounts_user " in q["sql"]]
    assert len(captured.captured_queries) <= 3  # zones in use, due players, their digests
    zones_plan = plan_without_seqscan(next(s for s in statements if "RECURSIVE" in s))
    assert "user_time_zone" in zones_plan, zones_plan
    for statement in statements:
        assert 'NOT ("accounts_user"."time_zone"' not in statement, statement
        plan = plan_without_seqscan(statement)
        assert "Seq Scan" not in plan, plan
