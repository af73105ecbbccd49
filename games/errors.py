"""Errors the games services raise; every message is one a player can read.

Each is answered through the one mapping of refusals (core.refusals, registered at the end
of this module): the API sends its code and status, a page shows its message. The services
write nothing when they raise.
"""

from __future__ import annotations

import re

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext, gettext_lazy

from core.refusals import Refusal, refusal_register, sentence
from rules import CoordinateError, IllegalMove
from rules.sgf import SgfTooLarge


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


# The rules' refusals as a player reads them. rules/ stays free of Django and speaks English;
# the site translates at its edge, by the stable IllegalMove code (English text unchanged).
RULES_REFUSALS = {
    "illegal": gettext_lazy("that move is not allowed"),
    "occupied": gettext_lazy("that point is already occupied"),
    "suicide": gettext_lazy("that move would leave your own stones without liberties (suicide)"),
    "ko": gettext_lazy("ko: you may not retake the ko immediately; play elsewhere first"),
    "superko": gettext_lazy("superko: that move would repeat an earlier position"),
    "not_your_turn": gettext_lazy("it is not your turn"),
    "game_over": gettext_lazy("the game is already over"),
    "off_board": gettext_lazy("that point is not on the board"),
}
# rules.topology's coordinate refusals, which quote the typed text: (its English pattern, ours).
COORDINATE_REFUSALS = (
    (
        re.compile(r"'(?P<text>.*)': there is no column I on a Go board", re.S),
        gettext_lazy("'%(text)s': there is no column I on a Go board"),
    ),
    (
        re.compile(r"'(?P<text>.*)' is not a coordinate: use a column letter .*", re.S),
        gettext_lazy(
            "'%(text)s' is not a coordinate: use a column letter (no I) and a row number, like D4"
        ),
    ),
    (
        re.compile(r"(?P<text>.*) is off the (?P<board>.*) board", re.S),
        gettext_lazy("%(text)s is off the %(board)s board"),
    ),
    (
        re.compile(r"(?P<text>.*) is not a coordinate: expected text like D4", re.S),
        gettext_lazy("%(text)s is not a coordinate: expected text like D4"),
    ),
)


# rules.sgf's bounds on what one record may hold (SgfTooLarge), by its `bound`.
SGF_BOUNDS = {
    "points": gettext_lazy("a list of points names more points than the board has (%(most)s)"),
    "marks": gettext_lazy(
        "a move has more than %(most)s marks (circles, triangles, squares, crosses); leave some out"
    ),
    "labels": gettext_lazy("a move has more than %(most)s labels; leave some out"),
    "annotations": gettext_lazy(
        "the record has more than %(most)s marks and labels in all its variations; "
        "split it or leave some out"
    ),
}


def rules_refusal(error: Exception) -> str:
    """Why the rules refused, in the active language: an IllegalMove by its `code`, a
    CoordinateError by the shape of its message, an SgfTooLarge by its `bound`; any other
    text (a detail the rules wrote for one case) as the rules said it."""
    said = str(error)
    if isinstance(error, SgfTooLarge) and error.bound in SGF_BOUNDS:
        return str(SGF_BOUNDS[error.bound]) % {"most": error.most}
    if isinstance(error, IllegalMove) and said == error.reason and error.code in RULES_REFUSALS:
        return str(RULES_REFUSALS[error.code])
    if isinstance(error, CoordinateError):
        for pattern, ours in COORDINATE_REFUSALS:
            match = pattern.fullmatch(said)
            if match:
                return str(ours) % match.groupdict()
    return said


# The rules' refusals answered in the active language (core.refusals answers them in the
# rules' English where games is not loaded; the codes are the same).
refusal_register(
    CoordinateError, lambda error: Refusal(400, error.code, sentence(rules_refusal(error)))
)
refusal_register(
    IllegalMove, lambda error: Refusal(409, error.code, sentence(rules_refusal(error)))
)
