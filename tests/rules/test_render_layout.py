"""The shared board geometry (rules.images.layout.board_geometry), in spacings."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.images.layout import SQRT3_2, board_geometry, board_layout
from rules.topology import hexagon, square

SHAPES = [square(n) for n in range(5, 26)] + [hexagon(n) for n in range(3, 14)]


def _inside_hexagon(x: float, y: float, corners, margin: float) -> bool:
    """Whether (x, y) lies at least `margin` inside the convex polygon `corners`."""
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1], strict=True):
        length = math.hypot(x2 - x1, y2 - y1)
        if ((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)) / length < margin:
            return False
    return True


@pytest.mark.parametrize("topology", SHAPES, ids=lambda t: t.label)
def test_every_label_sits_on_the_board_clear_of_the_grid(topology):
    geo = board_geometry(topology, True)
    half = geo.label_size / 2
    lines = topology.n if topology.kind == "square" else 2 * topology.n - 1
    # Both ends of every row; square: both ends of every column; hexagon: each column's end
    # on the top or bottom edge (the middle column has both).
    columns = 2 * lines if topology.kind == "square" else lines + 1
    assert len(geo.labels) == 2 * lines + columns
    for label in geo.labels:
        if topology.kind == "square":
            assert half <= label.x <= geo.width - half and half <= label.y <= geo.height - half
        else:
            assert _inside_hexagon(label.x, label.y, list(geo.outline), half), label
        # At least half a spacing from every point: never printed over a stone.
        nearest = min(math.hypot(label.x - x, label.y - y) for x, y in geo.centres)
        assert nearest >= 0.5, label


@pytest.mark.parametrize("topology", SHAPES, ids=lambda t: t.label)
def test_grid_lines_join_points_one_row_column_or_diagonal_apart(topology):
    geo = board_geometry(topology, False)
    expected = 2 * topology.n if topology.kind == "square" else 3 * (2 * topology.n - 1)
    assert len(geo.lines) == expected
    for a, b in geo.lines:
        (x1, y1), (x2, y2) = geo.centres[a], geo.centres[b]
        dx, dy = x2 - x1, y2 - y1
        if topology.kind == "square":
            assert dx == 0 or dy == 0
        else:  # rows, or diagonals at 60 degrees
            assert abs(dy) < 1e-9 or abs(abs(dy / dx) - 2 * SQRT3_2) < 1e-9


@given(
    st.sampled_from(SHAPES),
    st.floats(0.5, 50),
    st.floats(-500, 500),
    st.floats(-500, 500),
)
def test_scaling_moves_every_point_the_same_way(topology, k, dx, dy):
    geo = board_geometry(topology, True)
    big = geo.scaled(k, dx, dy)
    for (x, y), (bx, by) in zip(geo.centres, big.centres, strict=True):
        assert bx == pytest.approx(dx + k * x) and by == pytest.approx(dy + k * y)
    assert big.stone_radius == pytest.approx(k * geo.stone_radius)
    assert big.width == pytest.approx(k * geo.width)


@pytest.mark.parametrize("topology", [square(19), hexagon(12)], ids=lambda t: t.label)
def test_the_png_layout_is_the_geometry_in_pixels(topology):
    layout = board_layout(topology, size=600)
    geo = board_geometry(topology, True)
    (x0, y0), (gx0, gy0) = layout.centres[0], geo.centres[0]
    for (x, y), (gx, gy) in zip(layout.centres, geo.centres, strict=True):
        assert x - x0 == pytest.approx((gx - gx0) * layout.spacing)
        assert y - y0 == pytest.approx((gy - gy0) * layout.spacing)
