"""Reads of friend invitations."""

from __future__ import annotations

from accounts.models import User
from games.models import (
    FriendInvite,
)


def friend_invites_list(*, inviter: User, limit: int = 20) -> list[FriendInvite]:
    """`inviter`'s latest invitations by e-mail, newest first, with the friend who joined (if
    any) loaded. One query."""
    return list(
        FriendInvite.objects.filter(inviter=inviter)
        .select_related("invitee")
        .order_by("-created", "-pk")[:limit]
    )
