"""The stored codes of a game's settings: board shape, rule preset, colour choice and clock.

Every code is a stable string kept in the database; never renumber or rename one.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy


class BoardKind(models.TextChoices):
    """Board shape. Stored codes; never renumber."""

    SQUARE = "square", gettext_lazy("Go")
    HEX = "hex", gettext_lazy("Badux")


class RuleSetKey(models.TextChoices):
    """The presets of `rules.ruleset`. Stored codes."""

    GO_AREA = "go-area", gettext_lazy("Area scoring (Chinese), superko")
    GO_TERRITORY = "go-territory", gettext_lazy("Territory scoring (Japanese), simple ko")
    BADUX = "badux", gettext_lazy("Badux (area scoring, superko)")


class ColourChoice(models.TextChoices):
    """Which colour the challenger takes. Stored codes."""

    BLACK = "black", gettext_lazy("Black")
    WHITE = "white", gettext_lazy("White")
    RANDOM = "random", gettext_lazy("Random")


class ClockKind(models.TextChoices):
    """Time control. Stored codes."""

    PER_MOVE = "per_move", gettext_lazy("Days per move")
    FISCHER = "fischer", gettext_lazy("Fischer (initial time plus an increment per move)")
    ABSOLUTE = "absolute", gettext_lazy("Absolute (one amount of time for the whole game)")
    JAPANESE = "japanese", gettext_lazy("Japanese byo-yomi (main time, then periods of time)")
    CANADIAN = (
        "canadian",
        gettext_lazy("Canadian byo-yomi (main time, then a number of moves in a period)"),
    )
