"""Factories for accounts tests, in the style of allauth's own `user_factory` fixture."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

import pytest
from allauth.account.models import EmailAddress

from accounts.models import User
from accounts.notifications import KINDS, NotificationKind, Notify, kind_register

PASSWORD = "correct-horse-battery-9"
_numbers = itertools.count(1)


@pytest.fixture
def user_factory(db) -> Callable[..., User]:
    """Create an active player with a verified primary e-mail; keyword arguments override."""

    def create(*, username: str | None = None, email: str | None = None, **fields) -> User:
        username = username or f"player{next(_numbers)}"
        email = email or f"{username}@example.org"
        user = User.objects.create_user(username=username, email=email, password=PASSWORD, **fields)
        EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)
        return user

    return create


@pytest.fixture
def player(user_factory) -> User:
    return user_factory(username="sente")


@pytest.fixture
def ladder_kind() -> Iterator[NotificationKind]:
    """A notification kind registered by this test alone, the way the ladder app will add
    one: no column, no form field, no migration. Digest by default, unlike the game kinds."""
    kind = kind_register(
        name="ladder_position",
        label="Ladder position changed",
        help_text="Somebody climbed past you on a ladder.",
        group="Ladders",
        order=250,
        default=Notify.DIGEST,
    )
    yield kind
    KINDS.unregister(kind.name)
