"""Fixtures for accounts tests (the player factory and the test-only notification kind are
in tests/conftest.py)."""

from __future__ import annotations

import pytest

from accounts.models import User


@pytest.fixture
def player(user_factory) -> User:
    return user_factory(username="sente")
