"""The notifications page, marking read, and the unread count in the site header."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from messaging.notifications import services
from messaging.notifications.models import Event, Notification
from tests.messaging.conftest import NOW


def make(user, n: int, *, start: int = 0) -> None:
    for i in range(start, start + n):
        services.notification_record(
            user=user,
            event=Event.CHAT,
            key=f"chat:{i}",
            text=f"line {i:02}",
            url=f"/games/{i}/",
            now=NOW + dt.timedelta(minutes=i),
        )


@pytest.fixture
def player(user_factory):
    return user_factory(username="kuro")


def test_the_page_needs_a_login(client):
    response = client.get(reverse("messaging:list"))
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_the_list_is_paginated_newest_first_and_shows_only_your_own(client, player, user_factory):
    make(player, 30)
    make(user_factory(), 3, start=100)
    client.force_login(player)

    page = client.get(reverse("messaging:list"))
    first = page.content.decode()
    older = page.context["page"].older
    second = client.get(reverse("messaging:list"), {"after": older}).content.decode()

    assert first.index("line 29") < first.index("line 05")
    assert "line 04" not in first
    assert "line 04" in second and "line 00" in second and "line 05" not in second
    assert f'href="?after={older}" rel="next"' in first.replace("%3A", ":").replace("%2B", "+")
    assert 'rel="prev"' in second  # back to the newer ones
    assert '<a href="/games/29/">line 29</a>' in first
    assert "line 100" not in first + second


def test_mark_one_read_then_all(client, player, user_factory):
    make(player, 3)
    other = user_factory()
    make(other, 1, start=50)
    theirs = Notification.objects.get(user=other)
    mine = Notification.objects.filter(user=player).order_by("pk").first()
    client.force_login(player)

    client.post(reverse("messaging:mark_read"), {"notification": mine.pk})
    client.post(reverse("messaging:mark_read"), {"notification": theirs.pk})

    assert list(Notification.objects.filter(read=True)) == [mine]
    response = client.post(reverse("messaging:mark_read"), {"all": "1"}, follow=True)
    assert "2 notifications marked read." in response.content.decode()
    assert Notification.objects.filter(user=player, read=False).count() == 0
    assert Notification.objects.get(pk=theirs.pk).read is False


def test_mark_read_without_a_target_says_so(client, player):
    client.force_login(player)
    response = client.post(reverse("messaging:mark_read"), {}, follow=True)
    assert "Say which notification to mark read." in response.content.decode()


def test_mark_read_refuses_get(client, player):
    client.force_login(player)
    assert client.get(reverse("messaging:mark_read")).status_code == 405


def test_the_header_shows_the_unread_count_and_links_the_page(client, player):
    make(player, 3)
    Notification.objects.filter(key="chat:0").update(read=True)
    client.force_login(player)

    body = client.get(reverse("home")).content.decode()

    assert '<span class="nav-count" aria-label="2 unread">2</span>' in body
    assert ">2 new</a>" in body
    assert 'href="/notifications/"' in body


def test_the_header_count_costs_one_query_and_none_for_visitors(client, player):
    make(player, 3)
    client.get(reverse("home"))
    with CaptureQueriesContext(connection) as anonymous:
        client.get(reverse("home"))
    client.force_login(player)
    client.get(reverse("home"))  # the presence write happens here

    with CaptureQueriesContext(connection) as logged_in:
        body = client.get(reverse("home")).content.decode()

    counts = [q["sql"] for q in logged_in.captured_queries if "messaging_notification" in q["sql"]]
    assert len(counts) == 1
    assert not [q for q in anonymous.captured_queries if "messaging_notification" in q["sql"]]
    assert body.count("3 unread") == 1


def test_the_notifications_page_query_count(client, player, django_assert_max_num_queries):
    make(player, 40)
    client.force_login(player)
    client.get(reverse("home"))

    # session, user, page count, one page of notifications, unread count for the header
    with django_assert_max_num_queries(5):
        response = client.get(reverse("messaging:list"))
    assert response.status_code == 200


def test_each_notice_shows_its_kinds_label(client, player, ladder_kind):
    make(player, 1)
    services.notification_record(
        user=player, event="ladder_position", key="ladder:1", text="climbed", url="/", now=NOW
    )
    client.force_login(player)

    body = client.get(reverse("messaging:list")).content.decode()

    assert body.count("· Chat</span>") == 1
    assert body.count("· Ladder position changed</span>") == 1


def test_marking_one_read_goes_back_to_the_page_it_was_on(client, player):
    make(player, 30)
    client.force_login(player)
    older = client.get(reverse("messaging:list")).context["page"].older
    page = client.get(reverse("messaging:list"), {"after": older}).content.decode()
    assert f'name="after" value="{older}"' in page
    note = Notification.objects.get(user=player, key="chat:3")
    answer = client.post(reverse("messaging:mark_read"), {"notification": note.pk, "after": older})
    assert answer.status_code == 302
    assert client.get(answer["Location"]).context["page"].object_list[1] == note


def test_marking_one_read_on_a_page_reached_by_newer_goes_back_to_it(client, player):
    make(player, 60)
    client.force_login(player)
    older = client.get(reverse("messaging:list")).context["page"].older
    third = client.get(reverse("messaging:list"), {"after": older}).context["page"].older
    newer = client.get(reverse("messaging:list"), {"after": third}).context["page"].newer
    page = client.get(reverse("messaging:list"), {"before": newer})
    assert f'name="before" value="{newer}"' in page.content.decode()
    note = page.context["page"].object_list[2]
    answer = client.post(reverse("messaging:mark_read"), {"notification": note.pk, "before": newer})
    assert answer.status_code == 302
    assert client.get(answer["Location"]).context["page"].object_list[2] == note


def test_the_last_page_costs_the_queries_of_the_first(
    client, player, django_assert_max_num_queries
):
    make(player, 3)
    client.force_login(player)
    # User, session, the header's counts, the page: the same few with 3 notices or 63.
    with django_assert_max_num_queries(5):
        client.get(reverse("messaging:list"))
    make(player, 60, start=10)
    key = client.get(reverse("messaging:list")).context["page"].older
    # 63 notices, 25 to a page: the third is the last.
    key = client.get(reverse("messaging:list"), {"after": key}).context["page"].older
    with django_assert_max_num_queries(5):
        last = client.get(reverse("messaging:list"), {"after": key})
    assert last.context["page"].older is None


@hsettings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(after=st.text(max_size=90), before=st.text(max_size=90))
def test_an_odd_page_key_is_never_an_error(client, player, after, before):
    client.force_login(player)
    answer = client.get(reverse("messaging:list"), {"after": after, "before": before})
    assert answer.status_code == 200
