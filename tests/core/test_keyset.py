"""Keyset pagination (core.keyset): walking the pages older then newer visits every row once,
in order, rows of the same time ordered by id, and a list split in querysets reads the same."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.keyset import keyset_page
from messaging.models import Notification

pytestmark = pytest.mark.django_db

START = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def _notices(user, minutes: list[int]) -> list[Notification]:
    made = [
        Notification.objects.create(
            user=user,
            event="chat",
            key=f"k{i}",
            text="t",
            url="/",
            created=START + dt.timedelta(minutes=m),
        )
        for i, m in enumerate(minutes)
    ]
    return sorted(made, key=lambda n: (n.created, n.pk), reverse=True)


def _walk(queryset, size: int) -> tuple[list, list]:
    pages, after = [], None
    while True:
        page = keyset_page(queryset, column="created", size=size, after=after, before=None)
        pages.append(list(page))
        if page.older is None:
            break
        after = page.older
    back = [list(page)]
    while page.newer is not None:
        page = keyset_page(queryset, column="created", size=size, after=None, before=page.newer)
        back.append(list(page))
    return pages, back


# Each example deletes the notices first and makes its own player: the fixture is a factory.
@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(minutes=st.lists(st.integers(0, 3), min_size=1, max_size=9), size=st.integers(1, 4))
def test_pages_visit_every_row_once_both_ways(user_factory, minutes, size):
    Notification.objects.all().delete()
    user = user_factory()
    rows = _notices(user, minutes)
    pages, back = _walk(Notification.objects.filter(user=user), size)
    assert [row for page in pages for row in page] == rows
    assert all(len(page) == size for page in pages[:-1])
    assert back == pages[::-1][: len(back)]
    assert back[-1] == pages[0]
    split = (
        Notification.objects.filter(user=user, read=False),
        Notification.objects.filter(user=user, read=True),
    )
    Notification.objects.filter(pk__in=[row.pk for row in rows[::2]]).update(read=True)
    assert _walk(split, size) == (pages, back)


@pytest.mark.parametrize(
    "key",
    [
        "",
        "7",
        "x.2026-01-01",
        "7.not-a-time",
        "7." + "9" * 90,
        # Parse, but lie past what a datetime holds once in UTC (OverflowError at the query).
        "7.9999-12-31T23:59:59-14:00",
        "7.0001-01-01T00:00:00+14:00",
        # A digit to str.isdigit that int() refuses.
        "\u00b2.2026-01-01T00:00:00+00:00",
    ],
)
def test_a_key_that_does_not_parse_is_the_first_page(user_factory, key):
    rows = _notices(user_factory(), [0, 1, 2])
    page = keyset_page(Notification.objects.all(), column="created", size=2, after=key, before=key)
    assert list(page) == rows[:2] and page.newer is None and page.older is not None
