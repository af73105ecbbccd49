"""The player search reads by index at any number of players (issue 43: it counted every
active player and scanned them all for a name). PostgreSQL only; sequential scans priced out,
so a query no index can serve still shows a scan of the whole table."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts import selectors
from tests.plans import plan_without_seqscan

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def _users_statement(captured: CaptureQueriesContext) -> str:
    return next(q["sql"] for q in captured.captured_queries if '"accounts_user"' in q["sql"])


def _page_plan(**filters) -> str:
    with CaptureQueriesContext(connection) as captured:
        selectors.users_search_page(size=25, **filters)
    assert len(captured.captured_queries) == 1  # one page, nothing counted
    return plan_without_seqscan(_users_statement(captured))


def _name_filter_plan(name: str) -> str:
    """The plan of a name search with ordered index walks priced out too: with a handful of
    rows, walking the username index and filtering is cheapest; the trigram index must be
    able to find the matches by itself."""
    with connection.cursor() as cursor:
        cursor.execute("SET enable_indexscan = off")
        try:
            return _page_plan(name=name)
        finally:
            cursor.execute("RESET enable_indexscan")


def test_every_player_a_page_at_a_time_by_the_username_index(user_factory):
    user_factory(username="anna")

    plan = _page_plan(after="a")

    assert "accounts_user_username_key" in plan, plan
    assert "Seq Scan" not in plan, plan


def test_a_country_a_page_at_a_time_by_its_index(user_factory):
    user_factory(username="anna", country="NL")

    plan = _page_plan(country="NL", before="bert")

    assert "user_country_username" in plan, plan
    assert "Seq Scan" not in plan, plan


@pytest.mark.parametrize("name", ["player12", "Shu", "li", "x"])
def test_a_name_is_found_by_the_trigram_indexes(user_factory, name):
    user_factory(username="honinbo", display_name="Honinbo Shusaku")

    plan = _name_filter_plan(name)

    assert "user_username_trgm" in plan and "user_display_name_trgm" in plan, plan
    assert "Seq Scan" not in plan, plan
