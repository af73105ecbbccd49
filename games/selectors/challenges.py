"""Reads of challenges: the Waiting Room's open challenges, a player's queued invitations
(their received and sent ones: games.selectors.status.challenges_open_for).
"""

from __future__ import annotations

import datetime as dt

from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404

from accounts.models import RelationKind, User, UserRelation
from games.models import (
    Challenge,
    ChallengeStatus,
)


def _ignoring_ids(user: User) -> QuerySet:
    """Ids of players who ignore `user` or whom `user` ignores."""
    return UserRelation.objects.filter(
        Q(owner=user) | Q(target=user), kind=RelationKind.IGNORE
    ).values_list("owner_id", "target_id")


def challenges_open(
    *,
    viewer: User | None,
    now: dt.datetime,
    board_kind: str = "",
    board_size: int | None = None,
) -> QuerySet[Challenge]:
    """The Waiting Room: open challenges not yet expired, newest first, filtered by game and
    size. A logged-in viewer does not see challenges of players who ignore them or whom they
    ignore."""
    challenges = Challenge.objects.filter(
        status=ChallengeStatus.OPEN, recipient__isnull=True, expires__gt=now
    )
    if board_kind:
        challenges = challenges.filter(board_kind=board_kind)
    if board_size:
        challenges = challenges.filter(board_size=board_size)
    if viewer is not None and viewer.is_authenticated:
        hidden = set()
        for owner_id, target_id in _ignoring_ids(viewer):
            hidden.add(owner_id if target_id == viewer.pk else target_id)
        if hidden:
            challenges = challenges.exclude(creator_id__in=hidden)
    return challenges.select_related("creator").order_by("-created", "-pk")


def challenges_queued(*, user: User, now: dt.datetime) -> QuerySet[Challenge]:
    """`user`'s places in the auto-match queue: their open, unexpired challenges to anyone,
    oldest first."""
    return Challenge.objects.filter(
        creator=user, recipient__isnull=True, status=ChallengeStatus.OPEN, expires__gt=now
    ).order_by("created", "pk")


def challenge_get(*, challenge_id: int) -> Challenge:
    """One challenge with its players; Http404 if none."""
    return get_object_or_404(
        Challenge.objects.select_related("creator", "recipient", "game"), pk=challenge_id
    )
