"""Group notices: a mention told once, a reply to the thread's other subscribers (not its author
nor those it mentions), requests to the group's staff, invitations and approvals; stale news
is not told."""

from __future__ import annotations

import datetime as dt

import pytest

from accounts.services import notify_modes_set
from ladder.groups import services, tasks
from ladder.groups.models import Access, Membership
from messaging.notifications.models import Notification
from tests.ladder.conftest import NOW

pytestmark = pytest.mark.django_db


def _texts(event: str) -> dict[str, str]:
    return dict(Notification.objects.filter(event=event).values_list("user__username", "text"))


def test_mentions_and_replies_reach_the_right_players_once(
    group_factory, user_factory, thread_factory, django_capture_on_commit_callbacks
):
    ada, ben, cy = (user_factory(username=n) for n in ("ada", "ben", "cy"))
    group = group_factory(access=Access.REQUEST, members=[ada, ben, cy])
    thread = thread_factory(group=group, author=ada, title="Openings")
    services.post_create(thread_id=thread.pk, user=cy, body="me too", now=NOW)
    post = services.post_create(
        thread_id=thread.pk, user=ben, body="@cy look", now=NOW + dt.timedelta(minutes=1)
    )
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            tasks.notify_mention(post.pk, cy.pk)
            tasks.notify_reply(post.pk)
    assert _texts("group_mention") == {"cy": "ben mentioned you in “Openings” (Go club)."}
    # ada follows (her thread); cy is told of the mention instead; ben wrote it.
    replies = Notification.objects.filter(event="group_reply")
    assert [(n.user.username, n.text) for n in replies] == [
        ("ada", "ben replied in “Openings” (Go club).")
    ]
    assert replies[0].url == f"{thread.get_absolute_url()}#post-{post.pk}"


def test_a_removed_member_is_not_told(
    group_factory, user_factory, thread_factory, django_capture_on_commit_callbacks
):
    dot, eli = user_factory(username="dot"), user_factory(username="eli")
    group = group_factory(access=Access.INVITATION, members=[dot, eli])
    thread = thread_factory(group=group, author=dot, body="@eli hello")
    Membership.objects.filter(user=eli).delete()
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.notify_mention(thread.posts.get().pk, eli.pk) is False
    assert not Notification.objects.exists()


def test_membership_news(group_factory, user_factory, django_capture_on_commit_callbacks):
    fin = user_factory(username="fin")
    group = group_factory(name="Hexers", access=Access.REQUEST)
    notify_modes_set(user=group.admin, modes={"group_membership": "digest"})
    asked = services.group_join(group_id=group.pk, user=fin, now=NOW)
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.notify_request(asked.pk) == 1
    assert _texts("group_membership") == {group.admin.username: "fin asks to join Hexers."}
    services.membership_approve(group_id=group.pk, actor=group.admin, user_id=fin.pk)
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.notify_request(asked.pk) == 0  # no longer asking
        tasks.notify_approved(asked.pk)
    assert _texts("group_membership")["fin"] == "You are now a member of Hexers."
    gia = user_factory(username="gia")
    invited = services.group_invite(group_id=group.pk, actor=group.admin, username="gia", now=NOW)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.notify_invitation(invited.pk)
    assert _texts("group_membership")["gia"] == "You are invited to join the group Hexers."
    assert gia.pk
