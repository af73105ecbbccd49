"""Groups: creating one, joining, asking, approving, inviting, leaving and removing, and the
board's threads, replies, edits, read markers and subscriptions.

Everything a player sends to others here is flood-limited (core.limits: "group_create",
"group_request", "group_invite", "group_post"); a post is reported to the site's moderation
queue (`post_report`); the notices after a write (a request to the
admins, an invitation, a mention, a reply to subscribers) are outbox rows in the same
transaction (core.outbox), sent by ladder/groups/tasks.py."""

from __future__ import annotations

import datetime as dt
import re

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils.text import slugify
from django.utils.translation import gettext

from accounts.models import User
from accounts.moderation.models import Report, ReportKind
from accounts.moderation.selectors import moderation_speech_check
from accounts.moderation.services import report_create
from core.limits import limit_enforce
from core.outbox import enqueue_on_commit
from games.game_settings import GameSettings
from ladder.groups.errors import GroupRefused, MembersOnly
from ladder.groups.models import (
    Access,
    Group,
    Membership,
    Post,
    PostRevision,
    Role,
    Standing,
    Thread,
    ThreadRead,
    ThreadSubscription,
)
from ladder.groups.selectors import (
    board_postable,
    board_readable,
    membership_get,
    thread_startable,
)
from ladder.ladders.models import Ladder
from ladder.tournaments.models import Tournament
from ladder.tournaments.services import tournament_create

# A mention: "@" and a username (allauth's usernames: letters, digits and @.+-_), not inside
# a word or an e-mail address.
MENTION = re.compile(r"(?<![\w@])@([\w.+-]{1,150})")
MOST_MENTIONS = 10


def _staff_of(group: Group, user: User) -> Membership:
    """`user`'s membership when they are an admin or moderator of `group`, else MembersOnly."""
    membership = membership_get(group=group, user=user)
    if membership is None or not membership.is_staff:
        raise MembersOnly(gettext("Only the group's admins and moderators may do that."))
    return membership


def group_create(
    *, user: User, name: str, description: str, access: str, now: dt.datetime
) -> Group:
    """Create a group with `user` as its admin. Raises MembersOnly when GROUPS_STAFF_ONLY
    keeps creation to the site staff, GroupRefused for an empty or taken name or an unknown
    access, RateLimited past "group_create"."""
    if settings.GROUPS_STAFF_ONLY and not user.is_staff:
        raise MembersOnly(gettext("Only the site staff may create groups."))
    moderation_speech_check(user=user, now=now)
    name = " ".join(name.split())[:80]
    slug = slugify(name)[:80]
    if not name or not slug:
        raise GroupRefused(gettext("Give the group a name of 1 to 80 letters or digits."))
    if access not in Access.values:
        raise GroupRefused(gettext("Choose who may join."))
    with transaction.atomic():
        limit_enforce(
            name="group_create",
            rows=Group.objects.filter(created_by=user),
            now=now,
            sender=user,
        )
        if Group.objects.filter(slug=slug).exists() or Group.objects.filter(name=name).exists():
            raise GroupRefused(gettext("A group of that name exists already."))
        group = Group.objects.create(
            name=name,
            slug=slug,
            description=description[:5000],
            access=access,
            created_by=user,
            created=now,
        )
        Membership.objects.create(group=group, user=user, role=Role.ADMIN, created=now)
    return group


@transaction.atomic
def group_join(*, group_id: int, user: User, now: dt.datetime) -> Membership:
    """Join an open group, accept an invitation, or ask to join a group "by request" (its
    admins and moderators are told). Joining again changes nothing. Raises GroupRefused for a
    group by invitation only without an invitation, RateLimited past "group_request"."""
    group = Group.objects.select_for_update().get(pk=group_id)
    membership = Membership.objects.filter(group=group, user=user).first()
    if membership is not None:
        if membership.standing == Standing.INVITED:
            membership.standing = Standing.MEMBER
            membership.save(update_fields=["standing"])
        return membership
    if group.access == Access.INVITATION:
        raise GroupRefused(gettext("This group is by invitation only."))
    if group.access == Access.OPEN or group.site_wide:
        return Membership.objects.create(group=group, user=user, created=now)
    limit_enforce(
        name="group_request",
        rows=Membership.objects.filter(user=user, invited_by__isnull=True),
        now=now,
        sender=user,
    )
    membership = Membership.objects.create(
        group=group, user=user, standing=Standing.REQUESTED, created=now
    )
    enqueue_on_commit("groups.notify_request", membership.pk)
    return membership


def _admins_left(group: Group, without: int) -> int:
    return (
        Membership.objects.filter(group=group, standing=Standing.MEMBER, role=Role.ADMIN)
        .exclude(user_id=without)
        .count()
    )


@transaction.atomic
def group_leave(*, group_id: int, user: User) -> None:
    """Leave the group (or withdraw a request, or decline an invitation). The last admin of a
    group with other members may not leave (GroupRefused): they name another admin first.
    Leaving a group one is not in changes nothing."""
    group = Group.objects.select_for_update().get(pk=group_id)
    membership = Membership.objects.filter(group=group, user=user).first()
    if membership is None:
        return
    others = Membership.objects.filter(group=group, standing=Standing.MEMBER).exclude(user=user)
    if (
        membership.role == Role.ADMIN
        and membership.standing == Standing.MEMBER
        and others.exists()
        and not _admins_left(group, user.pk)
    ):
        raise GroupRefused(
            gettext("You are the group's last admin: make another member an admin first.")
        )
    membership.delete()


@transaction.atomic
def membership_approve(*, group_id: int, actor: User, user_id: int) -> Membership:
    """An admin or moderator lets in a player who asked to join; they are told. Raises
    MembersOnly for anyone else, GroupRefused when there is no such request."""
    group = Group.objects.select_for_update().get(pk=group_id)
    _staff_of(group, actor)
    membership = Membership.objects.filter(
        group=group, user_id=user_id, standing=Standing.REQUESTED
    ).first()
    if membership is None:
        raise GroupRefused(gettext("That player has not asked to join."))
    membership.standing = Standing.MEMBER
    membership.save(update_fields=["standing"])
    enqueue_on_commit("groups.notify_approved", membership.pk)
    return membership


@transaction.atomic
def membership_remove(*, group_id: int, actor: User, user_id: int) -> None:
    """An admin or moderator removes a member (or refuses a request, or withdraws an
    invitation). Only an admin removes an admin or a moderator; nobody removes themselves here
    (they leave). Raises MembersOnly or GroupRefused."""
    group = Group.objects.select_for_update().get(pk=group_id)
    mine = _staff_of(group, actor)
    membership = Membership.objects.filter(group=group, user_id=user_id).first()
    if membership is None or user_id == actor.pk:
        raise GroupRefused(gettext("That player is not in the group."))
    if membership.role != Role.MEMBER and mine.role != Role.ADMIN:
        raise MembersOnly(gettext("Only an admin may remove an admin or a moderator."))
    membership.delete()


@transaction.atomic
def membership_role_set(*, group_id: int, actor: User, user_id: int, role: str) -> Membership:
    """An admin makes a member an admin, a moderator or a plain member. An admin may not step
    down while the last admin. Raises MembersOnly or GroupRefused."""
    group = Group.objects.select_for_update().get(pk=group_id)
    mine = _staff_of(group, actor)
    if mine.role != Role.ADMIN:
        raise MembersOnly(gettext("Only an admin may change roles."))
    if role not in Role.values:
        raise GroupRefused(gettext("Choose a role."))
    membership = Membership.objects.filter(
        group=group, user_id=user_id, standing=Standing.MEMBER
    ).first()
    if membership is None:
        raise GroupRefused(gettext("That player is not in the group."))
    if role != Role.ADMIN and membership.role == Role.ADMIN and not _admins_left(group, user_id):
        raise GroupRefused(gettext("A group keeps at least one admin."))
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


@transaction.atomic
def group_invite(*, group_id: int, actor: User, username: str, now: dt.datetime) -> Membership:
    """An admin or moderator invites the player `username`, who is told and joins by accepting
    (`group_join`). A player who asked to join is let in at once. Raises MembersOnly,
    GroupRefused (no such player, already in), RateLimited past "group_invite"."""
    group = Group.objects.select_for_update().get(pk=group_id)
    _staff_of(group, actor)
    invitee = User.objects.filter(username__iexact=username.strip()[:150]).first()
    if invitee is None:
        raise GroupRefused(gettext("There is no player of that name."))
    limit_enforce(
        name="group_invite",
        rows=Membership.objects.filter(invited_by=actor),
        now=now,
        sender=actor,
    )
    membership = Membership.objects.filter(group=group, user=invitee).first()
    if membership is not None and membership.standing == Standing.REQUESTED:
        membership.standing = Standing.MEMBER
        membership.save(update_fields=["standing"])
        enqueue_on_commit("groups.notify_approved", membership.pk)
        return membership
    if membership is not None:
        raise GroupRefused(gettext("That player is in the group or invited already."))
    membership = Membership.objects.create(
        group=group, user=invitee, standing=Standing.INVITED, invited_by=actor, created=now
    )
    enqueue_on_commit("groups.notify_invitation", membership.pk)
    return membership


def mentioned_users(*, post: Post) -> list[User]:
    """The players `post` mentions ("@name") who may read its board, not its author; at most
    MOST_MENTIONS of them."""
    names = {name.rstrip(".").lower() for name in MENTION.findall(post.body)}
    if not names:
        return []
    group = post.thread.group
    found = User.objects.filter(username__iregex=_names_regex(names))[:MOST_MENTIONS]
    users = [user for user in found if user.pk != post.author_id]
    if group.access == Access.OPEN:
        return users
    members = set(
        Membership.objects.filter(
            group=group, standing=Standing.MEMBER, user__in=users
        ).values_list("user_id", flat=True)
    )
    return [user for user in users if user.pk in members]


def _names_regex(names: set[str]) -> str:
    return "^(" + "|".join(re.escape(name) for name in sorted(names)[:MOST_MENTIONS]) + ")$"


def _post_send(*, thread: Thread, user: User, body: str, now: dt.datetime) -> Post:
    """Store a post (flood limit "group_post"), count it in its thread, subscribe its author,
    mark the thread read up to it for them, and queue its mentions and replies notices.
    Raises Muted for a player the moderators silenced (as kibitz does)."""
    moderation_speech_check(user=user, now=now)
    body = body.strip()
    if not body:
        raise GroupRefused(gettext("Write something first."))
    if len(body) > 10000:
        raise GroupRefused(gettext("A post holds at most 10,000 characters."))
    limit_enforce(name="group_post", rows=Post.objects.filter(author=user), now=now, sender=user)
    limit_enforce(name="group_post_hour", rows=Post.objects.filter(author=user), now=now)
    post = Post.objects.create(thread=thread, author=user, body=body, created=now)
    Thread.objects.filter(pk=thread.pk).update(post_count=F("post_count") + 1, last_post_at=now)
    thread.refresh_from_db(fields=["post_count", "last_post_at"])
    ThreadSubscription.objects.get_or_create(thread=thread, user=user, defaults={"created": now})
    ThreadRead.objects.update_or_create(
        thread=thread, user=user, defaults={"seen": thread.post_count}
    )
    for mentioned in mentioned_users(post=post):
        enqueue_on_commit("groups.notify_mention", post.pk, mentioned.pk)
    if thread.post_count > 1:
        enqueue_on_commit("groups.notify_reply", post.pk)
    return post


@transaction.atomic
def thread_create(*, group_id: int, user: User, title: str, body: str, now: dt.datetime) -> Thread:
    """Start a thread on the group's board with its first post. Raises MembersOnly for a
    player who may not (thread_startable), GroupRefused for an empty title or post,
    RateLimited past "group_post"."""
    group = Group.objects.get(pk=group_id)
    membership = membership_get(group=group, user=user)
    if not thread_startable(group=group, membership=membership, user=user):
        raise MembersOnly(gettext("Only the group's members may start threads here."))
    title = " ".join(title.split())[:120]
    if not title:
        raise GroupRefused(gettext("Give the thread a title."))
    thread = Thread.objects.create(
        group=group, author=user, title=title, created=now, last_post_at=now
    )
    _post_send(thread=thread, user=user, body=body, now=now)
    return thread


@transaction.atomic
def post_create(*, thread_id: int, user: User, body: str, now: dt.datetime) -> Post:
    """Reply in a thread; its subscribers hear of it, mentioned players are told. Raises
    MembersOnly, GroupRefused or RateLimited."""
    thread = Thread.objects.select_related("group").get(pk=thread_id)
    membership = membership_get(group=thread.group, user=user)
    if not board_postable(group=thread.group, membership=membership, user=user):
        raise MembersOnly(gettext("Only the group's members may reply here."))
    return _post_send(thread=thread, user=user, body=body, now=now)


@transaction.atomic
def post_edit(*, post_id: int, user: User, body: str, now: dt.datetime) -> Post:
    """Change a post's text, keeping the text before as a revision. Its author or the group's
    admins and moderators may. Raises MembersOnly, GroupRefused, or Muted for a player the
    moderators silenced."""
    moderation_speech_check(user=user, now=now)
    post = Post.objects.select_for_update().select_related("thread__group").get(pk=post_id)
    if post.author_id != user.pk:
        _staff_of(post.thread.group, user)
    body = body.strip()
    if not body:
        raise GroupRefused(gettext("Write something first."))
    if len(body) > 10000:
        raise GroupRefused(gettext("A post holds at most 10,000 characters."))
    if body == post.body:
        return post
    PostRevision.objects.create(post=post, body=post.body, edited_by=user, created=now)
    post.body = body
    post.edited = now
    post.save(update_fields=["body", "edited"])
    return post


def thread_read_mark(*, thread: Thread, user: User) -> None:
    """Mark `thread` read by `user` up to its last post (a player who can read it)."""
    ThreadRead.objects.update_or_create(
        thread=thread, user=user, defaults={"seen": thread.post_count}
    )


def thread_subscription_set(*, thread: Thread, user: User, on: bool, now: dt.datetime) -> None:
    """Subscribe `user` to `thread`'s replies, or unsubscribe. Raises MembersOnly for a player
    who cannot read the board."""
    membership = membership_get(group=thread.group, user=user)
    if not board_readable(group=thread.group, membership=membership, user=user):
        raise MembersOnly(gettext("Only the group's members may follow its threads."))
    if on:
        ThreadSubscription.objects.get_or_create(
            thread=thread, user=user, defaults={"created": now}
        )
    else:
        ThreadSubscription.objects.filter(thread=thread, user=user).delete()


def _unique_ladder_slug(base: str) -> str:
    slug = slugify(base)[:45] or "ladder"
    candidate, number = slug, 2
    while Ladder.objects.filter(slug=candidate).exists():
        candidate, number = f"{slug}-{number}", number + 1
    return candidate


@transaction.atomic
def group_ladder_create(
    *, group_id: int, actor: User, name: str, settings: GameSettings, now: dt.datetime
) -> Ladder:
    """An admin or moderator opens a ladder of the group (the ladder engine's default rules,
    `settings` for its games); only the group's members join it. Raises MembersOnly or
    GroupRefused for an empty name."""
    group = Group.objects.select_for_update().get(pk=group_id)
    _staff_of(group, actor)
    name = " ".join(name.split())[:80]
    if not name:
        raise GroupRefused(gettext("Give the ladder a name."))
    return Ladder.objects.create(
        name=name,
        slug=_unique_ladder_slug(f"{group.slug}-{name}"),
        group=group,
        created=now,
        **settings.columns(),
    )


@transaction.atomic
def group_tournament_create(
    *, group_id: int, actor: User, now: dt.datetime, **options: object
) -> Tournament:
    """An admin or moderator organises a tournament of the group (`options` as
    `tournament_create` takes them); only the group's members register. Raises MembersOnly,
    TournamentRefused."""
    group = Group.objects.select_for_update().get(pk=group_id)
    _staff_of(group, actor)
    tournament = tournament_create(organiser=actor, now=now, **options)
    tournament.group = group
    tournament.save(update_fields=["group"])
    return tournament


def post_report(*, post_id: int, reporter: User, reason: str, now: dt.datetime) -> Report:
    """`reporter`, who can read the board, reports a post to the site's moderators (the
    moderation queue: accounts.moderation.services.report_create, kind "board_post", with a
    copy of the post's text as it is now). Raises MembersOnly, and what report_create raises
    (ReportRefused, ValidationError, RateLimited)."""
    post = Post.objects.select_related("thread__group", "author").get(pk=post_id)
    membership = membership_get(group=post.thread.group, user=reporter)
    if not board_readable(group=post.thread.group, membership=membership, user=reporter):
        raise MembersOnly(gettext("Only the group's members may report its posts."))
    if post.author is None:
        raise GroupRefused(gettext("That player has left the site."))
    return report_create(
        reporter=reporter,
        reported_user=post.author,
        kind=ReportKind.BOARD_POST,
        snapshot=post.body,
        reason=reason,
        url=f"{post.thread.get_absolute_url()}#post-{post.pk}",
        target=post,
        now=now,
    )
