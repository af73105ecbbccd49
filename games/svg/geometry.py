"""The shared board geometry (rules.images.layout.board_geometry) in SVG user units, formatted
once per board shape and cached: every SVG of a 19x19 board reuses the same strings."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from html import escape

from rules.images.layout import BoardGeometry, board_geometry
from rules.topology import Topology

STEP = 20  # user units between neighbouring points
# Grid line width as a fraction of the board width: 0.05 steps on 19x19; thinner on hexagons,
# whose three line directions make a denser mesh. Lines and labels scale with the whole board,
# not the point spacing, so a 9x9 board drawn as wide as a 19x19 one does not get lines twice
# as thick.
LINE_SCALE = {"square": 0.0024, "hex": 0.0017}


def num(value: float) -> str:
    """A coordinate with at most 2 decimals and no trailing zeros: 12, 12.5, -0.25."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@dataclass(frozen=True)
class SvgGeometry:
    """One board shape in user units; its picture spans `view_box`.

    The origin is a point of the board (the first point of a square board, the centre of a
    hexagon), so most coordinates are short whole numbers.
    """

    geometry: BoardGeometry  # in user units
    view_box: str
    at: tuple[str, ...]  # per point: 'cx="..." cy="..."'
    names: tuple[str, ...]  # per point: "D4"
    grid: str  # path data of the grid lines
    background: str  # the board, the grid, its edge, star points and labels: same every time
    line_width: float

    @property
    def width(self) -> float:
        """Width of the picture in user units."""
        return self.geometry.width

    @property
    def height(self) -> float:
        """Height of the picture in user units."""
        return self.geometry.height


@cache
def svg_geometry(topology: Topology, coordinates: bool) -> SvgGeometry:
    """The geometry of `topology` in user units, with its drawing that never changes."""
    unit = board_geometry(topology, coordinates)
    if topology.kind == "square":
        ox, oy = unit.centres[0]
    else:
        ox, oy = unit.width / 2, unit.height / 2
    geo = unit.scaled(STEP, -STEP * ox, -STEP * oy)
    line_width = LINE_SCALE[topology.kind] * geo.width
    view_box = f"{num(-STEP * ox)} {num(-STEP * oy)} {num(geo.width)} {num(geo.height)}"
    at = tuple(f'cx="{num(x)}" cy="{num(y)}"' for x, y in geo.centres)
    return SvgGeometry(
        geometry=geo,
        view_box=view_box,
        at=at,
        names=tuple(topology.name(p) for p in topology.points()),
        grid=grid_path(geo),
        background=_board(geo, view_box, line_width) + _stars(geo) + _labels(geo),
        line_width=line_width,
    )


def points_attr(corners: tuple[tuple[float, float], ...]) -> str:
    """Polygon corners as a `points` attribute value."""
    return " ".join(f"{num(x)},{num(y)}" for x, y in corners)


def grid_path(geo: BoardGeometry) -> str:
    """Path data of every grid line, relative moves where they are shorter."""
    parts = []
    for a, b in geo.lines:
        (x1, y1), (x2, y2) = geo.centres[a], geo.centres[b]
        if y1 == y2:
            parts.append(f"M{num(x1)} {num(y1)}h{num(x2 - x1)}")
        elif x1 == x2:
            parts.append(f"M{num(x1)} {num(y1)}v{num(y2 - y1)}")
        else:
            parts.append(f"M{num(x1)} {num(y1)}l{num(x2 - x1)} {num(y2 - y1)}")
    return "".join(parts)


def _board(geo: BoardGeometry, view_box: str, line_width: float) -> str:
    if geo.outline:
        board = f'<polygon class="bd-bg" points="{points_attr(geo.outline)}"/>'
    else:
        x, y, w, h = view_box.split()
        board = f'<rect class="bd-bg" x="{x}" y="{y}" width="{w}" height="{h}"/>'
    return (
        f'{board}<path class="bd-grid" stroke-width="{num(line_width)}" d="{grid_path(geo)}"/>'
        f'<polygon class="bd-edge" stroke-width="{num(2 * line_width)}" '
        f'points="{points_attr(geo.edge)}"/>'
    )


def _stars(geo: BoardGeometry) -> str:
    r = num(geo.star_radius)
    stars = "".join(
        f'<circle class="bd-star" cx="{num(geo.centres[p][0])}" cy="{num(geo.centres[p][1])}" '
        f'r="{r}"/>'
        for p in sorted(geo.topology.star_points)
    )
    return f'<g class="bd-stars">{stars}</g>'


def _labels(geo: BoardGeometry) -> str:
    """The coordinate labels as one SVG group ('' without coordinates)."""
    if not geo.labels:
        return ""
    texts = "".join(
        f'<text class="bd-co bd-co-{lab.kind}" x="{num(lab.x)}" y="{num(lab.y)}">'
        f"{escape(lab.text)}</text>"
        for lab in geo.labels
    )
    return f'<g class="bd-coords" font-size="{num(geo.label_size)}" aria-hidden="true">{texts}</g>'
