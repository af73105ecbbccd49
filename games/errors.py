"""Errors the games services raise; every message is one a player can read.

Each is answered through the one mapping of refusals (core.refusals, registered at the end
of this module): the API sends its code and status, a page shows its message. The services
write nothing when they raise.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext

from core.refusals import Refusal, refusal_register, rules_refusal, sentence


class GameActionError(Exception):
    """A refused action on a game or challenge. `code` is stable (tests and logs match on it)."""

    code = "refused"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code


class MoveRefused(GameActionError):
    """The rules refuse the move (occupied, suicide, ko, superko, not your turn, game over)."""


class NotAdjourned(MoveRefused):
    """Only an adjourned game may be annulled (games.services.adjournments.game_annul): this
    one runs, resumed or is over."""

    code = "not_adjourned"


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


class NoSuchGame(Http404):
    """The game does not exist, or the visitor may not see it (a private game's non-players):
    the two answer alike, so that no one learns a private game exists."""

    def __init__(self, message: str | None = None) -> None:
        super().__init__(message or gettext("No such game."))


refusal_register(GameActionError, lambda error: Refusal(409, error.code, sentence(str(error))))
# The API published "stale_move_number" before the services named it "stale".
refusal_register(StalePage, lambda error: Refusal(409, "stale_move_number", sentence(str(error))))
refusal_register(
    NotAPlayer,
    lambda error: Refusal(403, "not_a_player", str(error) or gettext("You may not do that.")),
)

__all__ = [
    "ChallengeClosed",
    "GameActionError",
    "MoveRefused",
    "NoSuchGame",
    "NotAdjourned",
    "NotAPlayer",
    "StalePage",
    "TimeRanOut",
    "rules_refusal",  # core.refusals' (the games modules import it from here)
]
