"""The count's confidence in each chain's status, from many seeded playouts.

`count_confidence(position)` runs the dead-stone estimate (`rules.deadstones.estimate_detail`:
`PLAYOUTS` seeded playouts, close calls `EXTRA` times as many; with the defaults its dead
stones are exactly `estimate_status`'s) and, for every chain, says whether the estimate calls
it dead and how sure it is (`ChainStatus.confidence`, 0.5 = a coin flip .. 1 = certain):

* a chain with a stone that static analysis settled (Benson's unconditional life, a big
  territory, stones adrift in one) or that local reading proved alive or dead (a seki, a false
  seki, a lost race in a closed area) is certain: confidence 1;
* any other chain's confidence is the share of playouts that agree with the verdict: the
  share in which its stones stand when it is called alive, the share in which they are
  captured when it is called dead (from the chain's mean ownership: (1 +- sureness) / 2).

A chain is **unsure** (`ChainStatus.unsure`, with a `reason`) when
* `"close"`: its confidence is under `SURE` (0.85);
* `"estimate"`: the estimate itself doubts it (`Estimate.uncertain`: a possible seki or an
  unplayed capturing race, a doubtful eye space, a group left alive in an area that leans to
  the enemy);
* `"boundary"`: it is called dead and the territory its removal gives the other side is
  unsettled around it: the playouts give the points of that region within `NEAR` steps of
  the chain (its surroundings) to the counted owner less than `SURE` of the time on average.
  The region's far side does not count: a stone deep in a settled corner of a territory that
  is still open elsewhere is sure (the open side's own dead stones are flagged there).

`with_judge(found, judge_dead)` adds a second opinion, a judge engine's dead stones (GNU Go
on square boards, run by the site): a chain the judge calls otherwise is unsure (`"judge"`);
a close call that at least `MODERATE` (0.6) of the playouts agree with and the judge calls
the same is sure. Two estimates that judge differently agree there; the estimate's own
doubts and unsettled boundaries stay unsure whatever the judge says.

The result is deterministic for a given seed and symmetric under a colour swap (the playouts
alternate who moves first, so a swap only changes the seed's meaning; the tests check the
verdicts, not the exact numbers, under a swap).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.board import BLACK, EMPTY
from rules.deadstones import PLAYOUTS, SEED, estimate_detail, sureness
from rules.game import Position
from rules.life import chains
from rules.scoring import ownership_map

SURE = 0.85  # a chain's status is clear when this share of the playouts agree with it
MODERATE = 0.6  # a close call (`reason` "close") that a judge agrees with is sure from here
NEAR = 2  # a dead chain's surroundings: its territory's points within this many steps


@dataclass(frozen=True)
class ChainStatus:
    """One chain of the position: its stones (point indices, ascending), colour, the count's
    verdict (`dead`), the share of the evidence that agrees with it (`confidence`, in
    [0, 1]; under 0.5 when reading overrules the playouts), and whether the players should
    check it (`unsure`, with its `reason`; "" when sure)."""

    stones: tuple[int, ...]
    colour: int
    dead: bool
    confidence: float
    unsure: bool
    reason: str


@dataclass(frozen=True)
class Confidence:
    """What `count_confidence` found: per point the mean owner over the playouts
    (`ownership`, -1 White's .. +1 Black's), every chain's status, and the dead stones."""

    ownership: tuple[float, ...]
    chains: tuple[ChainStatus, ...]
    dead: frozenset[int]

    @property
    def unsure(self) -> frozenset[int]:
        """The stones of every unsure chain."""
        return frozenset(p for ch in self.chains if ch.unsure for p in ch.stones)

    @property
    def unsure_chains(self) -> tuple[ChainStatus, ...]:
        """The unsure chains, largest first (then by first point)."""
        found = [ch for ch in self.chains if ch.unsure]
        return tuple(sorted(found, key=lambda ch: (-len(ch.stones), ch.stones[0])))


def count_confidence(
    position: Position, *, playouts: int = PLAYOUTS, seed: int = SEED
) -> Confidence:
    """Every chain's status in a finished `position`, with the count's confidence in it and
    whether it is unsure (see the module docstring). Deterministic for a given `seed`;
    `playouts` at least 1."""
    if playouts < 1:
        raise ValueError("playouts must be at least 1")
    detail = estimate_detail(position, playouts=playouts, seed=seed)
    estimate = detail.estimate
    own = estimate.ownership
    topology = position.topology
    stones = position.stones
    weak = _unsettled_territory(position, estimate.dead, own)
    out = []
    for ch in chains(topology, stones)[0]:
        first = ch.stones[0]
        dead = first in estimate.dead
        if any(detail.settled[p] for p in ch.stones) or first in detail.proven:
            confidence = 1.0
        else:
            alive = (1.0 + sureness(ch, own)) / 2.0
            confidence = min(1.0, max(0.0, 1.0 - alive if dead else alive))
        if first in estimate.uncertain:
            reason = "estimate"
        elif confidence < SURE:
            reason = "close"
        elif dead and first in weak:
            reason = "boundary"
        else:
            reason = ""
        out.append(
            ChainStatus(
                stones=tuple(sorted(ch.stones)),
                colour=ch.colour,
                dead=dead,
                confidence=confidence,
                unsure=bool(reason),
                reason=reason,
            )
        )
    return Confidence(ownership=own, chains=tuple(out), dead=estimate.dead)


def with_judge(
    found: Confidence, judge_dead: frozenset[int], *, moderate: float = MODERATE
) -> Confidence:
    """`found` with a second opinion: the dead stones of a judge engine (GNU Go's
    `final_status_list dead` on square boards). A chain the judge calls otherwise (a stone of
    it dead for one and alive for the other) is unsure, reason `"judge"`. A chain that was
    unsure only as a close call (`"close"`), with `confidence` at least `moderate` (most of
    the playouts agree), and that the judge calls the same, is sure: two opinions that
    judge differently agree. The estimate's own doubts (`"estimate"`: seki, races, eye
    spaces) and unsettled boundaries stay unsure. Dead stones and ownership are unchanged."""
    out = []
    for ch in found.chains:
        judged = [p in judge_dead for p in ch.stones]
        if any(j != ch.dead for j in judged):
            reason = "judge"
        elif ch.reason == "close" and ch.confidence >= moderate:
            reason = ""
        else:
            reason = ch.reason
        out.append(replace(ch, unsure=bool(reason), reason=reason))
    return replace(found, chains=tuple(out))


def _unsettled_territory(
    position: Position, dead: frozenset[int], own: tuple[float, ...]
) -> frozenset[int]:
    """The dead chains whose surroundings the count gives to one colour but the playouts give
    to it less than `SURE` of the time on average. A dead chain's surroundings are the points
    of its region (the territory its removal joins: empty points and dead stones the counted
    owner takes) within `NEAR` steps of it; the rest of a wide region, settled or not, does
    not make a plainly dead stone unsure."""
    owner = ownership_map(position, dead)
    topology = position.topology
    nbrs = topology.neighbours
    out: set[int] = set()
    for ch in chains(topology, position.stones)[0]:
        first = ch.stones[0]
        if first not in dead or first in out:
            continue
        who = owner[first]
        if who == EMPTY:
            continue
        near, edge = set(ch.stones), list(ch.stones)
        for _ in range(NEAR):
            step = []
            for p in edge:
                for q in nbrs[p]:
                    if q in near or owner[q] != who:
                        continue
                    if position.stones[q] == who and q not in dead:
                        continue  # the owner's own living stones are its wall, not territory
                    near.add(q)
                    step.append(q)
            edge = step
        sign = 1.0 if who == BLACK else -1.0
        held = sum(sign * own[p] for p in near) / len(near)
        if (1.0 + held) / 2.0 < SURE:
            out.update(ch.stones)
    return frozenset(out)


__all__ = [
    "MODERATE",
    "PLAYOUTS",
    "SURE",
    "ChainStatus",
    "Confidence",
    "count_confidence",
    "with_judge",
]
