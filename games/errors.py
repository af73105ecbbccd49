"""Errors the games services raise; every message is one a player can read.

Views show `str(error)` and leave the game as it was (the services write nothing on error).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied


class GameActionError(Exception):
    """A refused action on a game or challenge. `code` is stable (tests and logs match on it)."""

    code = "refused"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code


class MoveRefused(GameActionError):
    """The rules refuse the move (occupied, suicide, ko, superko, not your turn, game over)."""


class StalePage(GameActionError):
    """The page showed an older position than the game now has."""

    code = "stale"


class ChallengeClosed(GameActionError):
    """The challenge was already accepted, declined, cancelled or has expired."""

    code = "challenge_closed"


class NotAPlayer(PermissionDenied):
    """Only the game's players (or the challenge's parties) may do this."""


class TimeRanOut(MoveRefused):
    """The mover's deadline passed before their move arrived: the game was ended on time (that
    is committed) and the move was not played."""

    code = "timeout"
