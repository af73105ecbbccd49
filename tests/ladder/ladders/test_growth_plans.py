"""A member's view of a ladder finds the ladder's closed accounts from the small index of
closed accounts, never by scanning every player (bench/pages_at_scale.py: "ladder (big),
heavy"). PostgreSQL only; sequential scans priced out, so a query that cannot use the index
still shows a scan of the whole table."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import User
from ladder.ladders.selectors import challenge_context
from tests.games.conftest import NOW
from tests.plans import plan_without_seqscan

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def test_a_ladders_closed_members_are_found_by_the_closed_accounts_index(
    ladder_factory, user_factory
):
    me, gone, other = user_factory(), user_factory(), user_factory()
    ladder = ladder_factory(players=(me, gone, other))
    User.objects.filter(pk=gone.pk).update(is_active=False)
    User.objects.bulk_create(
        User(username=f"crowd{n}", email=f"c{n}@example.org") for n in range(2000)
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE accounts_user")
    with CaptureQueriesContext(connection) as captured:
        context = challenge_context(ladder=ladder, user=me, now=NOW)
    assert gone.pk in context.closed and other.pk not in context.closed
    statement = next(
        q["sql"]
        for q in captured.captured_queries
        if '"ladder_ladderentry"' in q["sql"] and '"is_active"' in q["sql"]
    )
    plan = plan_without_seqscan(statement)
    assert "user_closed" in plan, plan
    assert "Seq Scan" not in plan
