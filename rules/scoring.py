"""Counting a finished position, given which stones are dead.

Dead stones are taken off first; then every connected region of empty points (including the
points the dead stones stood on) that touches stones of one colour only belongs to that colour.
A region touching both colours (dame, shared liberties in seki) belongs to nobody.
`score_estimated` counts with the dead stones that `rules.deadstones.estimate_dead` finds.

* Area scoring: live stones on the board + owned points; komi to White.
* Territory scoring (ItsYourTurn): owned points - own stones captured during the game
  - own dead stones; komi to White. This is Japanese counting with the prisoners subtracted from
  the loser of the stones rather than added to the capturer, so the margin is the same.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.board import BLACK, COLOUR_LETTERS, EMPTY, WHITE
from rules.deadstones import estimate_status
from rules.game import Position
from rules.ruleset import AREA, RuleSet


@dataclass(frozen=True)
class ColourScore:
    """One player's side of the count."""

    territory: int  # owned points that hold no live stone
    stones: int  # live stones on the board
    prisoners: int  # stones this player captured during the game
    dead: int  # this player's own stones marked dead
    komi: float
    total: float

    def as_dict(self) -> dict[str, float | int]:
        """Plain dict for JSON."""
        return {
            "territory": self.territory,
            "area": self.territory + self.stones,
            "stones": self.stones,
            "prisoners": self.prisoners,
            "dead": self.dead,
            "komi": self.komi,
            "total": self.total,
        }


@dataclass(frozen=True)
class Score:
    """The count of a finished position."""

    method: str  # "area" or "territory"
    black: ColourScore
    white: ColourScore
    dead: frozenset[int]
    ownership: tuple[int, ...]  # per point: BLACK, WHITE or EMPTY (nobody's)
    # Stones whose status the dead-stone estimate was unsure of: the count may be wrong
    # there. Empty when the estimate was sure, or when the dead stones were given.
    uncertain: frozenset[int] = frozenset()

    @property
    def winner(self) -> int | None:
        """BLACK, WHITE, or None for a draw."""
        if self.black.total > self.white.total:
            return BLACK
        if self.white.total > self.black.total:
            return WHITE
        return None

    @property
    def margin(self) -> float:
        """Winning margin in points (0 for a draw)."""
        return abs(self.black.total - self.white.total)

    @property
    def result(self) -> str:
        """The SGF result: 'B+3.5', 'W+0.5', or '0' for a draw."""
        if self.winner is None:
            return "0"
        return f"{COLOUR_LETTERS[self.winner]}+{_points(self.margin)}"

    def as_dict(self, sgf_point=None) -> dict:
        """Plain dict for JSON; `sgf_point` turns point indices into SGF points. "uncertain"
        lists the stones the estimate was unsure of (empty when sure)."""
        name = sgf_point or (lambda p: p)
        return {
            "result": self.result,
            "method": self.method,
            "winner": COLOUR_LETTERS[self.winner] if self.winner else None,
            "margin": self.margin,
            "dead": sorted(name(p) for p in self.dead),
            "uncertain": sorted(name(p) for p in self.uncertain),
            "black": self.black.as_dict(),
            "white": self.white.as_dict(),
        }


UNSURE_NOTE = "The count may be wrong at the red-ringed stones: check them"


def uncertain_note(dispute_days: int | None = None) -> str:
    """The warning shown with a count whose `uncertain` stones are marked (the scored image's
    caption; the site's result page and game-over mail): "The count may be wrong at the
    red-ringed stones: check them", and with `dispute_days` "... and dispute within 3 days"."""
    if dispute_days is None:
        return UNSURE_NOTE
    days = "day" if dispute_days == 1 else "days"
    return f"{UNSURE_NOTE} and dispute within {dispute_days} {days}"


def _points(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


def ownership_map(position: Position, dead: Iterable[int]) -> tuple[int, ...]:
    """Per point, who owns it once `dead` stones are removed (live stones own their point)."""
    dead = frozenset(dead)
    topology = position.topology
    stones = position.stones
    live = [EMPTY if p in dead else c for p, c in enumerate(stones)]
    owner = list(live)
    seen = [False] * topology.size
    nbrs = topology.neighbours
    for start in topology.points():
        if live[start] != EMPTY or seen[start]:
            continue
        region = [start]
        seen[start] = True
        borders = 0  # bit 1 = black, bit 2 = white
        i = 0
        while i < len(region):
            p = region[i]
            i += 1
            for q in nbrs[p]:
                c = live[q]
                if c == EMPTY:
                    if not seen[q]:
                        seen[q] = True
                        region.append(q)
                else:
                    borders |= c
        who = borders if borders in (BLACK, WHITE) else EMPTY
        for p in region:
            owner[p] = who
    return tuple(owner)


def score(
    position: Position, rules: RuleSet, dead: Iterable[int] = (), *, uncertain: Iterable[int] = ()
) -> Score:
    """Count `position` under `rules` with the given dead stones (points holding stones);
    `uncertain` (points holding stones) is carried into the Score as it is."""
    dead = frozenset(dead)
    uncertain = frozenset(uncertain)
    stones = position.stones
    for points, what in ((dead, "dead"), (uncertain, "uncertain")):
        for p in points:
            if stones[p] == EMPTY:
                raise ValueError(f"point {position.topology.name(p)} has no stone to mark {what}")
    owner = ownership_map(position, dead)
    sides = {}
    for colour in (BLACK, WHITE):
        live_stones = sum(1 for p, c in enumerate(stones) if c == colour and p not in dead)
        territory = sum(
            1 for p, o in enumerate(owner) if o == colour and (stones[p] != colour or p in dead)
        )
        own_dead = sum(1 for p in dead if stones[p] == colour)
        prisoners = position.captured_by(colour)
        komi = rules.komi if colour == WHITE else 0.0
        if rules.scoring == AREA:
            total = live_stones + territory + komi
        else:
            lost = position.captured_by(WHITE if colour == BLACK else BLACK)
            total = territory - lost - own_dead + komi
        sides[colour] = ColourScore(
            territory=territory,
            stones=live_stones,
            prisoners=prisoners,
            dead=own_dead,
            komi=komi,
            total=float(total),
        )
    return Score(
        method=rules.scoring,
        black=sides[BLACK],
        white=sides[WHITE],
        dead=dead,
        ownership=owner,
        uncertain=uncertain,
    )


def territory_points(position: Position, counted: Score) -> tuple[list[int], list[int]]:
    """The points each player owns in `counted` that hold no live stone of theirs (their
    territory, the points of the other colour's dead stones included): black's and white's,
    in point order. SGF writes them as TB and TW."""
    stones, dead = position.stones, counted.dead
    sides: dict[int, list[int]] = {BLACK: [], WHITE: []}
    for p, owner in enumerate(counted.ownership):
        if owner in sides and (stones[p] != owner or p in dead):
            sides[owner].append(p)
    return sides[BLACK], sides[WHITE]


def score_estimated(position: Position, rules: RuleSet) -> Score:
    """Count `position` with the dead stones that `rules.deadstones.estimate_status` finds,
    and the stones it was unsure of as `Score.uncertain`."""
    found = estimate_status(position, rules)
    return score(position, rules, found.dead, uncertain=found.uncertain)
