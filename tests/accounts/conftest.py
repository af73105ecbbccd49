"""Factories for accounts tests, in the style of allauth's own `user_factory` fixture."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from allauth.account.models import EmailAddress

from accounts.models import User

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
