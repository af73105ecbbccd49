"""`GameSettings`: everything a game is played with, as one frozen, validated value.

The new-game and auto-match forms build one; `challenge_create`, `challenge_automatch` and
`game_start` take one; ladders and tournaments keep one per ladder or tournament and start
their games with it. The defaults and limits live here and nowhere else:

* board: Go on 9, 13 or 19 (`square`), Badux on hexagons of side 6, 8 or 12 (`hex`);
* rules: a preset of `rules.ruleset` that fits the board: Go rules (area or territory
  scoring) on square boards, the Badux rules on hexagons; left out, the board's own. A
  mismatch is refused on "ruleset" (a stored game keeps the rules it was played with);
* komi: half points between -50 and 50; left out, the preset's for the board and handicap;
* handicap: 0 or 2 to 9 stones, where the board has the points for them;
* clock: days per move (1, 2, 3, 5, 7, 14 or 21; default 3), or Fischer with an initial bank
  of those days, an increment of 1, 2, 3, 5 or 7 days and a maximum of 7 to 60 days (at least
  the initial time); or absolute time, 7 to 180 days for the whole game; or byo-yomi after a
  main time of 1 to 90 days: Japanese, 1 to 10 periods of 1 to 14 days, or Canadian, 5 to 25
  moves in a period of 3 to 30 days (the arithmetic: `games.clock`); weekends free or not;
  vacations stop the clock or not;
* rated or not.

An unknown or invalid setting raises `InvalidSetting` (a Django ValidationError) whose
`setting` is the setting's name and whose message a player can read.

The challenge and game tables store these settings in columns of the same names, built from
this class (`settings_columns`), so **adding a setting** is one edit here — an attribute with
its default and its column (`_setting`), plus its check in `_checks` when it has limits —
followed by `manage.py makemigrations games`. `GameSettings.of(row)` then reads it from every
challenge and game, challenges and games store it, and auto-match compares it.
"""

from __future__ import annotations

import copy
import dataclasses
import datetime as dt
from collections.abc import Callable, Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext

import rules
from core.refusals import Refusal, refusal_register, validation_message
from games import clock
from games.choices import BoardKind, ClockKind, RuleSetKey

BOARD_SIZES: dict[str, tuple[int, ...]] = {BoardKind.SQUARE: (9, 13, 19), BoardKind.HEX: (6, 8, 12)}
DEFAULT_RULESETS: dict[str, str] = {
    BoardKind.SQUARE: RuleSetKey.GO_AREA,
    BoardKind.HEX: RuleSetKey.BADUX,
}
CLOCK_DAYS = (1, 2, 3, 5, 7, 14, 21)
DEFAULT_CLOCK_DAYS = 3
FISCHER_INCREMENT_DAYS = (1, 2, 3, 5, 7)
FISCHER_CAP_DAYS = (7, 14, 21, 30, 45, 60)
ABSOLUTE_DAYS = (7, 14, 21, 30, 45, 60, 90, 120, 180)
MAIN_DAYS = (1, 2, 3, 5, 7, 14, 21, 30, 45, 60, 90)  # byo-yomi main time
JAPANESE_PERIODS = (1, 2, 3, 5, 10)
JAPANESE_PERIOD_DAYS = (1, 2, 3, 5, 7, 14)
CANADIAN_MOVES = (5, 10, 15, 20, 25)
CANADIAN_PERIOD_DAYS = (3, 5, 7, 10, 14, 21, 30)
# The days `clock_days` may take under each time control.
CLOCK_KIND_DAYS: dict[str, tuple[int, ...]] = {
    ClockKind.PER_MOVE: CLOCK_DAYS,
    ClockKind.FISCHER: CLOCK_DAYS,
    ClockKind.ABSOLUTE: ABSOLUTE_DAYS,
    ClockKind.JAPANESE: MAIN_DAYS,
    ClockKind.CANADIAN: MAIN_DAYS,
}
HANDICAPS = (0, 2, 3, 4, 5, 6, 7, 8, 9)
# The presets each board shape may be played with; the first is the board's own.
BOARD_RULESETS: dict[str, tuple[str, ...]] = {
    BoardKind.SQUARE: (RuleSetKey.GO_AREA, RuleSetKey.GO_TERRITORY),
    BoardKind.HEX: (RuleSetKey.BADUX,),
}
MAX_KOMI = Decimal("50")


class InvalidSetting(ValidationError):
    """A setting that does not exist or has an impossible value; `setting` names it."""

    def __init__(self, setting: str, message: str) -> None:
        super().__init__(message, code="invalid_setting", params={"setting": setting})
        self.setting = setting


refusal_register(
    InvalidSetting,
    lambda error: Refusal(400, "invalid_setting", f"{error.setting}: {validation_message(error)}"),
)


def _setting(default: Any, column: models.Field) -> Any:
    """A GameSettings attribute with its default and the column that stores it."""
    if default is dataclasses.MISSING:
        return dataclasses.field(metadata={"column": column})
    return dataclasses.field(default=default, metadata={"column": column})


def _required(column: models.Field) -> Any:
    return _setting(dataclasses.MISSING, column)


@dataclasses.dataclass(frozen=True, kw_only=True)
class GameSettings:
    """The settings of one game or challenge; see the module docstring for the limits.

    Build it with keyword arguments (`GameSettings(board_kind="hex", board_size=8)`),
    `from_mapping` (a dict from a form or a configuration, unknown keys refused) or `of` (a
    stored challenge or game). `ruleset` and `komi` left as None become the board's rules and
    the preset's komi, so a built value always holds all of them.
    """

    board_kind: str = _required(models.CharField(max_length=8, choices=BoardKind.choices))
    board_size: int = _required(models.PositiveSmallIntegerField())
    ruleset: str | None = _setting(
        None, models.CharField(max_length=16, choices=RuleSetKey.choices)
    )
    komi: Decimal | None = _setting(None, models.DecimalField(max_digits=4, decimal_places=1))
    handicap: int = _setting(0, models.PositiveSmallIntegerField(default=0))
    clock_kind: str = _setting(
        ClockKind.PER_MOVE.value,
        models.CharField(max_length=12, choices=ClockKind.choices, default=ClockKind.PER_MOVE),
    )
    # Per move: days for each move. Fischer: the initial bank.
    clock_days: int = _setting(
        DEFAULT_CLOCK_DAYS, models.PositiveSmallIntegerField(default=DEFAULT_CLOCK_DAYS)
    )
    # Fischer only: days added after each move, and the most a bank may hold.
    clock_increment_days: int = _setting(0, models.PositiveSmallIntegerField(default=0))
    clock_cap_days: int = _setting(0, models.PositiveSmallIntegerField(default=0))
    # Byo-yomi only, after the main time (clock_days): Japanese, `clock_periods` periods of
    # `clock_period_days`; Canadian, `clock_period_moves` moves in `clock_period_days`.
    clock_periods: int = _setting(0, models.PositiveSmallIntegerField(default=0))
    clock_period_moves: int = _setting(0, models.PositiveSmallIntegerField(default=0))
    clock_period_days: int = _setting(0, models.PositiveSmallIntegerField(default=0))
    # Saturday and Sunday in the mover's time zone do not count.
    weekend_pause: bool = _setting(
        False, models.BooleanField("Clocks pause at weekends", default=False)
    )
    # A player on vacation has their clock stopped (ladders and tournaments may forbid it).
    vacation_allowed: bool = _setting(
        True, models.BooleanField("Clocks stop during vacations", default=True)
    )
    rated: bool = _setting(True, models.BooleanField(default=True))
    # Not a setting: True when read from a stored row (`of`), which keeps the rules it was
    # created with even where they no longer fit its board.
    stored: dataclasses.InitVar[bool] = False

    def __post_init__(self, stored: bool) -> None:
        for check in _checks:
            if check is _check_rules_fit_board and stored:
                continue
            check(self)

    # Building -------------------------------------------------------------------------------

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """Every setting's name, in order."""
        return tuple(f.name for f in dataclasses.fields(cls))

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> GameSettings:
        """Settings from a mapping of names to values; missing ones take their defaults.
        Raises InvalidSetting naming the first unknown key or bad value."""
        known = set(cls.names())
        for key in data:
            if key not in known:
                raise InvalidSetting(
                    str(key), gettext("There is no game setting called '%(key)s'.") % {"key": key}
                )
        return cls(**data)

    @classmethod
    def of(cls, row: Any) -> GameSettings:
        """The settings stored on a challenge or game (any object with these attributes).
        A row stored before rules had to fit the board keeps the rules it was created with."""
        return cls(**{name: getattr(row, name) for name in cls.names()}, stored=True)

    def replace(self, **changes: Any) -> GameSettings:
        """A copy with `changes` (checked like any other value)."""
        unknown = set(changes) - set(self.names())
        if unknown:
            name = sorted(unknown)[0]
            raise InvalidSetting(
                name, gettext("There is no game setting called '%(name)s'.") % {"name": name}
            )
        return dataclasses.replace(self, **changes)

    def columns(self) -> dict[str, Any]:
        """The column values of a challenge or game row with these settings (for create and
        filter)."""
        return {name: getattr(self, name) for name in self.names()}

    # Reading --------------------------------------------------------------------------------

    @property
    def topology(self) -> rules.Topology:
        """The board shape."""
        return rules.topology_for(self.board_kind, self.board_size)

    @property
    def rule_set(self) -> rules.RuleSet:
        """The rules with this komi."""
        base = rules.preset(self.ruleset, self.topology, handicap=self.handicap)
        return base.with_komi(float(self.komi))

    @property
    def time_control(self) -> clock.TimeControl:
        """The clock as `games.clock` computes it."""
        return time_control_of(self)

    @property
    def first_to_move(self) -> int:
        """White moves first in a handicap game, Black otherwise."""
        return rules.WHITE if self.handicap >= 2 else rules.BLACK


def topology_label(topology: rules.Topology) -> str:
    """The board's short name in the active language: "19×19", or "hex 12" translated (the
    pages' and mails' words for `rules.Topology.label`, which stays English for the CLI)."""
    if topology.kind == "square":
        return topology.label
    # Translators: a Badux hexagonal board whose sides are %(n)s cells long, e.g. "hex 12".
    return gettext("hex %(n)s") % {"n": topology.n}


def time_control_of(row: Any) -> clock.TimeControl:
    """The `games.clock.TimeControl` of settings, a challenge or a game (any object with the
    clock settings as attributes)."""
    day = dt.timedelta(days=1)
    return clock.TimeControl(
        kind=str(row.clock_kind),
        main=row.clock_days * day,
        increment=row.clock_increment_days * day,
        cap=row.clock_cap_days * day,
        periods=row.clock_periods,
        period=row.clock_period_days * day,
        period_moves=row.clock_period_moves,
    )


def settings_columns() -> dict[str, models.Field]:
    """Fresh model fields for every setting, for the abstract model of games and challenges."""
    return {f.name: copy.deepcopy(f.metadata["column"]) for f in dataclasses.fields(GameSettings)}


# Checks, run in order by __post_init__; each may complete a value left to its default. --------


def _set(settings: GameSettings, name: str, value: Any) -> None:
    object.__setattr__(settings, name, value)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_board(s: GameSettings) -> None:
    if s.board_kind not in BoardKind.values:
        raise InvalidSetting(
            "board_kind",
            gettext("Unknown game '%(board_kind)s': Go or Badux.") % {"board_kind": s.board_kind},
        )
    _set(s, "board_kind", str(BoardKind(s.board_kind)))
    sizes = BOARD_SIZES[s.board_kind]
    if not _is_int(s.board_size) or s.board_size not in sizes:
        raise InvalidSetting(
            "board_size",
            gettext("%(label)s is played on sizes %(value)s.")
            % {"label": BoardKind(s.board_kind).label, "value": ", ".join(map(str, sizes))},
        )


def _check_ruleset(s: GameSettings) -> None:
    if s.ruleset is None:
        _set(s, "ruleset", DEFAULT_RULESETS[s.board_kind])
    if s.ruleset not in RuleSetKey.values:
        raise InvalidSetting(
            "ruleset", gettext("Unknown rule set '%(ruleset)s'.") % {"ruleset": s.ruleset}
        )
    _set(s, "ruleset", str(RuleSetKey(s.ruleset)))


def _check_rules_fit_board(s: GameSettings) -> None:
    if s.ruleset not in BOARD_RULESETS[s.board_kind]:
        if s.board_kind == BoardKind.HEX:
            message = (
                "Badux boards are played with the Badux rules; choose them, or the board's own "
                "rules, or a square Go board for Go rules."
            )
        else:
            message = (
                "The Badux rules are for hexagonal boards; choose Go rules (or the board's own) "
                "for a square Go board."
            )
        raise InvalidSetting("ruleset", message)


def _check_handicap(s: GameSettings) -> None:
    if not _is_int(s.handicap) or s.handicap not in HANDICAPS:
        raise InvalidSetting("handicap", gettext("Handicap is 0 (none) or 2 to 9 stones."))
    if s.handicap:
        try:
            s.topology.handicap_points(s.handicap)
        except ValueError as exc:
            raise InvalidSetting(
                "handicap",
                gettext("This board cannot take %(handicap)s handicap stones.")
                % {"handicap": s.handicap},
            ) from exc


def _check_komi(s: GameSettings) -> None:
    if s.komi is None:
        preset = rules.preset(s.ruleset, s.topology, handicap=s.handicap)
        _set(s, "komi", Decimal(str(preset.komi)))
        return
    if isinstance(s.komi, bool):
        raise InvalidSetting("komi", gettext("Komi '%(komi)s' is not a number.") % {"komi": s.komi})
    try:
        value = Decimal(str(s.komi).strip())
    except (InvalidOperation, ValueError) as exc:
        raise InvalidSetting(
            "komi", gettext("Komi '%(komi)s' is not a number.") % {"komi": s.komi}
        ) from exc
    if not value.is_finite() or abs(value) > MAX_KOMI or (value * 2) % 1 != 0:
        raise InvalidSetting("komi", gettext("Komi is a number of half points between -50 and 50."))
    _set(s, "komi", value.quantize(Decimal("0.1")))


def _check_clock(s: GameSettings) -> None:
    if s.clock_kind not in ClockKind.values:
        raise InvalidSetting(
            "clock_kind",
            gettext("Unknown time control '%(clock_kind)s'.") % {"clock_kind": s.clock_kind},
        )
    _set(s, "clock_kind", str(ClockKind(s.clock_kind)))
    days = CLOCK_KIND_DAYS[s.clock_kind]
    if not _is_int(s.clock_days) or s.clock_days not in days:
        raise InvalidSetting(
            "clock_days",
            gettext("Time is one of %(value)s days.") % {"value": ", ".join(map(str, days))},
        )
    _check_byoyomi(s)
    if s.clock_kind == ClockKind.FISCHER:
        if not _is_int(s.clock_increment_days) or (
            s.clock_increment_days not in FISCHER_INCREMENT_DAYS
        ):
            raise InvalidSetting(
                "clock_increment_days", gettext("The Fischer increment is 1, 2, 3, 5 or 7 days.")
            )
        if not _is_int(s.clock_cap_days) or not (
            s.clock_cap_days in FISCHER_CAP_DAYS and s.clock_cap_days >= s.clock_days
        ):
            raise InvalidSetting(
                "clock_cap_days", gettext("The Fischer maximum must be at least the initial time.")
            )
    elif s.clock_increment_days or s.clock_cap_days:
        name = "clock_increment_days" if s.clock_increment_days else "clock_cap_days"
        raise InvalidSetting(name, gettext("Increment and maximum only apply to a Fischer clock."))


def _check_byoyomi(s: GameSettings) -> None:
    """The period settings: those of the clock's kind within their limits, the others 0."""
    wanted: dict[str, tuple[int, ...]] = {}
    if s.clock_kind == ClockKind.JAPANESE:
        wanted = {"clock_periods": JAPANESE_PERIODS, "clock_period_days": JAPANESE_PERIOD_DAYS}
    elif s.clock_kind == ClockKind.CANADIAN:
        wanted = {"clock_period_moves": CANADIAN_MOVES, "clock_period_days": CANADIAN_PERIOD_DAYS}
    messages = {
        "clock_periods": "Japanese byo-yomi has 1, 2, 3, 5 or 10 periods.",
        "clock_period_moves": "Canadian byo-yomi asks for 5, 10, 15, 20 or 25 moves a period.",
        "clock_period_days": "A byo-yomi period lasts one of {days} days.",
    }
    for name in ("clock_periods", "clock_period_moves", "clock_period_days"):
        value = getattr(s, name)
        if name in wanted:
            if not _is_int(value) or value not in wanted[name]:
                days = ", ".join(map(str, wanted[name]))
                raise InvalidSetting(name, messages[name].format(days=days))
        elif value:
            raise InvalidSetting(name, gettext("Byo-yomi periods only apply to a byo-yomi clock."))


def _check_flags(s: GameSettings) -> None:
    for name in ("weekend_pause", "vacation_allowed", "rated"):
        if not isinstance(getattr(s, name), bool):
            raise InvalidSetting(
                name, gettext("'%(name)s' is yes or no (True or False).") % {"name": name}
            )


_checks: tuple[Callable[[GameSettings], None], ...] = (
    _check_board,
    _check_ruleset,
    _check_rules_fit_board,
    _check_handicap,
    _check_komi,
    _check_clock,
    _check_flags,
)
