"""Where star points stand: the lines of a square board and the distance of a hexagon's corner
stars. Both the topologies and the handicap placements use them."""

from __future__ import annotations


def square_star_lines(n: int) -> list[int]:
    """Star-point lines of a square board (0-based), empty when the board has none."""
    if n < 7:
        return [n // 2] if n % 2 else []
    edge = 2 if n < 13 else 3
    lines = [edge, n - 1 - edge]
    if n % 2 and n >= 9:
        lines.insert(1, n // 2)
    return lines


def hex_star_distance(n: int) -> int:
    """Distance from the centre of the six corner star cells: third line below side 8,
    fourth line from side 8 up; 0 (centre only) on sides below 5."""
    if n < 5:
        return 0
    return n - 1 - (2 if n < 8 else 3)
