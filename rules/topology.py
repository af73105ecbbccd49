"""Board shapes: which points exist, who neighbours whom, star points and coordinates.

A point is an int index into a flat board. Both shapes share one coordinate system, the SGF
letter pair (x, y) with 'a' = 0 and y counted from the top:

* square board of size n: every (x, y) with 0 <= x, y < n.
* hexagon of side n: axial cell (q, r), s = -q-r, on the board when max(|q|, |r|, |s|) <= n-1,
  written as x = q+n-1, y = r+n-1 inside an SGF square of SZ[2n-1].

Human names follow Go: a column letter for x (A-Z without I) and a row number counted from the
bottom, e.g. "D4". On a hexagon the same rule applies to its letter coordinates, so "A12" on
side 12 is cell (q=-11, r=0), the left corner; the renderer shows the letters at both ends of each
column diagonal and the numbers at both ends of each row.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache

from rules.handicap import handicap_points
from rules.star_points import hex_star_distance, square_star_lines

COLUMN_LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # no I, as on Go boards
SGF_LETTERS = "abcdefghijklmnopqrstuvwxyz"


class CoordinateError(ValueError):
    """A coordinate that does not name a point on this board. `code` is stable, like the
    `IllegalMove` codes: "invalid_point" for text that is no coordinate at all. `kind` says
    which refusal it is, as stably ("not_text", "column_i", "not_coordinate", "off_board",
    "not_sgf_point", "sgf_off_board"), and `text` and `board` are what the message quotes (the
    typed text, the board's label), so that a site can say the same in its reader's language;
    the message is the English sentence."""

    code = "invalid_point"

    def __init__(self, message: str, *, kind: str = "", text: str = "", board: str = "") -> None:
        super().__init__(message)
        self.kind = kind
        self.text = text
        self.board = board


class OffBoardCoordinate(CoordinateError):
    """A well-formed coordinate outside this board (e.g. T19 on 9×9)."""

    code = "off_board"


@dataclass(frozen=True, eq=False)
class Topology:
    """One board shape. Build it with `square(n)` or `hexagon(n)`; instances are cached."""

    kind: str  # "square" or "hex"
    n: int  # square: side length; hex: cells per edge
    xy: tuple[tuple[int, int], ...]  # point -> SGF letter coordinates
    neighbours: tuple[tuple[int, ...], ...]
    star_points: frozenset[int]
    _index: dict[tuple[int, int], int] = field(repr=False)
    # SGF points already read ('dd' -> point): a stored game's moves are decoded on every look.
    _sgf_read: dict[str, int] = field(default_factory=dict, repr=False)

    @property
    def size(self) -> int:
        """Number of points on the board."""
        return len(self.xy)

    @property
    def sgf_size(self) -> int:
        """The SZ value: n for a square board, 2n-1 for a hexagon."""
        return self.n if self.kind == "square" else 2 * self.n - 1

    @property
    def label(self) -> str:
        """Short human label: "19×19" or "hex 12"."""
        return f"{self.n}×{self.n}" if self.kind == "square" else f"hex {self.n}"

    def points(self) -> range:
        """All point indices."""
        return range(self.size)

    def point_at(self, x: int, y: int) -> int | None:
        """The point at SGF letter coordinates (x, y), or None when off the board."""
        return self._index.get((x, y))

    def sgf(self, point: int) -> str:
        """The SGF point, e.g. 'dd'."""
        x, y = self.xy[point]
        return SGF_LETTERS[x] + SGF_LETTERS[y]

    def from_sgf(self, text: str) -> int:
        """Parse an SGF point; raises CoordinateError when it is not on this board."""
        point = self._sgf_read.get(text) if type(text) is str else None
        if point is not None:
            return point
        if len(text) != 2 or any(c not in SGF_LETTERS for c in text):
            raise CoordinateError(f"'{text}' is not an SGF point", kind="not_sgf_point", text=text)
        point = self.point_at(SGF_LETTERS.index(text[0]), SGF_LETTERS.index(text[1]))
        if point is None:
            raise OffBoardCoordinate(
                f"SGF point '{text}' is off the {self.label} board",
                kind="sgf_off_board",
                text=text,
                board=self.label,
            )
        self._sgf_read[text] = point
        return point

    def name(self, point: int) -> str:
        """Human coordinate, e.g. 'D4'."""
        x, y = self.xy[point]
        return f"{COLUMN_LETTERS[x]}{self.sgf_size - y}"

    def parse(self, text: str) -> int:
        """Parse a human coordinate (case-insensitive, e.g. 'd4'); CoordinateError if invalid."""
        if not isinstance(text, str):
            raise CoordinateError(
                f"{text!r} is not a coordinate: expected text like D4",
                kind="not_text",
                text=repr(text),
            )
        cleaned = text.strip().upper()
        if cleaned[:1] == "I":
            raise CoordinateError(
                f"'{text.strip()}': there is no column I on a Go board",
                kind="column_i",
                text=text.strip(),
            )
        digits = cleaned[1:]
        if (
            len(cleaned) < 2
            or cleaned[0] not in COLUMN_LETTERS
            or not (digits.isascii() and digits.isdigit())
        ):
            raise CoordinateError(
                f"'{text.strip()}' is not a coordinate: use a column letter (no I) and a row "
                f"number, like D4",
                kind="not_coordinate",
                text=text.strip(),
            )
        x = COLUMN_LETTERS.index(cleaned[0])
        y = self.sgf_size - int(cleaned[1:])
        point = self.point_at(x, y) if y >= 0 else None
        if point is None:
            raise OffBoardCoordinate(
                f"{cleaned} is off the {self.label} board",
                kind="off_board",
                text=cleaned,
                board=self.label,
            )
        return point

    def axial(self, point: int) -> tuple[int, int]:
        """Hex only: the axial (q, r) of a cell."""
        x, y = self.xy[point]
        return x - self.n + 1, y - self.n + 1

    def handicap_points(self, stones: int) -> list[int]:
        """Fixed handicap placement for 2..9 stones; ValueError when the board has none."""
        return handicap_points(self, stones)

    def __iter__(self) -> Iterator[int]:
        return iter(range(self.size))


def _build(kind: str, n: int, cells: list[tuple[int, int]], steps, stars) -> Topology:
    index = {xy: i for i, xy in enumerate(cells)}
    neighbours = tuple(
        tuple(index[(x + dx, y + dy)] for dx, dy in steps if (x + dx, y + dy) in index)
        for x, y in cells
    )
    return Topology(
        kind=kind,
        n=n,
        xy=tuple(cells),
        neighbours=neighbours,
        star_points=frozenset(index[xy] for xy in stars),
        _index=index,
    )


@cache
def square(n: int) -> Topology:
    """A square Go board of side n (5-25)."""
    if not 5 <= n <= 25:
        raise ValueError(f"square boards are 5 to 25 points wide, not {n}")
    cells = [(x, y) for y in range(n) for x in range(n)]
    lines = square_star_lines(n)
    if n >= 9 and n % 2 == 0:
        lines = [line for line in lines if line != n // 2]
    stars = [(x, y) for x in lines for y in lines]
    if 7 <= n < 15 and n % 2:
        # 9x9 and 13x13: four corners and the centre only.
        stars = [(x, y) for x, y in stars if (x == y == n // 2) or (x != n // 2 and y != n // 2)]
    return _build("square", n, cells, ((1, 0), (-1, 0), (0, 1), (0, -1)), stars)


HEX_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


@cache
def hexagon(n: int) -> Topology:
    """A Badux hexagon of side n (3-13): 3n(n-1)+1 cells, six neighbours inside.

    Star points: the centre and the six cells at `hex_star_distance(n)` towards the corners.
    """
    if not 3 <= n <= 13:
        raise ValueError(f"hex boards have sides of 3 to 13 cells, not {n}")
    m = n - 1
    cells = [
        (q + m, r + m)
        for r in range(-m, m + 1)
        for q in range(-m, m + 1)
        if max(abs(q), abs(r), abs(q + r)) <= m
    ]
    d = hex_star_distance(n)
    stars = {(m, m)} | {(m + dq * d, m + dr * d) for dq, dr in HEX_DIRECTIONS}
    return _build("hex", n, cells, HEX_DIRECTIONS, stars)


STANDARD_SQUARE_SIZES = (9, 13, 19)
STANDARD_HEX_SIDES = (6, 8, 12)


def topology_for(kind: str, n: int) -> Topology:
    """Topology by kind name ('square' or 'hex') and size."""
    if kind == "square":
        return square(n)
    if kind == "hex":
        return hexagon(n)
    raise ValueError(f"unknown board kind '{kind}'")


__all__ = [
    "COLUMN_LETTERS",
    "HEX_DIRECTIONS",
    "SGF_LETTERS",
    "STANDARD_HEX_SIDES",
    "STANDARD_SQUARE_SIZES",
    "CoordinateError",
    "OffBoardCoordinate",
    "Topology",
    "hex_star_distance",
    "hexagon",
    "square",
    "square_star_lines",
    "topology_for",
]
