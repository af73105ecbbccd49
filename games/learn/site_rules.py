"""The numbers of "This site's rules", read from the settings and modules the site plays by.

Nothing here repeats a number: the clock choices come from games.game_settings, the warning
and vacation rules from games.clock, move caps and komi from rules.ruleset, the dispute window
and challenge expiry from their functions, the API limits and play by e-mail from
django.conf.settings. The ladder app adds its own sections (ratings, ladders, tournaments)
through `section_register`, since games never imports the ladder.

A registered section is `builder() -> dict` with the keys "key" (anchor), "title", "template"
(a template path rendered with the dict as its context) and anything that template reads.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from django.conf import settings
from django.utils.translation import ngettext

from games import clock, game_settings
from games.choices import BoardKind, ClockKind, RuleSetKey
from games.counting import dispute_window
from games.game_settings import (
    BOARD_RULESETS,
    BOARD_SIZES,
    CLOCK_DAYS,
    DEFAULT_CLOCK_DAYS,
    FISCHER_CAP_DAYS,
    FISCHER_INCREMENT_DAYS,
    HANDICAPS,
    MAX_KOMI,
    GameSettings,
)
from games.services.challenges import challenge_expiry_days
from games.services.conditional_tree import MAX_DEPTH, MAX_NODES
from rules.ruleset import HANDICAP_KOMI, move_cap_for, preset
from rules.topology import topology_for

SectionBuilder = Callable[[], dict]
_sections: list[SectionBuilder] = []


def section_register(builder: SectionBuilder) -> SectionBuilder:
    """Add a section to the rules page (another app's, from its AppConfig.ready()); usable as
    a decorator. Registering twice is a no-op."""
    if builder not in _sections:
        _sections.append(builder)
    return builder


def section_unregister(builder: SectionBuilder) -> None:
    """Remove a section (tests)."""
    if builder in _sections:
        _sections.remove(builder)


def _label(kind: str, size: int) -> str:
    return game_settings.topology_label(topology_for(kind, size))


def board_sizes() -> list[dict[str, object]]:
    """Go's standard boards next to Badux's, with their points and move caps."""
    rows = []
    squares = BOARD_SIZES[BoardKind.SQUARE]
    hexes = BOARD_SIZES[BoardKind.HEX]
    for n_square, n_hex in zip(squares, hexes, strict=True):
        square, hexagon = topology_for("square", n_square), topology_for("hex", n_hex)
        rows.append(
            {
                "square": square.label,
                "square_points": square.size,
                "square_cap": move_cap_for(square),
                "hex": game_settings.topology_label(hexagon),
                "hex_points": hexagon.size,
                "hex_cap": move_cap_for(hexagon),
            }
        )
    return rows


def komi_table() -> list[dict[str, object]]:
    """Per standard board and rule set: scoring, ko rule, komi and move cap."""
    rows = []
    for kind, sizes in BOARD_SIZES.items():
        for size in sizes:
            t = topology_for(kind, size)
            for key in BOARD_RULESETS[kind]:
                rules = preset(key, t)
                rows.append(
                    {
                        "board": game_settings.topology_label(t),
                        "kind": kind,
                        "ruleset": RuleSetKey(key).label,
                        "scoring": rules.scoring,
                        "superko": rules.superko,
                        "komi": rules.komi,
                        "cap": rules.move_cap,
                    }
                )
    return rows


def _default(name: str) -> object:
    field = next(f for f in dataclasses.fields(GameSettings) if f.name == name)
    return field.default


def context() -> dict[str, object]:
    """Everything the rules page shows."""
    window = dispute_window()
    return {
        "clock_kinds": [label for _value, label in ClockKind.choices],
        "clock_days": CLOCK_DAYS,
        "default_clock_days": DEFAULT_CLOCK_DAYS,
        "fischer_increments": FISCHER_INCREMENT_DAYS,
        "fischer_caps": FISCHER_CAP_DAYS,
        "absolute_days": game_settings.ABSOLUTE_DAYS,
        "main_days": game_settings.MAIN_DAYS,
        "japanese_periods": game_settings.JAPANESE_PERIODS,
        "japanese_period_days": game_settings.JAPANESE_PERIOD_DAYS,
        "canadian_moves": game_settings.CANADIAN_MOVES,
        "canadian_period_days": game_settings.CANADIAN_PERIOD_DAYS,
        "weekend_pause_default": _default("weekend_pause"),
        "vacation_allowed_default": _default("vacation_allowed"),
        "warn_percent": round(clock.WARN_FRACTION * 100),
        "vacation_per_year": clock.VACATION_DAYS_PER_YEAR,
        "vacation_cap": clock.VACATION_CAP_DAYS,
        "vacation_initial": clock.VACATION_INITIAL_DAYS,
        "vacation_min_hours": round(clock.VACATION_MIN_START.total_seconds() / 3600),
        "sizes": board_sizes(),
        "komi_rows": komi_table(),
        "hex_komi_rows": [row for row in komi_table() if row["kind"] == BoardKind.HEX],
        "handicaps": [h for h in HANDICAPS if h],
        "handicap_komi": HANDICAP_KOMI,
        "max_komi": MAX_KOMI,
        "min_komi": -MAX_KOMI,
        "dispute_days": window.days,
        "challenge_days": challenge_expiry_days(),
        "conditional_depth": MAX_DEPTH,
        "conditional_nodes": MAX_NODES,
        "mail_moves": bool(settings.INBOUND_MAIL_DOMAIN),
        "api_rate": _rate(settings.API_THROTTLE_RATE),
        "api_tokens": settings.API_TOKENS_PER_USER,
        "sections": [builder() for builder in _sections],
    }


def _rate(text: str) -> str:
    """django-ninja's "120/m" in words: "120 a minute"."""
    count, _slash, unit = str(text).partition("/")
    number = int(count) if count.isdigit() else 0
    units = {
        "s": ngettext("%(count)s request a second", "%(count)s requests a second", number),
        "m": ngettext("%(count)s request a minute", "%(count)s requests a minute", number),
        "h": ngettext("%(count)s request an hour", "%(count)s requests an hour", number),
        "d": ngettext("%(count)s request a day", "%(count)s requests a day", number),
    }
    return units.get(unit[:1], "%(count)s/" + unit) % {"count": count}
