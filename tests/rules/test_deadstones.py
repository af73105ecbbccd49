"""Dead-stone estimation on known final positions, drawn as diagrams."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from rules.board import BLACK, EMPTY, WHITE
from rules.deadstones import dead_from_ownership, estimate_dead
from rules.diagram import parse_diagram
from rules.game import Game, Position
from rules.life import regions
from rules.ruleset import preset
from rules.scoring import score
from rules.topology import Topology, hexagon, square
from tests.rules.helpers import position_of, small_boards


def position(topology: Topology, diagram: str) -> Position:
    colours = parse_diagram(topology, diagram)
    return Game.new(
        topology,
        preset("go-area" if topology.kind == "square" else "badux", topology),
        black_setup=[p for p, c in enumerate(colours) if c == BLACK],
        white_setup=[p for p, c in enumerate(colours) if c == WHITE],
    ).position


def names(topology: Topology, points) -> set[str]:
    return {topology.name(p) for p in points}


def test_lone_stones_inside_territory_are_dead() -> None:
    board = square(9)
    pos = position(
        board,
        """
        . . . X O . . . .
        . . . X O . . . .
        . X . X O . X . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        """,
    )
    assert names(board, estimate_dead(pos)) == {"G7"}


def test_group_with_two_eyes_lives_and_invader_dies() -> None:
    board = square(9)
    pos = position(
        board,
        """
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . O . X O . . . .
        . . . X O . . . .
        . . . X O O O O O
        . . . X O X X X X
        . . . X O X . X .
        """,
    )
    assert names(board, estimate_dead(pos)) == {"B5"}


def test_seki_is_never_dead_and_its_liberties_are_nobodys() -> None:
    board = square(9)
    # Black's A9 group and White's E9 group have one eye each and share C9: seki.
    pos = position(
        board,
        """
        . X . O . O X X .
        X X X O O O X . X
        O O O X X X X X X
        . . O O O . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . O . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """,
    )
    assert estimate_dead(pos) == frozenset()
    counted = score(pos, preset("go-area", board), estimate_dead(pos))
    assert counted.ownership[board.parse("C9")] == EMPTY


# The verdict for a given ownership (-1 White's .. +1 Black's), without playouts: a White
# stone in Black's area (left of the walls). `lean` is the mean owner of that area's empty
# points, `alive` how often the stone survives the playouts, as its sureness (-1 .. +1).
INVADER = """
    . . . X O . . . .
    . . . X O . . . .
    . O . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
"""


def ownership_for(pos: Position, area_lean: float, stone: str, alive: float) -> list[float]:
    """Walls and stones sure, the empty points of Black's side at `area_lean`, White's side
    White's, and the White stone at `stone` with sureness `alive`."""
    board = pos.topology
    own = []
    for p in board.points():
        x, _ = board.xy[p]
        if pos.stones[p] == BLACK:
            own.append(1.0)
        elif pos.stones[p] == WHITE:
            own.append(-1.0)
        else:
            own.append(area_lean if x < 3 else -1.0)
    own[board.parse(stone)] = -alive
    return own


@pytest.mark.parametrize(
    ("area_lean", "alive", "dead"),
    [
        (0.05, 0.0, True),  # a coin flip goes to whoever holds the area around it
        (-0.05, 0.0, False),  # ... and stays alive when nobody holds it
        (0.05, 0.15, False),  # a likelier survivor needs a clear hold ...
        (0.3, 0.3, True),  # ... which this is
        (0.9, 0.6, False),  # a stone that lives in most playouts keeps its area open
        (0.0, -0.3, True),  # captured in most playouts: dead whatever the area
        (0.0, -0.05, False),  # a coin flip in an area nobody holds: left alive
    ],
)
def test_verdict_weighs_the_stone_against_the_area_it_sits_in(
    area_lean: float, alive: float, dead: bool
) -> None:
    board = square(9)
    pos = position(board, INVADER)
    own = ownership_for(pos, area_lean, "B7", alive)
    assert dead_from_ownership(pos, own) == (frozenset({board.parse("B7")}) if dead else set())


CORNER = """
    O O . X . . . . .
    . . . X . . . . .
    X X X X . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
"""


@pytest.mark.parametrize(
    ("alive", "wall", "dead"),
    [
        (0.0, 1.0, True),  # a coin flip inside a sure wall
        (0.3, 1.0, False),  # likelier to live: eye-sized areas are where seki live
        (0.0, 0.05, False),  # the wall is a coin flip too: a capturing race, left alone
    ],
)
def test_eye_sized_areas_judge_coin_flips_only_inside_a_sure_wall(
    alive: float, wall: float, dead: bool
) -> None:
    # Two White stones in a corner of four empty points that lean hard to Black.
    board = square(9)
    pos = position(board, CORNER)
    own = [wall if c == BLACK else 0.9 for c in pos.stones]
    corner = {board.parse("A9"), board.parse("B9")}
    for p in corner:
        own[p] = -alive
    assert dead_from_ownership(pos, own) == (corner if dead else set())


def test_hex_coin_flip_in_a_held_area_is_dead() -> None:
    board = hexagon(4)
    pos = position(
        board,
        """
           X O . .
          . X O . .
         . . X O . .
        . O . X O . .
         . . . X O .
          . . . X O
           . . . X
        """,
    )
    (invader,) = (p for p in board.points() if pos.stones[p] == WHITE and board.xy[p][0] < 2)
    areas, area_at = regions(board, pos.stones, [c == BLACK for c in pos.stones])
    black_side = set(areas[area_at[invader]])
    own = [
        1.0 if c == BLACK else 0.1 if p in black_side else -1.0 for p, c in enumerate(pos.stones)
    ]
    own[invader] = 0.0
    assert len(black_side) == 15  # 14 empty points and the invader
    assert dead_from_ownership(pos, own) == {invader}


HEX_INVASIONS = """
     O . . . . .
    X O . x x . .
   . X O . . . . .
  . . X O . . . . .
 o o . X O . . . . .
. . . . X O . . . . .
 . . o . X O . . . .
  . . . . X O . . .
   . . . . X O . .
    . . . . X O .
     . . . . X O
"""


def test_hex_invaders_on_both_sides_are_dead() -> None:
    board = hexagon(6)
    pos = position(board, HEX_INVASIONS.replace("x", "X").replace("o", "O"))
    marks = "".join(HEX_INVASIONS.split())
    cells = [
        board.point_at(x, y)
        for y in range(board.sgf_size)
        for x in range(board.sgf_size)
        if board.point_at(x, y) is not None
    ]
    expected = {p for p, ch in zip(cells, marks, strict=True) if ch in "xo"}
    assert estimate_dead(pos) == expected


def test_hex_group_with_two_eyes_lives() -> None:
    board = hexagon(4)
    # Black's wall encloses two separate one-cell eyes in the left corner; a hexagon's eye
    # is never false (its six neighbours touch each other).
    pos = position(
        board,
        """
           . X O .
          X X O . .
         . X X O . .
        X X . X O . .
         X X X O . .
          X O O . .
           O . . .
        """,
    )
    assert estimate_dead(pos) == frozenset()


def test_estimate_is_deterministic() -> None:
    board = square(9)
    pos = position(
        board,
        """
        . . . X O . . . .
        . O . X O . . . .
        . . . X O . . . .
        . . . X O O . . .
        . . X X . O . X .
        . . X . X O . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        """,
    )
    assert estimate_dead(pos) == estimate_dead(pos)


@settings(max_examples=30, deadline=None)
@given(drawn=small_boards())
def test_only_stones_are_ever_dead(drawn) -> None:
    board, colours = drawn
    pos = position_of(board, colours).position
    dead = estimate_dead(pos)
    assert all(pos.stones[p] != EMPTY for p in dead)
    counted = score(pos, preset("go-area", board), dead)
    neutral = sum(1 for o in counted.ownership if o == EMPTY)
    area = counted.black.territory + counted.black.stones
    area += counted.white.territory + counted.white.stones
    assert area + neutral == board.size
