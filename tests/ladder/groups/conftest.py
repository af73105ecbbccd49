"""Factories for the groups' tests: a group with its admin and members, a thread."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ladder.groups import services
from ladder.groups.models import Access, Group, Thread
from tests.ladder.conftest import NOW, ladder_factory, tournament_factory  # noqa: F401


@pytest.fixture
def group_factory(db, user_factory) -> Callable[..., Group]:
    """A group created by `admin` (a new player by default) with `members` in it."""

    def create(*, name="Go club", access=Access.OPEN, admin=None, members=(), **fields) -> Group:
        admin = admin or user_factory()
        group = services.group_create(
            user=admin, name=name, description=fields.pop("description", ""), access=access,
            now=NOW,
        )  # fmt: skip
        for user in members:
            group.memberships.create(user=user, created=NOW)
        if fields:
            Group.objects.filter(pk=group.pk).update(**fields)
            group.refresh_from_db()
        group.admin = admin
        return group

    return create


@pytest.fixture
def thread_factory(db) -> Callable[..., Thread]:
    def create(*, group: Group, author, title="Hello", body="First post", at=NOW) -> Thread:
        return services.thread_create(
            group_id=group.pk, user=author, title=title, body=body, now=at
        )

    return create
