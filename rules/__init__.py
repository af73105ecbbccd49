"""Badux rules: Go on square boards and Badux on hexagons, as a pure-Python library.

Nothing here imports Django, reads a clock or touches a database.
"""

from rules.board import BLACK, EMPTY, WHITE, Board, other
from rules.errors import (
    GameOver,
    IllegalMove,
    InvalidSetup,
    KoViolation,
    NotYourTurn,
    Occupied,
    OffBoard,
    RulesError,
    Suicide,
    SuperkoViolation,
)
from rules.game import Game, Move, Position, replay
from rules.ruleset import RuleSet, default_preset_key, preset
from rules.topology import (
    CoordinateError,
    OffBoardCoordinate,
    Topology,
    hexagon,
    square,
    topology_for,
)

__all__ = [
    "BLACK",
    "EMPTY",
    "WHITE",
    "Board",
    "CoordinateError",
    "Game",
    "GameOver",
    "IllegalMove",
    "InvalidSetup",
    "KoViolation",
    "Move",
    "NotYourTurn",
    "Occupied",
    "OffBoard",
    "OffBoardCoordinate",
    "Position",
    "RuleSet",
    "RulesError",
    "Suicide",
    "SuperkoViolation",
    "Topology",
    "default_preset_key",
    "hexagon",
    "other",
    "preset",
    "replay",
    "square",
    "topology_for",
]
