"""Board geometry: where each point, grid line, star point and coordinate label goes.

Pure arithmetic, no Pillow. One geometry serves both pictures of a board:

* `board_geometry(topology, coordinates)` gives it in *spacings* (the distance between
  neighbouring points is 1), with (0, 0) at the top-left corner of the picture; the web SVG
  (games/svg/) multiplies it by its own step.
* `board_layout(topology, size=..., coordinates=...)` scales it to the pixels of the PNG
  (rules/images/render.py). Pixel coordinates are continuous image coordinates: (0, 0) is the
  top-left corner of the image and pixel (i, j) covers [i, i+1) x [j, j+1), so a point centred at
  (10.5, 10.5) sits in the middle of pixel (10, 10).

* Square board of side n: in the PNG the spacing is a whole number of pixels, so grid lines are
  crisp; the board is centred in the image.
* Hexagon of side n, axial (q, r): x = k*(q + r/2), y = k*(sqrt(3)/2)*r around the centre, rows
  horizontal, corners pointing left and right. Row numbers sit one step beyond both ends of each
  row, so the four slanted edges carry numbers only. Column letters sit just beyond the end of
  each column diagonal (constant q) that meets the top or the bottom edge: the letters of the
  left half along the bottom, of the right half along the top, the middle column's at both. No
  letter ever sits between two numbers, where "E 11" and "D 10" would read as pairs. The
  board reaches HEX_RIM_COORDS spacings beyond the corner points: room for the labels."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from rules.topology import COLUMN_LETTERS, Topology

SQRT3_2 = math.sqrt(3) / 2
MIN_SIZE, MAX_SIZE = 120, 4000
MIN_LABEL_PX = 9  # below this coordinates are hidden rather than printed illegibly
LABEL_SCALE = {"square": 0.46, "hex": 0.5}  # label font size / point spacing
LABEL_MAX_FRACTION = 1 / 32  # and at most this fraction of the picture's width
STONE_RADIUS = 0.48  # in spacings
STAR_RADIUS = {"square": 0.1, "hex": 0.12}

# Square boards: labels centred this many spacings outside the edge lines.
SQUARE_LABEL_OFFSET = 0.92
SQUARE_MARGIN_COORDS = 1.42
SQUARE_MARGIN_PLAIN = 0.62
# Hexagons: label distances along the row / column lines, in spacings.
HEX_ROW_LABEL_STEPS = 0.95
HEX_COLUMN_LABEL_STEPS = 1.1
HEX_RIM_COORDS = 1.75
HEX_RIM_PLAIN = 0.75
HEX_PAD = 0.12  # page showing around the hexagon's corners, in spacings
HEX_CORNERS = ((-1, 0), (0, -1), (1, -1), (1, 0), (0, 1), (-1, 1))  # axial, clockwise from left

Point = tuple[float, float]


@dataclass(frozen=True)
class Label:
    """One coordinate label, centred at (x, y); `kind` is "col" (a letter) or "row"."""

    text: str
    x: float
    y: float
    kind: str = "row"


@dataclass(frozen=True)
class BoardGeometry:
    """A board in spacings, (0, 0) at the picture's top-left. Build it with `board_geometry`.

    `lines` are the grid's straight lines (rows, columns, hex diagonals) as pairs of end points
    (point indices); `edge` is the outermost grid line as a closed polygon (its corners), and
    `outline` the hexagonal board around the points (empty for square boards, which fill their
    picture).
    """

    topology: Topology
    width: float
    height: float
    centres: tuple[Point, ...]  # per point
    lines: tuple[tuple[int, int], ...]
    edge: tuple[Point, ...]
    outline: tuple[Point, ...]
    labels: tuple[Label, ...]  # empty without coordinates
    label_size: float  # font size of the labels, capped by the picture's width
    stone_radius: float = STONE_RADIUS
    star_radius: float = 0.1

    def scaled(self, k: float, dx: float = 0.0, dy: float = 0.0) -> BoardGeometry:
        """The same geometry `k` times larger, then moved by (dx, dy)."""

        def at(p: Point) -> Point:
            return dx + k * p[0], dy + k * p[1]

        return BoardGeometry(
            topology=self.topology,
            width=k * self.width,
            height=k * self.height,
            centres=tuple(at(c) for c in self.centres),
            lines=self.lines,
            edge=tuple(at(c) for c in self.edge),
            outline=tuple(at(c) for c in self.outline),
            labels=tuple(Label(lab.text, *at((lab.x, lab.y)), lab.kind) for lab in self.labels),
            label_size=k * self.label_size,
            stone_radius=k * self.stone_radius,
            star_radius=k * self.star_radius,
        )


@cache
def board_geometry(topology: Topology, coordinates: bool = True) -> BoardGeometry:
    """The geometry of `topology` in spacings, with or without coordinate labels."""
    build = _square_geometry if topology.kind == "square" else _hex_geometry
    return build(topology, coordinates)


def _label_size(kind: str, width: float) -> float:
    return min(LABEL_SCALE[kind], width * LABEL_MAX_FRACTION)


def _square_geometry(t: Topology, coordinates: bool) -> BoardGeometry:
    n = t.n
    margin = SQUARE_MARGIN_COORDS if coordinates else SQUARE_MARGIN_PLAIN
    side = n - 1
    size = side + 2 * margin
    centres = tuple((margin + x, margin + y) for x, y in t.xy)
    lines = tuple((i * n, i * n + n - 1) for i in range(n)) + tuple(
        (i, side * n + i) for i in range(n)
    )
    lo, hi = margin, margin + side
    edge = ((lo, lo), (hi, lo), (hi, hi), (lo, hi))
    labels: list[Label] = []
    if coordinates:
        near, far = margin - SQUARE_LABEL_OFFSET, margin + side + SQUARE_LABEL_OFFSET
        for i in range(n):
            c = margin + i
            letter, number = COLUMN_LETTERS[i], str(n - i)
            labels += [Label(letter, c, near, "col"), Label(letter, c, far, "col")]
            labels += [Label(number, near, c, "row"), Label(number, far, c, "row")]
    return BoardGeometry(
        topology=t,
        width=size,
        height=size,
        centres=centres,
        lines=lines,
        edge=edge,
        outline=(),
        labels=tuple(labels),
        label_size=_label_size("square", size),
        star_radius=STAR_RADIUS["square"],
    )


def _hex_geometry(t: Topology, coordinates: bool) -> BoardGeometry:
    m = t.n - 1
    # The board is a regular hexagon reaching `rim` spacings beyond the corner points, far
    # enough to hold the labels; the picture is just wide enough for it.
    rim = HEX_RIM_COORDS if coordinates else HEX_RIM_PLAIN
    width = 2 * (m + rim) + 2 * HEX_PAD
    height = 2 * (m + rim) * SQRT3_2 + 2 * HEX_PAD
    cx, cy = width / 2, height / 2

    def at(q: float, r: float) -> Point:
        return cx + q + r / 2, cy + SQRT3_2 * r

    centres = tuple(at(*t.axial(p)) for p in t.points())
    index = {t.axial(p): p for p in t.points()}
    lines = []
    for i in range(-m, m + 1):
        # Row r = i, column q = i and anti-diagonal q + r = i, each from edge to edge.
        lo, hi = max(-m, -m - i), min(m, m - i)
        lines.append((index[lo, i], index[hi, i]))
        lines.append((index[i, lo], index[i, hi]))
        a_lo, a_hi = max(-m, i - m), min(m, i + m)
        lines.append((index[a_lo, i - a_lo], index[a_hi, i - a_hi]))
    labels: list[Label] = []
    if coordinates:
        for r in range(-m, m + 1):
            number = str(t.sgf_size - (r + m))
            q_lo, q_hi = max(-m, -m - r), min(m, m - r)
            labels.append(Label(number, *at(q_lo - HEX_ROW_LABEL_STEPS, r), "row"))
            labels.append(Label(number, *at(q_hi + HEX_ROW_LABEL_STEPS, r), "row"))
        for q in range(-m, m + 1):
            letter = COLUMN_LETTERS[q + m]
            if q >= 0:  # the column starts on the top edge (r = -m)
                labels.append(Label(letter, *at(q, -m - HEX_COLUMN_LABEL_STEPS), "col"))
            if q <= 0:  # and ends on the bottom edge (r = m)
                labels.append(Label(letter, *at(q, m + HEX_COLUMN_LABEL_STEPS), "col"))
    return BoardGeometry(
        topology=t,
        width=width,
        height=height,
        centres=centres,
        lines=tuple(lines),
        edge=tuple(at(m * dq, m * dr) for dq, dr in HEX_CORNERS),
        outline=tuple(at((m + rim) * dq, (m + rim) * dr) for dq, dr in HEX_CORNERS),
        labels=tuple(labels),
        label_size=_label_size("hex", width),
        star_radius=STAR_RADIUS["hex"],
    )


@dataclass(frozen=True)
class BoardLayout:
    """Pixel geometry of one board at one size. Build it with `board_layout`."""

    topology: Topology
    width: int
    height: int  # the board area only; a score caption goes below it
    spacing: float  # distance between neighbouring points
    stone_radius: float
    centres: tuple[tuple[float, float], ...]  # per point
    labels: tuple[Label, ...]  # empty when coordinates are off or too small
    label_px: int  # font size for the labels (0 when hidden)
    outline: tuple[tuple[float, float], ...]  # hex: corners of the wooden board; square: ()
    geometry: BoardGeometry  # the shared geometry, scaled to these pixels

    @property
    def coordinates(self) -> bool:
        """Whether coordinate labels are drawn."""
        return bool(self.labels)

    def centre(self, point: int) -> tuple[float, float]:
        """The pixel centre of `point`."""
        return self.centres[point]

    def point_at(self, x: float, y: float) -> int | None:
        """The point whose stone covers pixel position (x, y), or None (for click mapping)."""
        best, best_d2 = None, self.stone_radius**2
        for p, (cx, cy) in enumerate(self.centres):
            d2 = (cx - x) ** 2 + (cy - y) ** 2
            if d2 <= best_d2:
                best, best_d2 = p, d2
        return best


def point_centre(
    topology: Topology, point: int, *, size: int = 600, coordinates: bool = True
) -> tuple[float, float]:
    """Pixel centre of `point` in the image `render_png` makes with the same arguments."""
    return board_layout(topology, size=size, coordinates=coordinates).centre(point)


def check_size(size: int) -> None:
    """ValueError unless `size` is a width the renderer accepts."""
    if not isinstance(size, int) or isinstance(size, bool) or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(
            f"image size must be a whole number of pixels from {MIN_SIZE} to "
            f"{MAX_SIZE}, not {size!r}"
        )


@cache
def board_layout(topology: Topology, *, size: int = 600, coordinates: bool = True) -> BoardLayout:
    """The geometry of `topology` drawn `size` pixels wide. Coordinates that would be printed
    smaller than MIN_LABEL_PX are left out (and the board grows into the freed margin)."""
    check_size(size)
    build = _square_layout if topology.kind == "square" else _hex_layout
    if coordinates:
        layout = build(topology, size, True)
        if layout.label_px >= MIN_LABEL_PX:
            return layout
    return build(topology, size, False)


def _square_layout(t: Topology, size: int, coordinates: bool) -> BoardLayout:
    geometry = board_geometry(t, coordinates)
    # A whole number of pixels between lines keeps them crisp; the board is centred, and
    # point centres fall in the middle of a pixel.
    spacing = int(size / geometry.width)
    first = geometry.centres[0][0]
    origin = math.floor((size - (t.n - 1) * spacing) / 2) + 0.5
    shift = origin - first * spacing
    return _layout(geometry.scaled(spacing, shift, shift), size, size, spacing)


def _hex_layout(t: Topology, size: int, coordinates: bool) -> BoardLayout:
    geometry = board_geometry(t, coordinates)
    k = size / geometry.width
    height = math.ceil(k * geometry.height)
    return _layout(geometry.scaled(k, 0, (height - k * geometry.height) / 2), size, height, k)


def _layout(scaled: BoardGeometry, width: int, height: int, spacing: float) -> BoardLayout:
    return BoardLayout(
        topology=scaled.topology,
        width=width,
        height=height,
        spacing=float(spacing),
        stone_radius=scaled.stone_radius,
        centres=scaled.centres,
        labels=scaled.labels,
        label_px=int(scaled.label_size) if scaled.labels else 0,
        outline=scaled.outline,
        geometry=scaled,
    )
