"""Fixed handicap placements.

Square boards follow the GTP `fixed_handicap` table (as on ItsYourTurn): corners first
(2: lower-left and upper-right, 3: plus upper-left, 4: all corners), the centre for odd counts
from 5, then the side points (6/7: left and right sides, 8/9: all four sides).

Hexagons use the six corner star cells at distance d = `hex_star_distance(n)` and keep point
symmetry: 2 = a pair of opposite corners; 3 = three alternate corners (rotational symmetry);
4 = two opposite pairs; 5 = 4 + centre; 6 = all six corners; 7 = 6 + centre; 8 = six corners
plus the two cells at distance d//2 towards the first pair's corners; 9 = 8 + centre.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.star_points import hex_star_distance, square_star_lines

if TYPE_CHECKING:
    from rules.topology import Topology

MAX_HANDICAP = 9


def handicap_points(topology: Topology, stones: int) -> list[int]:
    """Points of Black's handicap stones; ValueError when the board cannot take that many."""
    if not 2 <= stones <= MAX_HANDICAP:
        raise ValueError(f"handicap is 2 to {MAX_HANDICAP} stones, not {stones}")
    build = _square if topology.kind == "square" else _hex
    cells = build(topology.n, stones)
    return [topology.point_at(x, y) for x, y in cells]


def _square(n: int, stones: int) -> list[tuple[int, int]]:
    lines = square_star_lines(n)
    if len(lines) < 2 or (stones > 4 and len(lines) < 3):
        raise ValueError(f"a {n}×{n} board takes no handicap of {stones}")
    low, high = lines[0], lines[-1]
    mid = n // 2
    # y counts from the top, so "lower-left" is (low, high).
    corners = [(low, high), (high, low), (low, low), (high, high)]
    sides_lr = [(low, mid), (high, mid)]
    sides_tb = [(mid, high), (mid, low)]
    centre = [(mid, mid)]
    layout = {
        2: corners[:2],
        3: corners[:3],
        4: corners,
        5: corners + centre,
        6: corners + sides_lr,
        7: corners + sides_lr + centre,
        8: corners + sides_lr + sides_tb,
        9: corners + sides_lr + sides_tb + centre,
    }
    return layout[stones]


def _hex(n: int, stones: int) -> list[tuple[int, int]]:
    d = hex_star_distance(n)
    if d < 2:
        raise ValueError(f"a hex board of side {n} takes no handicap")
    m = n - 1
    h = d // 2
    # corners in rotational order; opposite corners are three apart
    ring = [(d, -d), (d, 0), (0, d), (-d, d), (-d, 0), (0, -d)]
    pick = {
        2: [0, 3],
        3: [0, 2, 4],
        4: [0, 3, 1, 4],
        5: [0, 3, 1, 4],
        6: [0, 1, 2, 3, 4, 5],
        7: [0, 1, 2, 3, 4, 5],
        8: [0, 1, 2, 3, 4, 5],
        9: [0, 1, 2, 3, 4, 5],
    }[stones]
    axial = [ring[i] for i in pick]
    if stones in (8, 9):
        axial += [(h, -h), (-h, h)]
    if stones % 2 and stones != 3:
        axial.append((0, 0))
    return [(q + m, r + m) for q, r in axial]
