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


def test_the_api_s_whole_ladder_reads_its_players_by_a_join_not_a_list_of_ids(
    ladder_factory, user_factory
):
    """The API's whole ladder (no page) reads the entries with their players' names and
    ratings in one statement, each looked up by the users' and ratings' indexes: it sent the
    ladder's user ids back as a list (5,000 at full scale, "API ladder (big)"), and as many
    statements for a longer ladder; joined, it hashed every player of the site."""
    from ladder.ladders.models import LadderEntry
    from ladder.ladders.selectors import ladder_table_lines
    from ladder.ratings.models import Rating

    me = user_factory()
    ladder = ladder_factory(players=(me,))
    counts = []
    for more in (3, 40):
        crowd = [user_factory() for _ in range(more)]
        start = LadderEntry.objects.filter(ladder=ladder).count()
        LadderEntry.objects.bulk_create(
            LadderEntry(ladder=ladder, user=u, position=start + n, joined=NOW, last_active=NOW)
            for n, u in enumerate(crowd, start=1)
        )
        Rating.objects.create(
            user=crowd[0], family="square", rating=1500.0, deviation=60.0, volatility=0.06
        )
        with CaptureQueriesContext(connection) as captured:
            lines = ladder_table_lines(ladder=ladder, user=me, now=NOW)
        counts.append(len(captured))
        assert [line.position for line in lines] == list(range(1, start + more + 1))
        assert lines[start].username == crowd[0].username and lines[start].rating == 1500.0
    assert counts[0] == counts[1]
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE accounts_user; ANALYZE ladder_rating; ANALYZE ladder_ladderentry")
    statement = next(q["sql"] for q in captured.captured_queries if '"username"' in q["sql"])
    assert " IN (" not in statement, statement
    # Joined, the planner hashes every player once a ladder is a few thousand long (bench).
    assert 'JOIN "accounts_user"' not in statement, statement
    plan = plan_without_seqscan(statement)
    assert "Seq Scan" not in plan and "Hash" not in plan, plan  # no whole table of players
