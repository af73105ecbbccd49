"""Learn writes: recording a solved exercise."""

from __future__ import annotations

import datetime as dt

from accounts.models import User
from games.learn.exercises import BY_SLUG
from games.learn.models import LearnProgress


def progress_record(*, user: User, slug: str, now: dt.datetime) -> bool:
    """Record that `user` solved exercise `slug` at `now`; True the first time, False when it
    was solved before (nothing changes then). ValueError for an unknown slug."""
    if slug not in BY_SLUG:
        raise ValueError(f"no exercise {slug!r}")
    _row, created = LearnProgress.objects.get_or_create(
        user=user, exercise=slug, defaults={"solved_at": now}
    )
    return created
