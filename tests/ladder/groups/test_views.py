"""Group pages: creating, joining and asking, approving, leaving after a confirmation, the
board and a thread, a closed board 404 to outsiders, odd input, and queries per page bounded
however many threads a board holds."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ladder.groups.models import Access, Membership, Post, Thread
from tests.ladder.conftest import NOW

pytestmark = pytest.mark.django_db

# The tournament form as a player fills it (ladder/tournaments/forms.py).
TOURNAMENT = {
    "name": "Winter Swiss",
    "description": "Four rounds.",
    "format": "swiss",
    "game": "square-9",
    "clock_kind": "per_move",
    "clock_days": "3",
    "rated": "on",
    "rounds": "4",
    "mcmahon_bar": "1d",
    "mcmahon_floor": "20k",
    "handicap_rule": "none",
    "player_limit": "8",
    "rank_min": "",
    "rank_max": "",
}


def test_a_player_creates_a_group_and_lands_on_its_page(client, user_factory):
    ann = user_factory(username="ann")
    client.force_login(ann)
    assert client.get(reverse("groups:new")).status_code == 200
    response = client.post(
        reverse("groups:new"),
        {"name": "Hex club", "description": "We play **Badux**.", "access": "request"},
    )
    assert response.status_code == 302 and response.url == "/groups/hex-club/"
    page = client.get(response.url).text
    assert "<strong>Badux</strong>" in page and "Requests to join" in page
    again = client.post(reverse("groups:new"), {"name": "Hex Club", "access": "open"})
    assert again.status_code == 400 and "exists already" in again.text


def test_the_group_page_s_board_heading_is_the_message_board_in_french(
    client, group_factory, user_factory
):
    """ "Board" alone is the Go board in the catalogues ("Goban"); the group's message board has
    its own context, so no French player reads "Goban" over the threads. Markdown paragraphs
    render without the profile bio's pre-line gaps."""
    group = group_factory(description="A club.\n\n- one\n- two")
    client.force_login(user_factory(username="zoe"))
    client.post(reverse("set_language"), {"language": "fr", "next": "/"})
    page = client.get(reverse("groups:detail", args=[group.slug])).text
    heading = page.split('id="board-title">')[1].split("<")[0]
    assert heading and heading != "Goban"
    assert '<div class="message-body"><p>A club.</p>' in page


def test_asking_approving_and_leaving_through_the_pages(client, group_factory, user_factory):
    bob = user_factory(username="bob")
    group = group_factory(access=Access.REQUEST)
    client.force_login(bob)
    client.post(reverse("groups:join", args=[group.slug]))
    assert "You asked to join" in client.get(group.get_absolute_url()).text
    client.force_login(group.admin)
    page = client.get(group.get_absolute_url()).text
    assert "Let bob in" in page
    client.post(reverse("groups:approve", args=[group.slug, bob.pk]))
    assert Membership.objects.get(group=group, user=bob).standing == "member"
    client.force_login(bob)
    asks = client.post(reverse("groups:leave", args=[group.slug]))
    assert asks.status_code == 200 and "Yes, leave" in asks.text
    assert Membership.objects.filter(group=group, user=bob).exists()
    client.post(reverse("groups:leave", args=[group.slug]), {"confirm": "yes"})
    assert not Membership.objects.filter(group=group, user=bob).exists()


def test_a_closed_board_is_404_to_outsiders_and_open_to_members(
    client, group_factory, user_factory, thread_factory
):
    cat, out = user_factory(), user_factory()
    group = group_factory(access=Access.INVITATION, members=[cat])
    thread = thread_factory(group=group, author=cat, title="Secret plans")
    post = thread.posts.get()
    urls = [
        reverse("groups:board", args=[group.slug]),
        reverse("groups:members", args=[group.slug]),
        thread.get_absolute_url(),
        reverse("groups:post_history", args=[group.slug, post.pk]),
    ]
    for who in (None, out):
        if who:
            client.force_login(who)
        for url in urls:
            assert client.get(url).status_code == 404, url
        assert "Secret plans" not in client.get(group.get_absolute_url()).text
    client.force_login(cat)
    for url in urls:
        assert client.get(url).status_code == 200, url


def test_a_thread_reply_and_an_edit_through_the_pages(
    client, group_factory, user_factory, thread_factory
):
    dee = user_factory(username="dee")
    group = group_factory(members=[dee])
    client.force_login(dee)
    response = client.post(
        reverse("groups:thread_new", args=[group.slug]), {"title": "Hi all", "body": "Hello"}
    )
    thread = Thread.objects.get()
    assert response.url == thread.get_absolute_url()
    response = client.post(thread.get_absolute_url(), {"body": "A *reply*"})
    assert response.status_code == 302
    page = client.get(thread.get_absolute_url()).text
    assert "<em>reply</em>" in page
    post = Post.objects.latest("id")
    edit = reverse("groups:post_edit", args=[group.slug, post.pk])
    client.post(edit, {"body": "A changed reply"})
    history = client.get(reverse("groups:post_history", args=[group.slug, post.pk])).text
    assert "A changed reply" in history and "<em>reply</em>" in history
    board = client.get(reverse("groups:board", args=[group.slug]) + "?q=hi").text
    assert "Hi all" in board
    assert "Hi all" not in client.get(reverse("groups:board", args=[group.slug]) + "?q=zz").text


def test_outsiders_cannot_post_in_an_open_board(
    client, group_factory, user_factory, thread_factory
):
    eve = user_factory()
    group = group_factory()
    thread = thread_factory(group=group, author=group.admin)
    client.force_login(eve)
    page = client.get(thread.get_absolute_url())
    assert page.status_code == 200 and "Join the group to reply" in page.text
    response = client.post(thread.get_absolute_url(), {"body": "sneaky"})
    assert response.status_code == 403 and Post.objects.count() == 1


def _thread_for_odd_input() -> Thread:
    from ladder.groups.models import Group

    help_board = Group.objects.get(slug="help")
    thread = Thread.objects.filter(group=help_board).first()
    if thread is None:
        thread = Thread.objects.create(
            group=help_board, title="Odd", created=NOW, last_post_at=NOW, post_count=0
        )
    return thread


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(after=st.text(max_size=40), q=st.text(max_size=200))
def test_odd_page_parameters_never_fail(refuse_nul_like_postgresql, after, q):
    client = Client()
    url = reverse("groups:board", args=["help"])  # a site-wide board (migration)
    assert client.get(url, {"after": after, "q": q}).status_code == 200
    assert client.get(reverse("groups:list"), {"q": q}).status_code == 200
    members = reverse("groups:members", args=["help"])
    assert client.get(members, {"after": q}).status_code == 200
    thread = _thread_for_odd_input()
    assert client.get(thread.get_absolute_url(), {"after": after}).status_code == 200


def _many_threads(group, author, count: int) -> None:
    threads = Thread.objects.bulk_create(
        Thread(group=group, author=author, title=f"Thread {i}", created=NOW,
               last_post_at=NOW + dt.timedelta(seconds=i), post_count=1)
        for i in range(count)
    )  # fmt: skip
    Post.objects.bulk_create(
        Post(thread=thread, author=author, body="x", created=NOW) for thread in threads
    )


def test_queries_per_board_page_do_not_grow_with_the_board(
    client, group_factory, user_factory, thread_factory
):
    fox = user_factory()
    group = group_factory(members=[fox])
    client.force_login(fox)
    url = reverse("groups:board", args=[group.slug])
    _many_threads(group, fox, 40)
    client.get(url)  # the session's first request writes what later ones only read
    with CaptureQueriesContext(connection) as few:
        first = client.get(url)
    _many_threads(group, fox, 2000)
    with CaptureQueriesContext(connection) as many:
        client.get(url)
    assert len(many) == len(few) <= 12
    cursor = first.context["next_cursor"]
    with CaptureQueriesContext(connection) as later:
        page = client.get(url, {"after": cursor})
    assert len(later) == len(few) and page.context["threads"][0].title == "Thread 9"
    thread = Thread.objects.latest("last_post_at")
    with CaptureQueriesContext(connection) as reading:
        assert client.get(thread.get_absolute_url()).status_code == 200
    assert len(reading) <= 14


def test_a_post_is_reported_to_the_moderation_queue(
    client, group_factory, user_factory, thread_factory
):
    from accounts.moderation.models import Report

    gil, hub = user_factory(username="gil"), user_factory(username="hub")
    group = group_factory(access=Access.REQUEST, members=[gil, hub])
    thread = thread_factory(group=group, author=gil, body="Rude words")
    post = thread.posts.get()
    client.force_login(hub)
    page = client.get(thread.get_absolute_url()).text
    assert "Send to the moderators" in page
    url = reverse("groups:post_report", args=[group.slug, post.pk])
    client.post(url, {"reason": "Insults"})
    report = Report.objects.get()
    assert (report.kind, report.reported_user, report.snapshot, report.reason) == (
        "board_post",
        gil,
        "Rude words",
        "Insults",
    )
    assert report.url == f"{thread.get_absolute_url()}#post-{post.pk}"
    again = client.post(url, {"reason": "Insults"}, follow=True)
    assert "already reported" in again.text and Report.objects.count() == 1
    client.force_login(user_factory())  # an outsider: the closed board is not there
    assert client.post(url, {"reason": "x"}).status_code == 404


def test_the_groups_staff_open_a_ladder_and_a_tournament_for_members(
    client, group_factory, user_factory
):
    from ladder.ladders.models import Ladder
    from ladder.tournaments.models import Tournament, TournamentPlayer

    ivy, out = user_factory(), user_factory()
    group = group_factory(members=[ivy])
    client.force_login(ivy)
    assert client.get(reverse("groups:ladder_new", args=[group.slug])).status_code == 403
    assert client.get(reverse("groups:tournament_new", args=[group.slug])).status_code == 403
    client.force_login(group.admin)
    response = client.post(
        reverse("groups:ladder_new", args=[group.slug]), {"name": "Club 13", "board": "square-13"}
    )
    ladder = Ladder.objects.get()
    assert response.url == ladder.get_absolute_url() and ladder.board_size == 13
    assert "A ladder of the group" in client.get(ladder.get_absolute_url()).text
    response = client.post(
        reverse("groups:tournament_new", args=[group.slug]), {**TOURNAMENT, "join": "on"}
    )
    tournament = Tournament.objects.get()
    assert response.url == tournament.get_absolute_url() and tournament.group == group
    assert TournamentPlayer.objects.filter(tournament=tournament, user=group.admin).exists()
    page = client.get(group.get_absolute_url()).text
    assert "Club 13" in page and "Winter Swiss" in page
    client.force_login(out)
    refused = client.post(reverse("tournament:join", args=[tournament.pk]))
    assert refused.status_code == 403 and "members" in refused.text
    refused = client.post(reverse("ladder:join", args=[ladder.slug]))
    assert refused.status_code == 403


def test_an_organiser_outside_the_rank_limits_is_told_and_the_tournament_stays(
    client, group_factory
):
    from ladder.tournaments.models import Tournament, TournamentPlayer

    group = group_factory()
    client.force_login(group.admin)  # a new player: far weaker than 5d
    response = client.post(
        reverse("groups:tournament_new", args=[group.slug]),
        {**TOURNAMENT, "rank_min": "5d", "join": "on"},
        follow=True,
    )
    tournament = Tournament.objects.get()
    assert response.redirect_chain[-1][0] == tournament.get_absolute_url()
    assert "5d and stronger" in response.text
    assert not TournamentPlayer.objects.filter(tournament=tournament).exists()


def test_only_the_group_s_staff_are_asked_to_remove_a_member(client, group_factory, user_factory):
    ivy, out = user_factory(), user_factory()
    group = group_factory(access=Access.REQUEST, members=[ivy])
    url = reverse("groups:remove", args=[group.slug, ivy.pk])
    for visitor in (out, ivy):  # an outsider learns nothing of who is in; a member may not
        client.force_login(visitor)
        refused = client.post(url)
        assert refused.status_code == 403 and "Yes, remove" not in refused.text
        assert client.post(reverse("groups:remove", args=[group.slug, 999999])).status_code == 403
    client.force_login(group.admin)
    assert "Yes, remove" in client.post(url).text  # the question, then the removal
