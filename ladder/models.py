"""ladder's models, defined in their feature folders (ratings, ladders, tournaments) and
re-exported here so Django and `from ladder.models import ...` find them.
"""

from __future__ import annotations

from ladder.groups.models import (
    Access,
    Group,
    Membership,
    Post,
    PostRevision,
    Role,
    Standing,
    Thread,
    ThreadRead,
    ThreadSubscription,
)
from ladder.ladders.models import (
    JoinAt,
    Ladder,
    LadderChallenge,
    LadderChallengeStatus,
    LadderEntry,
    PositionChange,
    RangeKind,
    VacationRule,
    WinAction,
    Withdrawal,
)
from ladder.ratings.models import Family, Rating, RatingChange
from ladder.tournaments.models import (
    Format,
    HandicapRule,
    Outcome,
    PlayerStatus,
    Tournament,
    TournamentPairing,
    TournamentPlayer,
    TournamentStatus,
)

__all__ = [
    "Access",
    "Group",
    "Membership",
    "Post",
    "PostRevision",
    "Role",
    "Standing",
    "Thread",
    "ThreadRead",
    "ThreadSubscription",
    "LadderChallengeStatus",
    "Family",
    "Format",
    "HandicapRule",
    "JoinAt",
    "Ladder",
    "LadderChallenge",
    "LadderEntry",
    "Outcome",
    "PlayerStatus",
    "PositionChange",
    "RangeKind",
    "Rating",
    "RatingChange",
    "Tournament",
    "TournamentPairing",
    "TournamentPlayer",
    "TournamentStatus",
    "VacationRule",
    "WinAction",
    "Withdrawal",
]
