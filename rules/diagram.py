"""ASCII diagrams of positions, for tests, debugging and the command line.

A square diagram has one text row per board row, top first: `X` black, `O` white, `.` empty,
with spaces between points ignored. A hex diagram has one text row per SGF row too; the leading
indentation is ignored, so rows can be drawn offset like a hexagon.
"""

from __future__ import annotations

from rules.board import BLACK, EMPTY, WHITE
from rules.topology import Topology

SYMBOLS = {EMPTY: ".", BLACK: "X", WHITE: "O"}
_PARSE = {".": EMPTY, "+": EMPTY, "X": BLACK, "O": WHITE}


def parse_diagram(topology: Topology, text: str) -> list[int]:
    """Colours per point from a diagram; ValueError when the shape does not match the board."""
    rows = [line.split() for line in text.strip("\n").splitlines() if line.strip()]
    rows = [[ch for token in row for ch in token] for row in rows]
    if len(rows) != topology.sgf_size:
        raise ValueError(f"diagram has {len(rows)} rows, the board {topology.sgf_size}")
    colours = [EMPTY] * topology.size
    for y, row in enumerate(rows):
        xs = [x for x in range(topology.sgf_size) if topology.point_at(x, y) is not None]
        if len(row) != len(xs):
            raise ValueError(f"diagram row {y + 1} has {len(row)} points, the board {len(xs)}")
        for x, ch in zip(xs, row, strict=True):
            colours[topology.point_at(x, y)] = _PARSE[ch]
    return colours


def to_diagram(topology: Topology, stones: list[int] | tuple[int, ...]) -> str:
    """The diagram of a position (hex rows indented so the board looks like a hexagon)."""
    lines = []
    for y in range(topology.sgf_size):
        xs = [x for x in range(topology.sgf_size) if topology.point_at(x, y) is not None]
        cells = " ".join(SYMBOLS[stones[topology.point_at(x, y)]] for x in xs)
        indent = " " * (topology.sgf_size - len(xs)) if topology.kind == "hex" else ""
        lines.append(indent + cells)
    return "\n".join(lines)


def parse_marked_diagram(
    topology: Topology, text: str
) -> tuple[list[int], frozenset[int], frozenset[int]]:
    """A diagram whose lower-case stones carry a mark: `x`/`o` dead black/white stones,
    `s`/`t` black/white stones in seki (alive). Returns (colours per point, the dead points,
    the seki points); ValueError as `parse_diagram`."""
    colours = parse_diagram(topology, text.translate(_UNMARK))
    marks = "".join(text.split())
    cells = [
        p
        for y in range(topology.sgf_size)
        for x in range(topology.sgf_size)
        if (p := topology.point_at(x, y)) is not None
    ]
    dead = frozenset(p for p, ch in zip(cells, marks, strict=True) if ch in "xo")
    seki = frozenset(p for p, ch in zip(cells, marks, strict=True) if ch in "st")
    return colours, dead, seki


_UNMARK = str.maketrans("xost", "XOXO")
