"""Fixtures shared by every test package."""

import pytest


@pytest.fixture(autouse=True)
def _clear_cache(settings):
    """Start each test with an empty cache so allauth rate-limit counters never leak."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()
