"""Rule sets as data: ko rule, scoring method, komi and the move cap.

Presets (stable keys, stored by the site):

* ``go-area``: Chinese-style area scoring, positional superko, komi 7.5.
* ``go-territory``: ItsYourTurn territory scoring (territory - own captured stones - own dead
  stones), simple ko, komi 5.5 / 4.5 / 3.5 on 19 / 13 / 9.
* ``badux``: area scoring, positional superko, komi 6.5 (seed 000).

Handicap games default to komi 0.5. The move cap (ItsYourTurn's house rule) counts a "move" as
one stone by each player: 225 / 125 / 75 on 19 / 13 / 9. Other boards get the cap of the
standard square board with the nearest number of points, scaled by points: hex 12 (397 cells)
-> 247, hex 8 (169) -> 125, hex 6 (91) -> 84.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.topology import Topology

SIMPLE_KO = "simple"
SUPERKO = "superko"
AREA = "area"
TERRITORY = "territory"

STANDARD_CAPS = {81: 75, 169: 125, 361: 225}
TERRITORY_KOMI = {81: 3.5, 169: 4.5, 361: 5.5}
HANDICAP_KOMI = 0.5


@dataclass(frozen=True)
class RuleSet:
    """What decides legality and the score; komi is in half points."""

    key: str
    ko: str
    scoring: str
    komi: float
    move_cap: int  # moves per player; the game ends once both have made this many

    def __post_init__(self) -> None:
        if self.ko not in (SIMPLE_KO, SUPERKO):
            raise ValueError(f"unknown ko rule '{self.ko}'")
        if self.scoring not in (AREA, TERRITORY):
            raise ValueError(f"unknown scoring method '{self.scoring}'")
        if (self.komi * 2) != int(self.komi * 2):
            raise ValueError(f"komi must be in half points, not {self.komi}")
        if self.move_cap < 1:
            raise ValueError("the move cap must be positive")

    def with_komi(self, komi: float) -> RuleSet:
        """The same rules with another komi."""
        return replace(self, komi=float(komi))

    @property
    def superko(self) -> bool:
        """True when positional superko applies (else simple ko)."""
        return self.ko == SUPERKO


def _nearest_standard(points: int) -> int:
    return min(STANDARD_CAPS, key=lambda std: (abs(std - points), std))


def move_cap_for(topology: Topology) -> int:
    """The move cap for a board (see the module docstring)."""
    std = _nearest_standard(topology.size)
    return round(STANDARD_CAPS[std] * topology.size / std)


PRESETS = ("go-area", "go-territory", "badux")


def preset(key: str, topology: Topology, *, handicap: int = 0) -> RuleSet:
    """A preset by key for a board, with its default komi and move cap."""
    cap = move_cap_for(topology)
    if key == "go-area":
        rules = RuleSet(key, SUPERKO, AREA, 7.5, cap)
    elif key == "go-territory":
        komi = TERRITORY_KOMI[_nearest_standard(topology.size)]
        rules = RuleSet(key, SIMPLE_KO, TERRITORY, komi, cap)
    elif key == "badux":
        rules = RuleSet(key, SUPERKO, AREA, 6.5, cap)
    else:
        raise ValueError(f"unknown rule set '{key}' (choose from {', '.join(PRESETS)})")
    return rules.with_komi(HANDICAP_KOMI) if handicap >= 2 else rules


def default_preset_key(topology: Topology) -> str:
    """Hexagons play Badux rules; square boards Chinese-style area scoring."""
    return "badux" if topology.kind == "hex" else "go-area"
