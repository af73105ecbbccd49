"""Presence: the cheap `last_seen` update and the "who is here" page."""

from __future__ import annotations

import datetime as dt

from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from accounts import selectors, services
from accounts.middleware import PresenceMiddleware

NOW = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)


def _updates(queries) -> list[str]:
    return [q["sql"] for q in queries if q["sql"].startswith("UPDATE")]


def test_first_request_writes_last_seen_and_the_next_one_does_not(client, player):
    client.force_login(player)

    with CaptureQueriesContext(connection) as first:
        client.get(reverse("home"))
    with CaptureQueriesContext(connection) as second:
        client.get(reverse("home"))

    assert len([sql for sql in _updates(first) if "last_seen" in sql]) == 1
    assert _updates(second) == []
    player.refresh_from_db()
    assert timezone.now() - player.last_seen < dt.timedelta(minutes=1)


def test_touch_writes_only_once_per_resolution(player):
    assert services.user_touch_last_seen(user=player, now=NOW) is True
    assert services.user_touch_last_seen(user=player, now=NOW + dt.timedelta(minutes=4)) is False
    assert services.user_touch_last_seen(user=player, now=NOW + dt.timedelta(minutes=5)) is True
    player.refresh_from_db()
    assert player.last_seen == NOW + dt.timedelta(minutes=5)


def test_touch_with_a_stale_copy_does_not_write_twice(player):
    stale_copy = type(player).objects.get(pk=player.pk)
    services.user_touch_last_seen(user=player, now=NOW)

    # Another request loaded the user before the first write: the conditional UPDATE skips.
    assert (
        services.user_touch_last_seen(user=stale_copy, now=NOW + dt.timedelta(seconds=5)) is False
    )


def test_touch_runs_no_query_inside_the_resolution(player, django_assert_num_queries):
    services.user_touch_last_seen(user=player, now=NOW)

    with django_assert_num_queries(0):
        services.user_touch_last_seen(user=player, now=NOW + dt.timedelta(minutes=1))


def test_middleware_shows_times_in_the_player_time_zone(player):
    player.time_zone = "Asia/Tokyo"
    seen = []

    def view(request):
        seen.append(timezone.get_current_timezone_name())
        return None

    request = RequestFactory().get("/")
    request.user = player
    PresenceMiddleware(view)(request)

    assert seen == ["Asia/Tokyo"]
    assert timezone.get_current_timezone_name() == "UTC"


def test_online_window_is_fifteen_minutes(user_factory):
    user_factory(username="fresh", last_seen=NOW - dt.timedelta(minutes=14, seconds=59))
    user_factory(username="edge", last_seen=NOW - dt.timedelta(minutes=15))
    user_factory(username="gone", last_seen=NOW - dt.timedelta(minutes=15, seconds=1))
    user_factory(username="never")
    user_factory(username="closed", last_seen=NOW, is_active=False)

    names = [u.username for u in selectors.users_online(now=NOW)]

    assert names == ["fresh", "edge"]


def test_who_is_here_page_paginates_and_marks_buddies(client, user_factory, player):
    now = timezone.now()
    for i in range(30):
        user_factory(username=f"p{i:02}", last_seen=now - dt.timedelta(seconds=i))
    services.relation_set(
        owner=player, target=type(player).objects.get(username="p01"), kind="buddy", now=now
    )
    client.force_login(player)

    first = client.get(reverse("who_is_here"))
    second = client.get(reverse("who_is_here"), {"page": 2})

    assert first.status_code == 200
    # `sente` was just seen by the request itself, so 31 players: 25 + 6.
    assert len(first.context["page"].object_list) == 25
    assert len(second.context["page"].object_list) == 6
    assert "Page 1 of 2" in first.content.decode()
    assert "buddy</span>" in first.content.decode()
    assert "p29" in second.content.decode()


def test_who_is_here_query_count(client, user_factory, player, django_assert_max_num_queries):
    now = timezone.now()
    for i in range(25):
        user_factory(username=f"p{i:02}", last_seen=now)
    client.force_login(player)
    client.get(reverse("home"))

    # session, user, count, page of players, buddy ids, unread notifications in the header
    with django_assert_max_num_queries(6):
        response = client.get(reverse("who_is_here"))
    assert response.status_code == 200


def test_who_is_here_says_so_when_nobody_is(client, db):
    body = client.get(reverse("who_is_here")).content.decode()

    assert "Nobody has been here in the last 15 minutes" in body


def test_seen_ago_reads_naturally():
    from accounts.templatetags.accounts_tags import seen_ago

    now = timezone.now()
    assert seen_ago(None) == "never"
    assert seen_ago(now - dt.timedelta(seconds=20)) == "just now"
    assert seen_ago(now - dt.timedelta(minutes=7, seconds=5)) == "7\xa0minutes ago"
