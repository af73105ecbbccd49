"""Group notices, run by Celery from outbox rows. Tasks take ids, check the news still holds
and are safe to run twice (`notice_send` records once per key)."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

from accounts.models import User
from games.mail import notice_send
from ladder.groups.models import Membership, Post, Role, Standing, ThreadSubscription
from ladder.groups.notifications import GROUP_MEMBERSHIP, GROUP_MENTION, GROUP_REPLY
from ladder.groups.selectors import board_readable, membership_get
from ladder.groups.services import mentioned_users
from messaging.notifications.notice_tasks import notice_task

# Most subscribers told of one reply by one run (a thread followed by more is rare; the rest
# read the board).
MOST_TOLD = 500


def _post(post_id: int) -> Post | None:
    return Post.objects.select_related("thread__group", "author").filter(pk=post_id).first()


def _may_read(post: Post, user: User) -> bool:
    group = post.thread.group
    membership = membership_get(group=group, user=user)
    return board_readable(group=group, membership=membership, user=user)


@notice_task("groups.notify_mention")
def notify_mention(post_id: int, user_id: int) -> bool:
    """Tell a player a post mentions them, while they can read it."""
    post = _post(post_id)
    user = User.objects.filter(pk=user_id).first()
    if post is None or user is None or not _may_read(post, user):
        return False
    names = {
        "author": post.author.username if post.author else "",
        "thread": post.thread.title,
        "group": post.thread.group.name,
    }
    return notice_send(
        user=user,
        event=GROUP_MENTION,
        key=f"group_mention:{post.pk}:{user.pk}",
        text=lambda: gettext("%(author)s mentioned you in “%(thread)s” (%(group)s).") % names,
        url=f"{post.thread.get_absolute_url()}#post-{post.pk}",
        subject=lambda: gettext("%(author)s mentioned you") % names,
        label=gettext_lazy("Read the post"),
    )


@notice_task("groups.notify_reply")
def notify_reply(post_id: int) -> int:
    """Tell a reply's thread's subscribers (not its author, nor those it mentions: they hear
    of the mention) who can still read the board."""
    post = _post(post_id)
    if post is None:
        return 0
    skip = {post.author_id, *(user.pk for user in mentioned_users(post=post))}
    subscribers = (
        ThreadSubscription.objects.filter(thread=post.thread)
        .exclude(user_id__in=skip)
        .select_related("user")
        .order_by("id")[:MOST_TOLD]
    )
    names = {
        "author": post.author.username if post.author else "",
        "thread": post.thread.title,
        "group": post.thread.group.name,
    }
    told = 0
    for subscription in subscribers:
        if not _may_read(post, subscription.user):
            continue
        notice_send(
            user=subscription.user,
            event=GROUP_REPLY,
            key=f"group_reply:{post.pk}:{subscription.user_id}",
            text=lambda: gettext("%(author)s replied in “%(thread)s” (%(group)s).") % names,
            url=f"{post.thread.get_absolute_url()}#post-{post.pk}",
            subject=lambda: gettext("New reply in “%(thread)s”") % names,
            label=gettext_lazy("Read the reply"),
        )
        told += 1
    return told


def _membership(membership_id: int, standing: str) -> Membership | None:
    return (
        Membership.objects.select_related("group", "user")
        .filter(pk=membership_id, standing=standing)
        .first()
    )


@notice_task("groups.notify_request")
def notify_request(membership_id: int) -> int:
    """Tell a group's admins and moderators that a player asks to join, while they ask."""
    membership = _membership(membership_id, Standing.REQUESTED)
    if membership is None:
        return 0
    names = {"player": membership.user.username, "group": membership.group.name}
    staff = Membership.objects.filter(
        group=membership.group,
        standing=Standing.MEMBER,
        role__in=[Role.ADMIN, Role.MODERATOR],
    ).select_related("user")
    for row in staff:
        notice_send(
            user=row.user,
            event=GROUP_MEMBERSHIP,
            key=f"group_request:{membership.pk}:{row.user_id}",
            text=lambda: gettext("%(player)s asks to join %(group)s.") % names,
            url=membership.group.get_absolute_url(),
            subject=lambda: gettext("%(player)s asks to join %(group)s") % names,
            label=gettext_lazy("See the requests"),
        )
    return len(staff)


@notice_task("groups.notify_invitation")
def notify_invitation(membership_id: int) -> bool:
    """Tell a player they are invited to a group, while the invitation stands."""
    membership = _membership(membership_id, Standing.INVITED)
    if membership is None:
        return False
    names = {"group": membership.group.name}
    return notice_send(
        user=membership.user,
        event=GROUP_MEMBERSHIP,
        key=f"group_invitation:{membership.pk}",
        text=lambda: gettext("You are invited to join the group %(group)s.") % names,
        url=membership.group.get_absolute_url(),
        subject=lambda: gettext("An invitation to %(group)s") % names,
        label=gettext_lazy("See the group"),
    )


@notice_task("groups.notify_approved")
def notify_approved(membership_id: int) -> bool:
    """Tell a player their request to join was approved, while they are a member."""
    membership = _membership(membership_id, Standing.MEMBER)
    if membership is None:
        return False
    names = {"group": membership.group.name}
    return notice_send(
        user=membership.user,
        event=GROUP_MEMBERSHIP,
        key=f"group_approved:{membership.pk}",
        text=lambda: gettext("You are now a member of %(group)s.") % names,
        url=membership.group.get_absolute_url(),
        subject=lambda: gettext("Welcome to %(group)s") % names,
        label=gettext_lazy("See the group"),
    )
