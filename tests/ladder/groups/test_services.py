"""Groups' services: creating, joining by each access, approving, inviting, leaving, roles;
group ladders and tournaments closed to outsiders; the board's posts, mentions, read markers,
subscriptions, edits with history and flood limits."""

from __future__ import annotations

import datetime as dt
from html.parser import HTMLParser

import pytest
from django.core.exceptions import ValidationError
from hypothesis import given
from hypothesis import strategies as st

from core.limits import RateLimited
from core.models import OutboxTask
from core.refusals import refusal_of
from games.game_settings import GameSettings
from ladder.groups import selectors, services
from ladder.groups.errors import GroupRefused, MembersOnly
from ladder.groups.markdown import ALLOWED_ATTRIBUTES, ALLOWED_TAGS, markdown_safe
from ladder.groups.models import Access, Membership, PostRevision, Role, Standing, ThreadRead
from ladder.ladders.services import ladder_join
from ladder.tournaments.services import tournament_join
from tests.ladder.conftest import NOW

pytestmark = pytest.mark.django_db


def _outbox(task: str) -> list[list]:
    return list(OutboxTask.objects.filter(task=task).values_list("args", flat=True))


def test_creating_makes_the_creator_admin_and_names_are_unique(user_factory):
    ann = user_factory(username="ann")
    group = services.group_create(
        user=ann, name="  Go   club ", description="*hi*", access=Access.OPEN, now=NOW
    )
    assert (group.name, group.slug) == ("Go club", "go-club")
    assert Membership.objects.get(group=group, user=ann).role == Role.ADMIN
    with pytest.raises(GroupRefused):
        services.group_create(user=ann, name="Go Club", description="", access="open", now=NOW)
    with pytest.raises(GroupRefused):
        services.group_create(user=ann, name="!!!", description="", access="open", now=NOW)
    with pytest.raises(GroupRefused):
        services.group_create(user=ann, name="X", description="", access="secret", now=NOW)


def test_creation_is_staff_only_by_setting_and_flood_limited(user_factory, settings):
    bob = user_factory()
    settings.GROUPS_STAFF_ONLY = True
    with pytest.raises(MembersOnly) as refused:
        services.group_create(user=bob, name="Mine", description="", access="open", now=NOW)
    assert refusal_of(refused.value).status == 403
    settings.GROUPS_STAFF_ONLY = False
    for i in range(3):
        services.group_create(user=bob, name=f"G{i}", description="", access="open", now=NOW)
    with pytest.raises(RateLimited):
        services.group_create(user=bob, name="G9", description="", access="open", now=NOW)


def test_joining_by_each_access(group_factory, user_factory):
    carl = user_factory()
    open_group = group_factory(name="Open")
    assert services.group_join(group_id=open_group.pk, user=carl, now=NOW).standing == "member"
    asked = group_factory(name="Asked", access=Access.REQUEST)
    membership = services.group_join(group_id=asked.pk, user=carl, now=NOW)
    assert membership.standing == Standing.REQUESTED
    assert _outbox("groups.notify_request") == [[membership.pk]]
    assert not selectors.member_is(group_id=asked.pk, user=carl)
    services.membership_approve(group_id=asked.pk, actor=asked.admin, user_id=carl.pk)
    assert selectors.member_is(group_id=asked.pk, user=carl)
    closed = group_factory(name="Closed", access=Access.INVITATION)
    with pytest.raises(GroupRefused):
        services.group_join(group_id=closed.pk, user=carl, now=NOW)
    services.group_invite(
        group_id=closed.pk, actor=closed.admin, username="  " + carl.username, now=NOW
    )
    assert services.group_join(group_id=closed.pk, user=carl, now=NOW).standing == "member"


def test_only_the_groups_staff_approve_invite_and_remove(group_factory, user_factory):
    dan, eve = user_factory(), user_factory()
    group = group_factory(access=Access.REQUEST, members=[dan])
    services.group_join(group_id=group.pk, user=eve, now=NOW)
    with pytest.raises(MembersOnly):
        services.membership_approve(group_id=group.pk, actor=dan, user_id=eve.pk)
    with pytest.raises(MembersOnly):
        services.group_invite(group_id=group.pk, actor=dan, username="nobody", now=NOW)
    with pytest.raises(MembersOnly):
        services.membership_remove(group_id=group.pk, actor=dan, user_id=group.admin.pk)
    services.membership_role_set(
        group_id=group.pk, actor=group.admin, user_id=dan.pk, role=Role.MODERATOR
    )
    with pytest.raises(MembersOnly):  # a moderator removes members, not the admin
        services.membership_remove(group_id=group.pk, actor=dan, user_id=group.admin.pk)
    services.membership_remove(group_id=group.pk, actor=dan, user_id=eve.pk)
    assert not Membership.objects.filter(group=group, user=eve).exists()


def test_the_last_admin_stays_until_another_is_named(group_factory, user_factory):
    fay = user_factory()
    group = group_factory(members=[fay])
    with pytest.raises(GroupRefused):
        services.group_leave(group_id=group.pk, user=group.admin)
    with pytest.raises(GroupRefused):
        services.membership_role_set(
            group_id=group.pk, actor=group.admin, user_id=group.admin.pk, role=Role.MEMBER
        )
    services.membership_role_set(group_id=group.pk, actor=group.admin, user_id=fay.pk, role="admin")
    services.group_leave(group_id=group.pk, user=group.admin)
    services.group_leave(group_id=group.pk, user=group.admin)  # twice: nothing more
    assert list(group.memberships.values_list("user_id", flat=True)) == [fay.pk]


def test_a_groups_ladder_and_tournament_take_members_only(
    group_factory, user_factory, ladder_factory
):
    gus, out = user_factory(), user_factory()
    group = group_factory(members=[gus])
    ladder = services.group_ladder_create(
        group_id=group.pk, actor=group.admin, name="Club 9x9",
        settings=GameSettings(board_kind="square", board_size=9), now=NOW,
    )  # fmt: skip
    assert ladder.group == group and ladder.slug == "go-club-club-9x9"
    assert ladder_join(ladder_id=ladder.pk, user=gus, now=NOW).position == 1
    with pytest.raises(MembersOnly) as refused:
        ladder_join(ladder_id=ladder.pk, user=out, now=NOW)
    assert refusal_of(refused.value).code == "group_members_only"
    with pytest.raises(MembersOnly):
        services.group_ladder_create(
            group_id=group.pk, actor=gus, name="Mine",
            settings=GameSettings(board_kind="square", board_size=9), now=NOW,
        )  # fmt: skip
    tournament = services.group_tournament_create(
        group_id=group.pk, actor=group.admin, now=NOW, name="Club cup", format="round_robin",
        settings=GameSettings(board_kind="square", board_size=9),
    )  # fmt: skip
    assert tournament_join(tournament_id=tournament.pk, user=gus, now=NOW).user == gus
    with pytest.raises(MembersOnly):
        tournament_join(tournament_id=tournament.pk, user=out, now=NOW)
    anyone = ladder_factory(name="Public")
    assert ladder_join(ladder_id=anyone.pk, user=out, now=NOW).position == 1


def test_a_reply_counts_notifies_subscribers_and_mentions(
    group_factory, user_factory, thread_factory
):
    hal, ivy, jon = (user_factory(username=n) for n in ("hal", "ivy", "jon"))
    group = group_factory(access=Access.REQUEST, members=[hal, ivy])
    thread = thread_factory(group=group, author=hal)
    assert thread.post_count == 1 and _outbox("groups.notify_reply") == []
    later = NOW + dt.timedelta(minutes=5)
    post = services.post_create(
        thread_id=thread.pk, user=ivy, body="Agreed, @HAL and @jon. me@ivy.org", now=later
    )
    thread.refresh_from_db()
    assert (thread.post_count, thread.last_post_at) == (2, later)
    # jon is not a member of this closed group: not told.
    assert _outbox("groups.notify_mention") == [[post.pk, hal.pk]]
    assert _outbox("groups.notify_reply") == [[post.pk]]
    assert ThreadRead.objects.get(thread=thread, user=ivy).seen == 2
    with pytest.raises(MembersOnly):
        services.post_create(thread_id=thread.pk, user=jon, body="Let me in", now=later)


def test_unread_counts_follow_the_read_marker(group_factory, user_factory, thread_factory):
    kim, lee = user_factory(), user_factory()
    group = group_factory(members=[kim, lee])
    thread = thread_factory(group=group, author=kim)
    for minute in range(1, 4):
        services.post_create(
            thread_id=thread.pk, user=kim, body=f"more {minute}",
            now=NOW + dt.timedelta(minutes=minute),
        )  # fmt: skip
    unread = lambda user: selectors.threads_page(group=group, user=user)[0][0].unread  # noqa: E731
    assert (unread(kim), unread(lee)) == (0, 4)
    thread.refresh_from_db()
    services.thread_read_mark(thread=thread, user=lee)
    assert unread(lee) == 0


def test_posting_is_flood_limited(group_factory, user_factory, thread_factory):
    max_ = user_factory()
    group = group_factory(members=[max_])
    thread = thread_factory(group=group, author=max_)
    for i in range(4):
        services.post_create(thread_id=thread.pk, user=max_, body=f"{i}", now=NOW)
    with pytest.raises(RateLimited):
        services.post_create(thread_id=thread.pk, user=max_, body="one more", now=NOW)


def test_edits_keep_the_text_before_and_only_author_or_staff_edit(
    group_factory, user_factory, thread_factory
):
    ned, oz = user_factory(), user_factory()
    group = group_factory(members=[ned, oz])
    thread = thread_factory(group=group, author=ned, body="first text")
    post = thread.posts.get()
    services.post_edit(post_id=post.pk, user=ned, body="second text", now=NOW)
    services.post_edit(post_id=post.pk, user=group.admin, body="third text", now=NOW)
    with pytest.raises(MembersOnly):
        services.post_edit(post_id=post.pk, user=oz, body="mine now", now=NOW)
    post.refresh_from_db()
    assert post.body == "third text" and post.edited == NOW
    history = PostRevision.objects.filter(post=post).order_by("id").values_list("body", flat=True)
    assert list(history) == ["first text", "second text"]


def test_announcements_take_threads_from_staff_only(user_factory):
    from ladder.groups.models import Group

    board = Group.objects.get(slug="announcements")
    pat = user_factory()
    with pytest.raises(MembersOnly):
        services.thread_create(group_id=board.pk, user=pat, title="Hi", body="x", now=NOW)
    help_board = Group.objects.get(slug="help")
    thread = services.thread_create(
        group_id=help_board.pk, user=pat, title="How?", body="x", now=NOW
    )
    assert thread.post_count == 1


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[str, list]] = []

    def handle_starttag(self, tag, attrs) -> None:
        self.seen.append((tag, attrs))


@given(text=st.text(max_size=300))
def test_markdown_lets_only_allowed_markup_through(text):
    parser = _Tags()
    parser.feed(
        markdown_safe(text + "\n\n<script>x</script><img src=x onerror=y>[a](javascript:x)")
    )
    for tag, attrs in parser.seen:
        assert tag in ALLOWED_TAGS
        for name, value in attrs:
            assert name in ALLOWED_ATTRIBUTES.get(tag, set()) | {"rel"}
            assert not (value or "").lower().startswith("javascript")


def test_refusals_are_registered():
    assert refusal_of(GroupRefused("no")).status == 400
    assert refusal_of(MembersOnly("no")).status == 403
    assert isinstance(GroupRefused("x"), ValidationError)


def test_a_muted_player_neither_starts_a_thread_nor_replies(group_factory, user_factory):
    from accounts.moderation.models import Sanction, SanctionKind
    from accounts.moderation.selectors import Muted
    from ladder.groups.models import Post, Thread

    ivy = user_factory()
    group = group_factory(members=[ivy])
    thread = services.thread_create(
        group_id=group.pk, user=group.admin, title="Hello", body="Hi", now=NOW
    )
    for user in (ivy, group.admin):
        Sanction.objects.create(
            kind=SanctionKind.MUTE, user=user, reason="Insults", created=NOW - dt.timedelta(hours=1)
        )
    with pytest.raises(Muted):
        services.post_create(thread_id=thread.pk, user=ivy, body="@admin you fool", now=NOW)
    with pytest.raises(Muted):
        services.thread_create(group_id=group.pk, user=ivy, title="Fools", body="All", now=NOW)
    first = Post.objects.get()
    with pytest.raises(Muted):  # nor, muted, rewrites a post of theirs
        services.post_edit(post_id=first.pk, user=group.admin, body="Fools", now=NOW)
    assert Post.objects.count() == 1 and Thread.objects.count() == 1
    assert refusal_of(Muted(Sanction.objects.first())).status in (403, 429)
