"""Learn reads: the exercises a player has solved."""

from __future__ import annotations

from accounts.models import User
from games.learn.exercises import BY_SLUG
from games.learn.models import LearnProgress


def progress_solved(*, user: User) -> frozenset[str]:
    """Slugs of the exercises `user` has solved (still existing ones); empty for visitors."""
    if user is None or not user.is_authenticated:
        return frozenset()
    slugs = LearnProgress.objects.filter(user=user).values_list("exercise", flat=True)
    return frozenset(slug for slug in slugs if slug in BY_SLUG)
