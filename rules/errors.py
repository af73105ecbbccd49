"""Typed errors. Every refused move raises an `IllegalMove` subclass with a readable message.

`code` is a stable string (stored and shown by the site, printed by the command line).
"""

from __future__ import annotations


class RulesError(Exception):
    """Base of every error the rules package raises on purpose."""


class InvalidSetup(RulesError, ValueError):
    """Setup stones or options that cannot start a game (bad point, overlap, no liberties)."""


class IllegalMove(RulesError):
    """A move the rules refuse; the game is left as it was."""

    code = "illegal"
    reason = "that move is not allowed"

    def __init__(self, point: int | None = None, detail: str | None = None) -> None:
        self.point = point
        super().__init__(detail or self.reason)


class Occupied(IllegalMove):
    code = "occupied"
    reason = "that point is already occupied"


class Suicide(IllegalMove):
    code = "suicide"
    reason = "that move would leave your own stones without liberties (suicide)"


class KoViolation(IllegalMove):
    code = "ko"
    reason = "ko: you may not retake the ko immediately; play elsewhere first"


class SuperkoViolation(IllegalMove):
    code = "superko"
    reason = "superko: that move would repeat an earlier position"


class NotYourTurn(IllegalMove):
    code = "not_your_turn"
    reason = "it is not your turn"


class GameOver(IllegalMove):
    code = "game_over"
    reason = "the game is already over"


class OffBoard(IllegalMove):
    code = "off_board"
    reason = "that point is not on the board"
