"""Reads of groups: who is in one, who may read its board, and bounded pages of its members,
threads and posts (keyset pages: each page is one indexed range, however long the board)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import F, IntegerField, OuterRef, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce, Greatest
from django.http import Http404
from django.utils.translation import gettext

from accounts.models import User
from ladder.groups.errors import MembersOnly
from ladder.groups.models import Access, Group, Membership, Post, Standing, Thread, ThreadRead

THREADS_PAGE = 30
POSTS_PAGE = 50
MEMBERS_PAGE = 100
GROUPS_PAGE = 100
# Longest search text: longer ones are cut (search is a title match).
SEARCH_MOST = 100


def _typed(text: str, most: int) -> str:
    """A visitor's search or cursor text as the database may compare it: at most `most`
    characters, without NUL (PostgreSQL refuses it in text)."""
    return text.replace("\x00", "")[:most]


def membership_get(*, group: Group, user: User | None) -> Membership | None:
    """`user`'s row in `group` (member, asked or invited), None for none or a visitor."""
    if user is None or not user.is_authenticated:
        return None
    return Membership.objects.filter(group=group, user=user).first()


def member_is(*, group_id: int, user: User) -> bool:
    """True when `user` is a member of the group (not merely asked or invited)."""
    return Membership.objects.filter(
        group_id=group_id, user=user, standing=Standing.MEMBER
    ).exists()


def member_require(*, group_id: int | None, user: User) -> None:
    """Raise MembersOnly when `group_id` names a group (a group's own ladder or tournament)
    and `user` is not its member; nothing for None (anyone's ladder or tournament)."""
    if group_id is not None and not member_is(group_id=group_id, user=user):
        raise MembersOnly(gettext("Only the group's members may join this."))


def board_readable(*, group: Group, membership: Membership | None, user: User | None) -> bool:
    """An open group's board is public; any other only to its members and the site staff."""
    if group.access == Access.OPEN:
        return True
    if membership is not None and membership.standing == Standing.MEMBER:
        return True
    return bool(user is not None and user.is_authenticated and user.is_staff)


def board_postable(*, group: Group, membership: Membership | None, user: User | None) -> bool:
    """Members post; in a site-wide board every logged-in player does."""
    if user is None or not user.is_authenticated:
        return False
    if group.site_wide:
        return True
    return membership is not None and membership.standing == Standing.MEMBER


def thread_startable(*, group: Group, membership: Membership | None, user: User | None) -> bool:
    """Who may start a thread: posters, or only the group's admins and moderators (and the
    site staff) when the group says so."""
    if not board_postable(group=group, membership=membership, user=user):
        return False
    if not group.staff_threads:
        return True
    return bool(user.is_staff or (membership is not None and membership.is_staff))


def board_get(*, slug: str, user: User | None) -> tuple[Group, Membership | None]:
    """The group called `slug` with `user`'s membership, or Http404 when there is none or its
    board is closed to `user` (an outsider learns nothing of a closed board)."""
    group = Group.objects.filter(slug=_typed(slug, 80)).first()
    if group is None:
        raise Http404(gettext("No such group."))
    membership = membership_get(group=group, user=user)
    if not board_readable(group=group, membership=membership, user=user):
        raise Http404(gettext("No such group."))
    return group, membership


def groups_page(*, query: str = "") -> list[Group]:
    """Up to GROUPS_PAGE groups, site-wide boards first, by name; `query` matches names."""
    groups = Group.objects.all()
    if query:
        groups = groups.filter(name__icontains=_typed(query, SEARCH_MOST))
    return list(groups.order_by("-site_wide", "name")[:GROUPS_PAGE])


def groups_of(*, user: User) -> list[Group]:
    """The groups `user` is a member of, by name."""
    return list(
        Group.objects.filter(
            memberships__user=user, memberships__standing=Standing.MEMBER
        ).order_by("name")
    )


def members_page(
    *, group: Group, standing: str = Standing.MEMBER, after: str = ""
) -> tuple[list[Membership], str]:
    """Up to MEMBERS_PAGE memberships of `standing` by username after `after`, and the
    username the next page starts after ("" when this is the last)."""
    rows = Membership.objects.filter(group=group, standing=standing).select_related("user")
    if after:
        rows = rows.filter(user__username__gt=_typed(after, 150))
    page = list(rows.order_by("user__username")[: MEMBERS_PAGE + 1])
    more = len(page) > MEMBERS_PAGE
    page = page[:MEMBERS_PAGE]
    return page, (page[-1].user.username if more else "")


def members_count(*, group: Group) -> int:
    return Membership.objects.filter(group=group, standing=Standing.MEMBER).count()


@dataclass(frozen=True)
class ThreadCursor:
    """Where a page of threads starts: after the thread last posted at `at`, id `pk`."""

    at: dt.datetime
    pk: int

    def token(self) -> str:
        return f"{self.at.timestamp():.6f}_{self.pk}"

    @classmethod
    def parse(cls, token: str) -> ThreadCursor | None:
        """The cursor in `token`, None for anything that is not one (a visitor's typing)."""
        try:
            stamp, pk = token.split("_")
            at = dt.datetime.fromtimestamp(float(stamp), tz=dt.UTC)
            number = int(pk)
        except (ValueError, OverflowError, OSError):
            return None
        return cls(at=at, pk=number) if 0 < number < 2**63 else None


def threads_page(
    *, group: Group, user: User | None, cursor: ThreadCursor | None = None, query: str = ""
) -> tuple[list[Thread], ThreadCursor | None]:
    """Up to THREADS_PAGE threads of the board, last posted first, each with `unread` (posts
    `user` has not seen; 0 for a visitor), and the cursor of the next page (None: no more).
    `query` matches titles. One query, whatever the board's size."""
    threads: QuerySet = Thread.objects.filter(group=group).select_related("author")
    if query:
        threads = threads.filter(title__icontains=_typed(query, SEARCH_MOST))
    if cursor is not None:
        threads = threads.filter(last_post_at__lte=cursor.at).exclude(
            last_post_at=cursor.at, id__gte=cursor.pk
        )
    if user is not None and user.is_authenticated:
        seen = ThreadRead.objects.filter(thread=OuterRef("pk"), user=user).values("seen")[:1]
        threads = threads.annotate(
            unread=Greatest(
                F("post_count") - Coalesce(Subquery(seen, output_field=IntegerField()), 0),
                Value(0),
            )
        )
    else:
        threads = threads.annotate(unread=Value(0, output_field=IntegerField()))
    page = list(threads.order_by("-last_post_at", "-id")[: THREADS_PAGE + 1])
    more = len(page) > THREADS_PAGE
    page = page[:THREADS_PAGE]
    for thread in page:
        thread.group = group  # their URLs name the group: no query per thread
    return page, (ThreadCursor(at=page[-1].last_post_at, pk=page[-1].pk) if more else None)


def posts_page(*, thread: Thread, after: int = 0) -> tuple[list[Post], int]:
    """Up to POSTS_PAGE posts of `thread` in order, after the post with id `after`, and the id
    the next page starts after (0 when this is the last)."""
    rows = Post.objects.filter(thread=thread).select_related("author")
    if after > 0:
        rows = rows.filter(id__gt=min(after, 2**63 - 1))
    page = list(rows.order_by("id")[: POSTS_PAGE + 1])
    more = len(page) > POSTS_PAGE
    page = page[:POSTS_PAGE]
    return page, (page[-1].pk if more else 0)


def thread_get(*, group: Group, thread_id: int) -> Thread:
    """The thread `thread_id` of `group`, or Http404."""
    thread = (
        Thread.objects.filter(group=group, pk=thread_id).first() if 0 < thread_id < 2**63 else None
    )
    if thread is None:
        raise Http404(gettext("No such thread."))
    return thread
