"""The board in words: facts a screen reader user asks about a position, as plain data.

Pure: imports only `rules`, reads no clock and no database. The game page, its keyboard cursor
and the your-turn mail turn these facts into translated sentences (games/pages/board_text.py);
nothing here is a sentence, so every language can order the words its own way.

Directions are stable codes: square boards "up", "down", "left", "right"; hexagons (rows
horizontal, as drawn) "left", "right", "up_left", "up_right", "down_left", "down_right".
A hexagon's column letter runs along the up-left/down-right diagonal, so on both shapes
"up" and "up_left" keep the letter and add one to the row number.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rules.board import BLACK, EMPTY, Board
from rules.errors import IllegalMove
from rules.game import PLAY, Game, Position
from rules.topology import COLUMN_LETTERS, Topology

SQUARE_STEPS = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}
# Steps in (column letter, row number): see the module docstring.
HEX_STEPS = {
    "left": (-1, 0),
    "right": (1, 0),
    "up_left": (0, 1),
    "up_right": (1, 1),
    "down_left": (-1, -1),
    "down_right": (0, -1),
}
COLOURS = {EMPTY: "empty", BLACK: "black", 2: "white"}


@dataclass(frozen=True)
class PointFacts:
    """What stands on one point: `colour` is "black", "white" or "empty"."""

    name: str
    colour: str
    last_move: bool = False
    ko: bool = False
    star: bool = False


@dataclass(frozen=True)
class ChainFacts:
    """One chain: its colour, stones and liberties (point names, in board order)."""

    colour: str
    stones: tuple[str, ...]
    liberties: tuple[str, ...]


@dataclass(frozen=True)
class Row:
    """One row of the board, top to bottom: its number and the points that hold stones."""

    number: int
    stones: tuple[PointFacts, ...]
    size: int  # points in the row


@dataclass(frozen=True)
class Neighbour:
    """A point next to another, with the direction code from the first (module docstring)."""

    direction: str
    point: PointFacts


@dataclass(frozen=True)
class Preview:
    """What a stone of the player to move at `name` would do, or why it is refused.

    `refusal` is a rules error code ("occupied", "suicide", "ko", "superko", "game_over",
    "not_your_turn") and everything else is empty then. `joins` are the player's chains the
    stone connects (each named by its first stone, with its size); `liberties` the liberties of
    the stone's chain afterwards; `captures` the stones it takes; `ataris` the opponent chains
    it leaves with one liberty.
    """

    name: str
    colour: str
    refusal: str | None = None
    joins: tuple[ChainFacts, ...] = ()
    liberties: int = 0
    captures: tuple[str, ...] = ()
    ataris: tuple[ChainFacts, ...] = ()
    self_atari: bool = False


@dataclass(frozen=True)
class CountRow:
    """One row of a counted board: the points each colour owns (territory and dead stones)."""

    number: int
    black: tuple[str, ...]
    white: tuple[str, ...]


def _colour(c: int) -> str:
    return COLOURS[c]


def _last_point(position: Position) -> int | None:
    lm = position.last_move
    return lm.point if lm is not None and lm.kind == PLAY else None


def point_facts(position: Position, point: int) -> PointFacts:
    """The facts of one point of `position`."""
    t = position.topology
    return PointFacts(
        name=t.name(point),
        colour=_colour(position.stones[point]),
        last_move=point == _last_point(position),
        ko=point == position.ko_point,
        star=point in t.star_points,
    )


def _row_number(t: Topology, point: int) -> int:
    return t.sgf_size - t.xy[point][1]


def rows(position: Position) -> list[Row]:
    """Every row from the top (highest number) down, with the stones on it, left to right."""
    t = position.topology
    out = []
    for number, points in _rows_of(t):
        stones = tuple(point_facts(position, p) for p in points if position.stones[p] != EMPTY)
        out.append(Row(number=number, stones=stones, size=len(points)))
    return out


@cache
def _rows_of(t: Topology) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The board's rows from the top, each (row number, its points left to right)."""
    by_row: dict[int, list[int]] = {}
    for p in t.points():
        by_row.setdefault(_row_number(t, p), []).append(p)
    return tuple(
        (number, tuple(sorted(by_row[number], key=lambda p: t.xy[p][0])))
        for number in sorted(by_row, reverse=True)
    )


def line_scan(position: Position, point: int, *, along: str) -> list[PointFacts]:
    """Every point of the row (`along="row"`, left to right) or the column letter
    (`along="column"`, top to bottom) through `point`."""
    t = position.topology
    x, y = t.xy[point]
    if along == "row":
        points = sorted((p for p in t.points() if t.xy[p][1] == y), key=lambda p: t.xy[p][0])
    elif along == "column":
        points = sorted((p for p in t.points() if t.xy[p][0] == x), key=lambda p: t.xy[p][1])
    else:
        raise ValueError(f"along is 'row' or 'column', not {along!r}")
    return [point_facts(position, p) for p in points]


def step(t: Topology, point: int, direction: str) -> int | None:
    """The point one step from `point` in `direction` (module docstring), or None off the board
    or for a direction the board's shape does not have."""
    steps = SQUARE_STEPS if t.kind == "square" else HEX_STEPS
    if direction not in steps:
        return None
    dx, dy = steps[direction]
    x, y = t.xy[point]
    return t.point_at(x + dx, y - dy)


def directions(t: Topology) -> tuple[str, ...]:
    """The direction codes of the board's shape, in reading order."""
    return tuple(SQUARE_STEPS if t.kind == "square" else HEX_STEPS)


def neighbours(position: Position, point: int) -> list[Neighbour]:
    """The points next to `point` with their directions, in `directions` order."""
    t = position.topology
    out = []
    for d in directions(t):
        q = step(t, point, d)
        if q is not None:
            out.append(Neighbour(direction=d, point=point_facts(position, q)))
    return out


def _board(position: Position) -> Board:
    return Board(position.topology, position.stones)


def _chain(board: Board, point: int) -> ChainFacts | None:
    ch = board.chain[point]
    if ch is None:
        return None
    t = board.topology
    return ChainFacts(
        colour=_colour(ch.colour),
        stones=tuple(t.name(p) for p in sorted(ch.stones)),
        liberties=tuple(t.name(p) for p in sorted(ch.libs)),
    )


def chain_at(position: Position, point: int) -> ChainFacts | None:
    """The chain standing on `point` (None on an empty point)."""
    return _chain(_board(position), point)


def chains_in_atari(position: Position) -> list[ChainFacts]:
    """Every chain with a single liberty, in board order of its first stone."""
    board = _board(position)
    seen: set[int] = set()
    out = []
    for p in position.topology.points():
        ch = board.chain[p]
        if ch is None or id(ch) in seen:
            continue
        seen.add(id(ch))
        if len(ch.libs) == 1:
            out.append(_chain(board, p))
    return out


def preview(game: Game, point: int) -> Preview:
    """What the player to move in `game` would do by playing at `point`; `game` is unchanged."""
    t = game.topology
    name, colour = t.name(point), game.to_move
    before = game.board
    friends = []
    for q in t.neighbours[point]:
        ch = before.chain[q]
        if ch is not None and ch.colour == colour and all(f is not ch for f in friends):
            friends.append(ch)
    twin = game.copy()
    try:
        captured = twin.play(point, colour)
    except IllegalMove as error:
        return Preview(name=name, colour=_colour(colour), refusal=error.code)
    after = twin.board
    own = after.chain[point]
    ataris = []
    seen: set[int] = set()
    for q in t.neighbours[point]:
        ch = after.chain[q]
        if ch is not None and ch.colour != colour and id(ch) not in seen:
            seen.add(id(ch))
            if len(ch.libs) == 1:
                ataris.append(_chain(after, q))
    joins = tuple(
        ChainFacts(
            colour=_colour(colour),
            stones=tuple(t.name(p) for p in sorted(f.stones)),
            liberties=tuple(t.name(p) for p in sorted(f.libs)),
        )
        for f in sorted(friends, key=lambda f: min(f.stones))
    )
    return Preview(
        name=name,
        colour=_colour(colour),
        joins=joins,
        liberties=len(own.libs),
        captures=tuple(t.name(p) for p in sorted(captured)),
        ataris=tuple(ataris),
        self_atari=len(own.libs) == 1,
    )


def refusals(game: Game) -> dict[int, str]:
    """Every empty point the player to move may not play, with the rules' error code."""
    out = {}
    for p in game.topology.points():
        if game.board.colour[p] != EMPTY:
            continue
        code = preview(game, p).refusal
        if code is not None:
            out[p] = code
    return out


def count_rows(position: Position, ownership: tuple[int, ...]) -> list[CountRow]:
    """A counted board by rows from the top: the points each colour owns without a live stone
    of its own there (territory and the opponent's dead stones)."""
    t = position.topology
    out = []
    for number, points in _rows_of(t):
        owned = {BLACK: [], 2: []}
        for p in points:
            owner = ownership[p]
            if owner != EMPTY and position.stones[p] != owner:
                owned[owner].append(t.name(p))
        out.append(CountRow(number=number, black=tuple(owned[BLACK]), white=tuple(owned[2])))
    return out


def column_letter(t: Topology, point: int) -> str:
    """The column letter of `point`."""
    return COLUMN_LETTERS[t.xy[point][0]]


__all__ = [
    "ChainFacts",
    "CountRow",
    "Neighbour",
    "PointFacts",
    "Preview",
    "Row",
    "chain_at",
    "chains_in_atari",
    "column_letter",
    "count_rows",
    "directions",
    "line_scan",
    "neighbours",
    "point_facts",
    "preview",
    "refusals",
    "rows",
    "step",
]
