"""Board shapes: sizes, neighbours, star points and coordinates on square and hex boards."""

import pytest

from rules import CoordinateError, hexagon, square, topology_for
from rules.topology import COLUMN_LETTERS

SQUARES = range(5, 26)
HEXES = range(3, 14)


def all_topologies():
    return [square(n) for n in SQUARES] + [hexagon(n) for n in HEXES]


@pytest.mark.parametrize("n", SQUARES)
def test_square_sizes_and_neighbour_counts(n):
    t = square(n)
    assert t.size == n * n and t.sgf_size == n
    counts = sorted(len(t.neighbours[p]) for p in t.points())
    assert counts.count(2) == 4  # corners
    assert counts.count(3) == 4 * (n - 2)  # edges
    assert counts.count(4) == (n - 2) ** 2


@pytest.mark.parametrize("n", HEXES)
def test_hex_sizes_and_neighbour_counts(n):
    """A hexagon of side n: 6 corners with 3 neighbours, 6(n-2) edge cells with 4, the inner
    hexagon of side n-1 with 6."""
    t = hexagon(n)
    assert t.size == 3 * n * (n - 1) + 1 and t.sgf_size == 2 * n - 1
    counts = [len(t.neighbours[p]) for p in t.points()]
    assert counts.count(3) == 6
    assert counts.count(4) == 6 * (n - 2)
    assert counts.count(6) == 3 * (n - 1) * (n - 2) + 1
    assert set(counts) == {3, 4, 6}
    m = n - 1
    corners = {
        t.point_at(q + m, r + m) for q, r in ((m, 0), (-m, 0), (0, m), (0, -m), (m, -m), (-m, m))
    }
    assert {p for p in t.points() if counts[p] == 3} == corners


@pytest.mark.parametrize("t", all_topologies(), ids=lambda t: t.label)
def test_neighbours_are_symmetric_distinct_and_adjacent(t):
    for p in t.points():
        nbrs = t.neighbours[p]
        assert len(set(nbrs)) == len(nbrs) and p not in nbrs
        for q in nbrs:
            assert p in t.neighbours[q]
            (x1, y1), (x2, y2) = t.xy[p], t.xy[q]
            dx, dy = x2 - x1, y2 - y1
            steps = {(1, 0), (-1, 0), (0, 1), (0, -1)}
            if t.kind == "hex":
                steps |= {(1, -1), (-1, 1)}
            assert (dx, dy) in steps


@pytest.mark.parametrize("t", all_topologies(), ids=lambda t: t.label)
def test_every_point_round_trips_through_its_names(t):
    for p in t.points():
        assert t.parse(t.name(p)) == p
        assert t.parse(t.name(p).lower()) == p
        assert t.parse(f"  {t.name(p)} ") == p
        assert t.from_sgf(t.sgf(p)) == p
        assert "I" not in t.name(p)


def test_square_names_follow_go_convention():
    t = square(19)
    assert t.name(t.point_at(0, 18)) == "A1"  # bottom left
    assert t.name(t.point_at(18, 0)) == "T19"  # top right; I is skipped
    assert t.name(t.point_at(8, 0)) == "J19"
    assert t.parse("d4") == t.point_at(3, 15)
    assert t.sgf(t.parse("D4")) == "dp"
    assert t.from_sgf("pd") == t.parse("Q16")


def test_hex_names_and_axial_coordinates():
    t = hexagon(12)
    left = t.parse("A12")
    assert t.axial(left) == (-11, 0)
    assert len(t.neighbours[left]) == 3
    centre = t.parse("M12")
    assert t.axial(centre) == (0, 0)
    assert len(t.neighbours[centre]) == 6
    assert t.axial(t.parse("X12")) == (11, 0)  # right corner: x = 22 is X when I is skipped
    assert t.axial(t.parse("A1")) == (-11, 11)  # bottom-left corner


@pytest.mark.parametrize(
    ("t", "text", "message"),
    [
        (square(19), "I5", "no column I"),
        (square(19), "U5", "off the 19×19 board"),
        (square(19), "D20", "off the 19×19 board"),
        (square(19), "D0", "off the 19×19 board"),
        (square(9), "K1", "off the 9×9 board"),
        (square(19), "", "not a coordinate"),
        (square(19), "D", "not a coordinate"),
        (square(19), "44", "not a coordinate"),
        (square(19), "D-4", "not a coordinate"),
        (square(19), "D4.5", "not a coordinate"),
        (square(19), "D²", "not a coordinate"),
        (square(19), "pass", "not a coordinate"),
        (hexagon(6), "A11", "off the hex 6 board"),  # corner of the SGF square, not a cell
        (hexagon(6), "L1", "off the hex 6 board"),
        (hexagon(6), "M6", "off the hex 6 board"),
        (hexagon(12), "Z12", "off the hex 12 board"),
        (hexagon(3), "C6", "off the hex 3 board"),
    ],
)
def test_bad_coordinates_get_a_clear_error(t, text, message):
    with pytest.raises(CoordinateError, match=message):
        t.parse(text)


def test_non_text_coordinate_is_a_coordinate_error():
    with pytest.raises(CoordinateError):
        square(9).parse(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["zz", "a", "abc", "A1", "ta", "a!"])
def test_bad_sgf_points_get_a_clear_error(text):
    with pytest.raises(CoordinateError):
        square(19).from_sgf(text)


def test_hex_sgf_corner_outside_the_hexagon_is_refused():
    with pytest.raises(CoordinateError, match="off the hex 4 board"):
        hexagon(4).from_sgf("aa")


@pytest.mark.parametrize(
    ("n", "names"),
    [
        (9, {"C3", "G3", "C7", "G7", "E5"}),
        (13, {"D4", "K4", "D10", "K10", "G7"}),
        (19, {f"{c}{r}" for c in "DKQ" for r in (4, 10, 16)}),
    ],
)
def test_square_star_points(n, names):
    t = square(n)
    assert {t.name(p) for p in t.star_points} == names


@pytest.mark.parametrize("n", HEXES)
def test_hex_star_points_are_symmetric(n):
    t = hexagon(n)
    cells = {t.axial(p) for p in t.star_points}
    assert (0, 0) in cells
    assert cells == {(-r, q + r) for q, r in cells}  # invariant under a 60° turn
    assert len(cells) == (1 if n < 5 else 7)


@pytest.mark.parametrize("bad", [4, 26, 0, -1])
def test_square_size_limits(bad):
    with pytest.raises(ValueError, match="5 to 25"):
        square(bad)


@pytest.mark.parametrize("bad", [2, 14])
def test_hex_size_limits(bad):
    with pytest.raises(ValueError, match="3 to 13"):
        hexagon(bad)


def test_topology_for_and_caching():
    assert topology_for("square", 19) is square(19)
    assert topology_for("hex", 8) is hexagon(8)
    with pytest.raises(ValueError, match="unknown board kind"):
        topology_for("triangle", 9)


def test_column_letters_skip_i():
    assert "I" not in COLUMN_LETTERS and len(COLUMN_LETTERS) == 25
