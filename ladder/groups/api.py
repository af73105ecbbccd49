"""Public API, groups part (read only): a group and its board's threads. A board the token's
player may not read answers 404 `not_found`, as on the pages (selectors.board_get)."""

from __future__ import annotations

import datetime as dt

from django.http import HttpRequest
from ninja import Field, Query, Router, Schema

from accounts.api.auth import api_user, errors
from ladder.groups import selectors

router = Router(tags=["groups"])


class GroupOut(Schema):
    slug: str
    name: str
    description: str = Field(..., description="Markdown, as the group's admins wrote it.")
    access: str = Field(..., description="`open`, `request` or `invitation`.")
    members: int
    your_standing: str | None = Field(
        ..., description="`member`, `requested`, `invited`, or null when you are none."
    )
    your_role: str | None = Field(..., description="`admin`, `moderator`, `member` or null.")
    url: str


class ThreadOut(Schema):
    id: int
    title: str
    author: str | None
    posts: int
    unread: int = Field(..., description="Posts you have not seen (the read marker).")
    last_post_at: dt.datetime
    url: str


class ThreadsOut(Schema):
    threads: list[ThreadOut]
    next: str | None = Field(..., description="Pass as `after` for the next (older) page.")


class ThreadsQuery(Schema):
    after: str = Field("", max_length=60)
    q: str = Field("", max_length=100, description="Words of the title.")


@router.get("/groups/{slug}", response={200: GroupOut, **errors(404)}, summary="A group")
def group_detail(request: HttpRequest, slug: str) -> GroupOut:
    """A group whose board you may read (open groups, and groups you are a member of)."""
    group, membership = selectors.board_get(slug=slug, user=api_user(request))
    return GroupOut(
        slug=group.slug,
        name=group.name,
        description=group.description,
        access=group.access,
        members=selectors.members_count(group=group),
        your_standing=membership.standing if membership else None,
        your_role=membership.role if membership else None,
        url=group.get_absolute_url(),
    )


@router.get(
    "/groups/{slug}/threads",
    response={200: ThreadsOut, **errors(404, 422)},
    summary="A group's board: its threads",
)
def group_threads(request: HttpRequest, slug: str, query: Query[ThreadsQuery]) -> ThreadsOut:
    """The board's threads, last posted first, 30 a page (keyset: `after` is the previous
    page's `next`), with your unread counts."""
    me = api_user(request)
    group, _ = selectors.board_get(slug=slug, user=me)
    cursor = selectors.ThreadCursor.parse(query.after)
    threads, following = selectors.threads_page(
        group=group, user=me, cursor=cursor, query=query.q.strip()
    )
    return ThreadsOut(
        threads=[
            ThreadOut(
                id=thread.pk,
                title=thread.title,
                author=thread.author.username if thread.author else None,
                posts=thread.post_count,
                unread=thread.unread,
                last_post_at=thread.last_post_at,
                url=thread.get_absolute_url(),
            )
            for thread in threads
        ],
        next=following.token() if following else None,
    )
