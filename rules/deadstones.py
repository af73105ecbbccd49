"""Which stones are dead in a finished position: an estimate for the scoring phase.

See rules/README.md, "Scoring and dead stones", for the method and its known limits.
"""

from __future__ import annotations

import random

from rules.board import BLACK, EMPTY, WHITE
from rules.game import Position
from rules.life import benson, chains, regions
from rules.playout import Playouts
from rules.ruleset import RuleSet

PLAYOUTS = 32
EXTRA = 4  # close calls get EXTRA times as many playouts
UNSURE = 0.4  # a chain is a close call when its mean ownership is within this of 0
SEED = 0x5C0DE
TERRITORY = 8


def ownership(position: Position, playouts: int = PLAYOUTS) -> list[float]:
    """Per point, from -1 (White's) to +1 (Black's): the mean owner over seeded playouts,
    with Benson-safe points fixed."""
    topology = position.topology
    colours = list(position.stones)
    size = topology.size
    fixed = [0.0] * size
    frozen = [False] * size
    for colour, sign in ((BLACK, 1.0), (WHITE, -1.0)):
        alive, safe = benson(topology, colours, colour)
        for p in alive | safe:
            fixed[p] = sign
            frozen[p] = True
    # Big territories: an empty region of at least TERRITORY points bordered by one colour
    # only is that colour's, and no playout plays in it (no dead shape is that large).
    regs, _ = regions(topology, colours, [c != EMPTY for c in colours])
    nbrs = topology.neighbours
    for reg in regs:
        if len(reg) < TERRITORY or frozen[reg[0]]:
            continue
        border = 0
        for p in reg:
            for q in nbrs[p]:
                border |= colours[q]
        if border in (BLACK, WHITE):
            for p in reg:
                fixed[p] = 1.0 if border == BLACK else -1.0
                frozen[p] = True
    start = [
        EMPTY
        if frozen[p] and colours[p] != EMPTY and fixed[p] * (1.5 - colours[p]) < 0
        else colours[p]
        for p in range(size)
    ]
    engine = Playouts(topology, start, frozen)
    rng = random.Random(SEED)
    total = [0] * size
    runs = 0
    target = playouts
    unsure = [ch.stones for ch in chains(topology, colours)[0]]
    while runs < target:
        owner = engine.run(BLACK if runs % 2 == 0 else WHITE, rng)
        runs += 1
        for p, o in enumerate(owner):
            if o == BLACK:
                total[p] += 1
            elif o == WHITE:
                total[p] -= 1
        if runs == target and target == playouts:
            # Close calls get more playouts before the verdict.
            for stones in unsure:
                if abs(sum(total[p] for p in stones)) < UNSURE * runs * len(stones):
                    target = playouts * EXTRA
                    break
    return [fixed[p] if frozen[p] else total[p] / runs for p in range(size)]


def estimate_dead(position: Position, rules: RuleSet | None = None) -> frozenset[int]:
    """The points of stones that are dead in a finished `position` (deterministic): the
    chains whose points the playouts give to the opponent on average."""
    del rules  # the estimate does not depend on the scoring method
    own = ownership(position)
    dead: set[int] = set()
    for ch in chains(position.topology, position.stones)[0]:
        sign = 1.0 if ch.colour == BLACK else -1.0
        if sum(own[p] for p in ch.stones) * sign < 0:
            dead.update(ch.stones)
    return frozenset(dead)


__all__ = ["estimate_dead", "ownership"]
