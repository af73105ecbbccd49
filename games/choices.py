"""The stored codes of a game's settings: board shape, rule preset, colour choice and clock.

Every code is a stable string kept in the database; never renumber or rename one.
"""

from __future__ import annotations

from django.db import models


class BoardKind(models.TextChoices):
    """Board shape. Stored codes; never renumber."""

    SQUARE = "square", "Go"
    HEX = "hex", "Badux"


class RuleSetKey(models.TextChoices):
    """The presets of `rules.ruleset`. Stored codes."""

    GO_AREA = "go-area", "Area scoring (Chinese), superko"
    GO_TERRITORY = "go-territory", "Territory scoring (Japanese), simple ko"
    BADUX = "badux", "Badux (area scoring, superko)"


class ColourChoice(models.TextChoices):
    """Which colour the challenger takes. Stored codes."""

    BLACK = "black", "Black"
    WHITE = "white", "White"
    RANDOM = "random", "Random"


class ClockKind(models.TextChoices):
    """Time control. Stored codes."""

    PER_MOVE = "per_move", "Days per move"
    FISCHER = "fischer", "Fischer (initial time plus an increment per move)"
