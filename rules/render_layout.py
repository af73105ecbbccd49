"""Board geometry for the renderer: where each point, star point and coordinate label goes.

Pure arithmetic, no Pillow, so the site can reuse it to map clicks on its own SVG board.
Pixel coordinates are continuous image coordinates: (0, 0) is the top-left corner of the image
and pixel (i, j) covers [i, i+1) x [j, j+1), so a point centred at (10.5, 10.5) sits in the
middle of pixel (10, 10).

* Square board of side n: spacing `s` is a whole number of pixels, so grid lines are crisp.
* Hexagon of side n, axial (q, r): x = k*(q + r/2), y = k*(sqrt(3)/2)*r around the centre, rows
  horizontal, corners pointing left and right. Row numbers sit one step beyond both ends of each
  row; column letters sit further out (1.65 steps) beyond both ends of each column diagonal
  (constant q), so on the two slanted edges that carry both kinds the letters fall between the
  numbers and off the row lines.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from rules.topology import COLUMN_LETTERS, Topology

SQRT3_2 = math.sqrt(3) / 2
MIN_SIZE, MAX_SIZE = 120, 4000
MIN_LABEL_PX = 9  # below this coordinates are hidden rather than printed illegibly
LABEL_SCALE = {"square": 0.46, "hex": 0.5}  # label font size / point spacing

# Square boards: labels centred this many spacings outside the edge lines.
SQUARE_LABEL_OFFSET = 0.92
SQUARE_MARGIN_COORDS = 1.42
SQUARE_MARGIN_PLAIN = 0.62
# Hexagons: label distances along the row / column lines, in spacings.
HEX_ROW_LABEL_STEPS = 0.95
HEX_COLUMN_LABEL_STEPS = 1.65
HEX_RIM_COORDS = 2.2
HEX_RIM_PLAIN = 0.75
HEX_PAD = 0.12  # page showing around the hexagon's corners, in spacings


@dataclass(frozen=True)
class Label:
    """One coordinate label, centred at (x, y)."""

    text: str
    x: float
    y: float


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


def _label_px(kind: str, spacing: float, size: int) -> int:
    return int(min(spacing * LABEL_SCALE[kind], size / 32))


def _square_layout(t: Topology, size: int, coordinates: bool) -> BoardLayout:
    n = t.n
    margin = SQUARE_MARGIN_COORDS if coordinates else SQUARE_MARGIN_PLAIN
    spacing = int(size / (n - 1 + 2 * margin))
    origin = math.floor((size - (n - 1) * spacing) / 2) + 0.5
    centres = tuple((origin + x * spacing, origin + y * spacing) for x, y in t.xy)
    labels: list[Label] = []
    if coordinates:
        low = origin - SQUARE_LABEL_OFFSET * spacing
        high = origin + (n - 1 + SQUARE_LABEL_OFFSET) * spacing
        for i in range(n):
            c = origin + i * spacing
            letter, number = COLUMN_LETTERS[i], str(n - i)
            labels += [Label(letter, c, low), Label(letter, c, high)]
            labels += [Label(number, low, c), Label(number, high, c)]
    return BoardLayout(
        topology=t,
        width=size,
        height=size,
        spacing=float(spacing),
        stone_radius=spacing * 0.48,
        centres=centres,
        labels=tuple(labels),
        label_px=_label_px("square", spacing, size) if coordinates else 0,
        outline=(),
    )


def _hex_layout(t: Topology, size: int, coordinates: bool) -> BoardLayout:
    m = t.n - 1
    # The wooden board is a regular hexagon reaching `rim` spacings beyond the corner cells,
    # far enough to hold the labels; the image is just wide enough for it.
    rim = HEX_RIM_COORDS if coordinates else HEX_RIM_PLAIN
    k = size / (2 * (m + rim) + 2 * HEX_PAD)
    height = math.ceil(k * (2 * (m + rim) * SQRT3_2 + 2 * HEX_PAD))
    cx, cy = size / 2, height / 2

    def pixel(q: float, r: float) -> tuple[float, float]:
        return cx + k * (q + r / 2), cy + k * SQRT3_2 * r

    centres = tuple(pixel(*t.axial(p)) for p in t.points())
    labels: list[Label] = []
    if coordinates:
        d_row, d_col = HEX_ROW_LABEL_STEPS, HEX_COLUMN_LABEL_STEPS
        for r in range(-m, m + 1):
            number = str(t.sgf_size - (r + m))
            q_lo, q_hi = max(-m, -m - r), min(m, m - r)
            labels.append(Label(number, *pixel(q_lo - d_row, r)))
            labels.append(Label(number, *pixel(q_hi + d_row, r)))
        for q in range(-m, m + 1):
            letter = COLUMN_LETTERS[q + m]
            r_lo, r_hi = max(-m, -m - q), min(m, m - q)
            labels.append(Label(letter, *pixel(q, r_lo - d_col)))
            labels.append(Label(letter, *pixel(q, r_hi + d_col)))
    corner = m + rim
    outline = tuple(
        pixel(corner * dq, corner * dr)
        for dq, dr in ((-1, 0), (0, -1), (1, -1), (1, 0), (0, 1), (-1, 1))
    )
    return BoardLayout(
        topology=t,
        width=size,
        height=height,
        spacing=k,
        stone_radius=k * 0.48,
        centres=centres,
        labels=tuple(labels),
        label_px=_label_px("hex", k, size) if coordinates else 0,
        outline=outline,
    )
