"""Which stones are dead in a finished position: an estimate for the scoring phase.

See rules/README.md, "Scoring and dead stones", for the method and its known limits.
"""

from __future__ import annotations

import random

from rules.board import BLACK, EMPTY, WHITE
from rules.game import Position
from rules.life import benson, chains
from rules.playout import Playouts
from rules.ruleset import RuleSet

PLAYOUTS = 40
SEED = 0x5C0DE


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
    start = [
        EMPTY
        if frozen[p] and colours[p] != EMPTY and fixed[p] * (1.5 - colours[p]) < 0
        else colours[p]
        for p in range(size)
    ]
    engine = Playouts(topology, start, frozen)
    rng = random.Random(SEED)
    total = [0] * size
    for i in range(playouts):
        owner = engine.run(BLACK if i % 2 == 0 else WHITE, rng)
        for p, o in enumerate(owner):
            if o == BLACK:
                total[p] += 1
            elif o == WHITE:
                total[p] -= 1
    return [fixed[p] if frozen[p] else total[p] / playouts for p in range(size)]


def estimate_dead(position: Position, rules: RuleSet | None = None) -> frozenset[int]:
    """The points of stones that are dead in a finished `position` (deterministic)."""
    del rules  # the estimate does not depend on the scoring method
    own = ownership(position)
    all_chains, _ = chains(position.topology, position.stones)
    dead: set[int] = set()
    for ch in all_chains:
        sign = 1.0 if ch.colour == BLACK else -1.0
        mean = sum(own[p] for p in ch.stones) / len(ch.stones) * sign
        if mean < 0:
            dead.update(ch.stones)
    return frozenset(dead)


__all__ = ["estimate_dead", "ownership"]
