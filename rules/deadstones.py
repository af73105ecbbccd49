"""Which stones are dead in a finished position: an estimate for the scoring phase.

See rules/README.md, "Scoring and dead stones", for the method and its known limits.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.board import BLACK, EMPTY, WHITE
from rules.game import Position
from rules.life import Chain, benson, chains, regions
from rules.playout import Playouts
from rules.ruleset import RuleSet

PLAYOUTS = 32
EXTRA = 4  # close calls get EXTRA times as many playouts
UNSURE = 0.4  # a chain is a close call when its mean ownership is within this of 0
SEED = 0x5C0DE
TERRITORY = 8
DOUBT = 0.1  # a chain this close to even stays alive unless its area is the opponent's
ENCLOSED = 0.25  # mean owner of an enclosed area's empty points for it to be the encloser's
ALIVE = 0.5  # an enclosed chain this sure to live keeps its area open


def ownership(position: Position, playouts: int = PLAYOUTS, seed: int = SEED) -> list[float]:
    """Per point, from -1 (White's) to +1 (Black's): the mean owner over playouts seeded
    with `seed`, with Benson-safe points fixed."""
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
    rng = random.Random(seed)
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


def estimate_dead(
    position: Position, rules: RuleSet | None = None, *, seed: int = SEED
) -> frozenset[int]:
    """The points of stones that are dead in a finished `position`. Deterministic for a
    given `seed`.

    A chain is dead when the playouts give its points to the opponent by more than `DOUBT`,
    or when it lies in an area the opponent encloses and owns (`enclosed_dead`).
    """
    del rules  # the estimate does not depend on the scoring method
    return dead_from_ownership(position, ownership(position, seed=seed))


def dead_from_ownership(position: Position, own: Sequence[float]) -> frozenset[int]:
    """The verdict of `estimate_dead` for a given per-point ownership `own` (-1 White's ..
    +1 Black's): chains whose sureness is below `-DOUBT`, plus `enclosed_dead`."""
    dead = {
        p
        for ch in chains(position.topology, position.stones)[0]
        if sureness(ch, own) < -DOUBT
        for p in ch.stones
    }
    return frozenset(dead | enclosed_dead(position, own))


def enclosed_dead(position: Position, own: Sequence[float]) -> set[int]:
    """The stones inside areas that the other colour encloses and holds, given per-point
    ownership `own` (-1 White's .. +1 Black's).

    An area is a connected set of empty points and stones of one colour, bordered by stones
    of the other colour (its wall) and the board edge only. It is held when its empty points
    lean to the encloser on average while no chain inside is likely to live:
    * a territory (at least `TERRITORY` empty points): a lean above 0 when every chain inside
      is a coin flip or worse (sureness under `DOUBT`), or a lean of `ENCLOSED` or more when
      none lives in most playouts (sureness under `ALIVE`);
    * a smaller, eye-sized area (where seki and capturing races are): a lean above 0, every
      chain inside a coin flip or worse, and every wall chain no coin flip (sureness at least
      `DOUBT`).
    So stones adrift in a finished territory are dead even when random play cannot decide
    who would win their fight.
    """
    topology = position.topology
    colours = position.stones
    nbrs = topology.neighbours
    all_chains, chain_at = chains(topology, colours)
    sure = [sureness(ch, own) for ch in all_chains]
    out: set[int] = set()
    for colour, sign in ((BLACK, 1.0), (WHITE, -1.0)):
        areas, _ = regions(topology, colours, [c == colour for c in colours])
        for area in areas:
            empties = [p for p in area if colours[p] == EMPTY]
            inside = {chain_at[p] for p in area if colours[p] != EMPTY}
            walls = {chain_at[q] for p in area for q in nbrs[p] if colours[q] == colour}
            if not inside or not walls:
                continue
            strongest = max(sure[k] for k in inside)
            held = sign * sum(own[p] for p in empties) / len(empties)
            if held <= 0 or strongest >= ALIVE:
                continue
            if len(empties) >= TERRITORY:
                if strongest >= DOUBT and held < ENCLOSED:
                    continue
            elif strongest >= DOUBT or min(sure[k] for k in walls) < DOUBT:
                continue
            for k in inside:
                out.update(all_chains[k].stones)
    return out


def sureness(chain: Chain, own: Sequence[float]) -> float:
    """Mean ownership of a chain's points from its own side: +1 alive in every playout,
    -1 captured in every playout."""
    sign = 1.0 if chain.colour == BLACK else -1.0
    return sign * sum(own[p] for p in chain.stones) / len(chain.stones)


__all__ = ["dead_from_ownership", "enclosed_dead", "estimate_dead", "ownership", "sureness"]
