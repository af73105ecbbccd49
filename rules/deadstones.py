"""Which stones are dead in a finished position: an estimate for the scoring phase.

See rules/README.md, "Scoring and dead stones", for the method and its known limits.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from rules.board import BLACK, EMPTY, WHITE
from rules.game import Position
from rules.life import (
    Chain,
    adrift_territories,
    benson,
    chains,
    dead_eye_shape,
    eye_shape_known,
    lone_eye_spaces,
    race_losers,
    regions,
)
from rules.playout import Playouts
from rules.ruleset import RuleSet
from rules.seki import Reading, read_areas

PLAYOUTS = 32
EXTRA = 4  # close calls get EXTRA times as many playouts
UNSURE = 0.4  # a chain is a close call when its mean ownership is within this of 0
SEED = 0x5C0DE
PAIRS = 1_000_003  # playout pair k of seed s draws from random.Random(s * PAIRS + k)
TERRITORY = 8
DOUBT = 0.1  # a chain this close to even stays alive unless its area is the opponent's
ENCLOSED = 0.25  # mean owner of an enclosed area's empty points for it to be the encloser's
ALIVE = 0.5  # an enclosed chain this sure to live keeps its area open
SPLIT = 0.2  # unsure: dead by playouts alone with a sureness above -SPLIT
SHARED = 0.5  # unsure: beside a shared liberty at the end of this share of the playouts
FIRM = 0.9  # a chain this sure to live takes no part in capturing-race reading
STEADY = 0.75  # unsure: alive under this sureness with a doubtful eye space or a short race
ADRIFT = 4  # a chain this small without an eye may be adrift in the territory around it
SHORT = 3  # a chain with this many liberties or fewer is short of them


@dataclass(frozen=True)
class Estimate:
    """What `estimate_status` found: the dead stones, and the stones it is unsure of.

    `uncertain` holds every stone of each chain whose status (dead or alive) the estimate
    could not settle (`uncertain_chains`); it is empty when the estimate is sure of every
    chain. `ownership` is the per-point mean owner it judged from (-1 White's .. +1 Black's).
    """

    dead: frozenset[int]
    uncertain: frozenset[int]
    ownership: tuple[float, ...]


@dataclass(frozen=True)
class _Playouts:
    own: list[float]  # per point, -1 White's .. +1 Black's
    settled: list[bool]  # Benson-settled, big or adrift territory points, never played out
    seki: list[float]  # per point, the share of playouts its chain ended beside a shared liberty


def ownership(position: Position, playouts: int = PLAYOUTS, seed: int = SEED) -> list[float]:
    """Per point, from -1 (White's) to +1 (Black's): the mean owner over playouts seeded
    with `seed`, with settled points (Benson, big and adrift territories) fixed."""
    return _playouts(position, playouts, seed).own


def _playouts(position: Position, playouts: int, seed: int) -> _Playouts:
    """Settle what static analysis can (steps 1-3 of the README's approach), then play out
    the rest: ownership, the settled points, and the seki share of every point."""
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
    # Territories with enemy stones adrift in them are settled too: random play in a wide
    # area lets lone stones live and thin walls die far too often.
    for owner, area in adrift_territories(
        topology, colours, territory=TERRITORY, adrift=ADRIFT, short=SHORT
    ):
        for p in area:
            if not frozen[p]:
                fixed[p] = 1.0 if owner == BLACK else -1.0
                frozen[p] = True
    start = [
        EMPTY
        if frozen[p] and colours[p] != EMPTY and fixed[p] * (1.5 - colours[p]) < 0
        else colours[p]
        for p in range(size)
    ]
    engine = Playouts(topology, start, frozen)
    total = [0] * size
    seki = [0] * size
    runs = 0
    target = playouts
    unsure = [ch.stones for ch in chains(topology, colours)[0]]
    while runs < target:
        # The two playouts of a pair draw the same random numbers, Black first then White:
        # the colour-swapped position then gets exactly the negated ownership.
        rng = random.Random(seed * PAIRS + runs // 2)
        owner = engine.run(BLACK if runs % 2 == 0 else WHITE, rng, seki)
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
    return _Playouts(
        own=[fixed[p] if frozen[p] else total[p] / runs for p in range(size)],
        settled=frozen,
        seki=[0.0 if frozen[p] else seki[p] / runs for p in range(size)],
    )


def estimate_dead(
    position: Position, rules: RuleSet | None = None, *, seed: int = SEED
) -> frozenset[int]:
    """The points of stones that are dead in a finished `position`. Deterministic for a
    given `seed`.

    A chain is dead when the playouts give its points to the opponent by more than `DOUBT`
    (settled territories included), when it lies in an area the opponent encloses and owns
    (`enclosed_dead`), or when static reading kills it (`fight_dead`). The same verdict as
    `estimate_status(...).dead`.
    """
    return estimate_status(position, rules, seed=seed).dead


def estimate_status(
    position: Position, rules: RuleSet | None = None, *, seed: int = SEED
) -> Estimate:
    """The dead stones of a finished `position` (as `estimate_dead`), and the stones of the
    chains whose status the estimate is unsure of (`uncertain_chains`). Deterministic for a
    given `seed`."""
    del rules  # the estimate does not depend on the scoring method
    return estimate_detail(position, seed=seed).estimate


@dataclass(frozen=True)
class Detail:
    """`estimate_detail`'s answer: the `Estimate`, and what it was judged from: per point
    whether static analysis `settled` it (Benson, big or adrift territories), the share of
    playouts its chain ended beside a shared liberty (`seki`), and the stones local reading
    `proven` alive or dead (a seki, a false one, a lost race in a closed area)."""

    estimate: Estimate
    settled: tuple[bool, ...]
    seki: tuple[float, ...]
    proven: frozenset[int]


def estimate_detail(position: Position, *, playouts: int = PLAYOUTS, seed: int = SEED) -> Detail:
    """`estimate_status` with `playouts` playouts (close calls get `EXTRA` times as many),
    and the evidence behind it (`Detail`). With the defaults, `.estimate` is exactly
    `estimate_status(position, seed=seed)`. Deterministic for a given `seed`."""
    found = _playouts(position, playouts, seed)
    dead = dead_from_ownership(position, found.own)
    unsure = _unsure_chains(position, found.own, found.settled, found.seki)
    reading = _read(position, found.own, found.settled, dead, unsure)
    estimate = Estimate(
        dead=(dead - reading.alive) | reading.dead,
        uncertain=unsure - reading.alive - reading.dead,
        ownership=tuple(found.own),
    )
    return Detail(
        estimate=estimate,
        settled=tuple(found.settled),
        seki=tuple(found.seki),
        proven=reading.alive | reading.dead,
    )


def read_alive(
    position: Position,
    own: Sequence[float],
    settled: Sequence[bool],
    dead: frozenset[int],
    unsure: frozenset[int],
) -> frozenset[int]:
    """The stones that local reading proves alive (`rules.seki.proven_alive`): the chains of
    a closed area (seki, with or without eyes; a group on its own eye spaces) that no side
    can capture, playing first. Only areas holding a `dead` or `unsure` stone are read (the
    others are settled already). Its walls must stand: each wall chain is settled (a settled
    stone or liberty), or neither dead nor unsure (`dead`, `unsure`: the estimate's verdict
    and doubts before reading) with at least as many liberties as every chain of the area
    beside it; with fewer, the area's other side may capture the wall from outside and win
    what looks like a seki (the capturing race of `hard-12257987`). `estimate_status` also
    takes the chains that the same reading proves dead (`rules.seki.read_areas`)."""
    return _read(position, own, settled, dead, unsure).alive


def _read(
    position: Position,
    own: Sequence[float],
    settled: Sequence[bool],
    dead: frozenset[int],
    unsure: frozenset[int],
) -> Reading:
    """`rules.seki.read_areas` behind the walls `read_alive` trusts."""
    del own  # the walls are judged by the verdict and its doubts, not by the ownership

    def safe_wall(wall: Chain, touching: list[Chain]) -> bool:
        if any(settled[p] for p in wall.stones) or any(settled[p] for p in wall.libs):
            return True
        if any(p in dead or p in unsure for p in wall.stones):
            return False
        return all(len(wall.libs) >= len(ch.libs) for ch in touching)

    return read_areas(position.topology, position.stones, safe_wall, only=dead | unsure)


def dead_from_ownership(position: Position, own: Sequence[float]) -> frozenset[int]:
    """The verdict of `estimate_dead` for a given per-point ownership `own` (-1 White's ..
    +1 Black's): chains whose sureness is below `-DOUBT`, plus `enclosed_dead`, plus
    `fight_dead` (groups with one dead eye shape, races lost by liberty count)."""
    by_playouts, by_reading = _verdict(position, own)
    return frozenset(by_playouts | by_reading)


def _verdict(position: Position, own: Sequence[float]) -> tuple[set[int], set[int]]:
    """The dead stones by playouts alone (sureness under `-DOUBT`), and those that region
    analysis or static reading adds (`enclosed_dead`, `fight_dead`)."""
    by_playouts = {
        p
        for ch in chains(position.topology, position.stones)[0]
        if sureness(ch, own) < -DOUBT
        for p in ch.stones
    }
    by_reading = enclosed_dead(position, own)
    by_reading |= fight_dead(position, own, by_playouts | by_reading)
    return by_playouts, by_reading


def fight_dead(position: Position, own: Sequence[float], dead: set[int]) -> set[int]:
    """Stones that static reading kills where random play cannot tell, given per-point
    ownership `own` and the stones already judged `dead`:
    * a group whose only liberties are one eye space of a dead shape (`life.dead_eye_shape`:
      three points, the square four, the bent four in the corner ...), when every enemy
      chain around it lives in most playouts (sureness `ALIVE` or more), so it cannot win
      a race against its wall;
    * the loser of a capturing race whoever plays first (`life.race_losers`), among chains
      not judged dead and not sure to live (sureness under `FIRM`).
    """
    topology = position.topology
    colours = position.stones
    nbrs = topology.neighbours
    all_chains, chain_at = chains(topology, colours)
    sure = [sureness(ch, own) for ch in all_chains]
    out: set[int] = set()
    for stones, space in lone_eye_spaces(topology, colours, smaller_than=TERRITORY):
        if stones & dead or not dead_eye_shape(topology, space):
            continue
        colour = colours[next(iter(stones))]
        walls = {chain_at[q] for p in stones for q in nbrs[p] if colours[q] == 3 - colour}
        if all(sure[k] >= ALIVE for k in walls):
            out |= stones
    candidates = {
        p
        for k, ch in enumerate(all_chains)
        if sure[k] < FIRM and ch.stones[0] not in dead and ch.stones[0] not in out
        for p in ch.stones
    }
    return out | race_losers(topology, colours, candidates)


def enclosed_dead(
    position: Position, own: Sequence[float], left_open: set[int] | None = None
) -> set[int]:
    """The stones inside areas that the other colour encloses and holds, given per-point
    ownership `own` (-1 White's .. +1 Black's). When given, `left_open` receives the stones
    of the chains that stay alive, without being sure to live (sureness under `STEADY`), in
    an area whose empty points lean to the encloser: the count is unsure there.

    An area is a connected set of empty points and stones of one colour, bordered by stones
    of the other colour (its wall) and the board edge only. It is held when its empty points
    lean to the encloser on average while no chain inside is likely to live, and no wall
    chain is dead by the playouts (a wall that dies is a capturing race, not a wall):
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
            if held <= 0 or min(sure[k] for k in walls) < -DOUBT:
                continue  # not held, or a wall that is itself dead: a race, not an enclosure
            if strongest >= ALIVE:
                kept = True
            elif len(empties) >= TERRITORY:
                kept = strongest >= DOUBT and held < ENCLOSED
            else:
                kept = strongest >= DOUBT or min(sure[k] for k in walls) < DOUBT
            if not kept:
                for k in inside:
                    out.update(all_chains[k].stones)
            elif left_open is not None:
                for k in inside:
                    if sure[k] < STEADY:
                        left_open.update(all_chains[k].stones)
    return out


def uncertain_chains(
    position: Position,
    own: Sequence[float],
    settled: Sequence[bool],
    seki: Sequence[float],
) -> frozenset[int]:
    """The stones of the chains whose status the estimate cannot vouch for, given per-point
    ownership `own`, the points Benson or a big territory `settled`, and per point the share
    of playouts in which its chain ended beside a shared liberty with at most one eye (`seki`).
    The chains that local reading proves alive (`read_alive`: a seki, a group on its eye
    spaces) or dead (`rules.seki.read_areas`: a false seki, a lost race in a closed area)
    are sure; of the others, see `_unsure_chains`.
    """
    dead = dead_from_ownership(position, own)
    unsure = _unsure_chains(position, own, settled, seki)
    reading = _read(position, own, settled, dead, unsure)
    return unsure - reading.alive - reading.dead


def _unsure_chains(
    position: Position,
    own: Sequence[float],
    settled: Sequence[bool],
    seki: Sequence[float],
) -> frozenset[int]:
    """The chains `uncertain_chains` doubts before local reading.

    A chain with a settled stone or liberty is sure. Any other chain is unsure when
    * it ends beside a shared liberty in at least `SHARED` of the playouts: a seki, or a
      capturing race that neither side would start, which no liberty count can tell apart;
    * the verdict is a coin flip: alive with a sureness under `DOUBT`, or dead by playouts
      alone (neither a held area around it nor `fight_dead`) with a sureness above -`SPLIT`;
    * it is judged alive without being sure to live (sureness under `STEADY`), and either it is
      short of liberties (`SHORT` or fewer) beside an enemy chain in the same state (a
      capturing race the game stopped before), or its group's only liberties are one eye
      space whose shape `life.eye_shape_known` cannot settle, or it was left alive in an
      area that leans to the enemy (`enclosed_dead`'s `left_open`).
    """
    topology = position.topology
    colours = position.stones
    all_chains, chain_at = chains(topology, colours)
    by_playouts, held = _verdict(position, own)
    dead = by_playouts | held
    left_open: set[int] = set()
    enclosed_dead(position, own, left_open)
    sure = [sureness(ch, own) for ch in all_chains]
    # A settled liberty is the chain's own settled territory (Benson-safe or big).
    unsure = [
        not any(settled[p] for p in ch.stones) and not any(settled[p] for p in ch.libs)
        for ch in all_chains
    ]
    # Alive, not sure to live, and short of liberties: one side of a possible race.
    short = [
        unsure[k] and ch.stones[0] not in dead and sure[k] < STEADY and len(ch.libs) <= SHORT
        for k, ch in enumerate(all_chains)
    ]
    odd_space = {
        p
        for stones, space in lone_eye_spaces(topology, colours, smaller_than=TERRITORY)
        if not eye_shape_known(topology, space)
        for p in stones
    }
    nbrs = topology.neighbours
    out: set[int] = set()
    for k, ch in enumerate(all_chains):
        if not unsure[k]:
            continue
        first = ch.stones[0]
        shared = sum(seki[p] for p in ch.stones) / len(ch.stones)
        if first in dead:
            doubtful = first not in held and sure[k] > -SPLIT
        else:
            racing = short[k] and any(
                short[chain_at[q]]
                for p in ch.stones
                for q in nbrs[p]
                if colours[q] == 3 - ch.colour
            )
            doubtful = (
                sure[k] < DOUBT
                or racing
                or first in left_open
                or (sure[k] < STEADY and first in odd_space)
            )
        if doubtful or shared >= SHARED:
            out.update(ch.stones)
    return frozenset(out)


def sureness(chain: Chain, own: Sequence[float]) -> float:
    """Mean ownership of a chain's points from its own side: +1 alive in every playout,
    -1 captured in every playout."""
    sign = 1.0 if chain.colour == BLACK else -1.0
    return sign * sum(own[p] for p in chain.stones) / len(chain.stones)


__all__ = [
    "Detail",
    "Estimate",
    "dead_from_ownership",
    "enclosed_dead",
    "estimate_dead",
    "estimate_detail",
    "estimate_status",
    "fight_dead",
    "ownership",
    "read_alive",
    "sureness",
    "uncertain_chains",
]
