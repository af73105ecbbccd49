"""Static life analysis: eye shapes, groups with one eye space, adrift stones."""

from __future__ import annotations

import pytest

from rules.life import adrift_territories, dead_eye_shape, eye_shape_known, lone_eye_spaces
from rules.topology import hexagon, square
from tests.rules.helpers import game_from


@pytest.mark.parametrize(
    ("space", "dead"),
    [
        ("E5", True),
        ("E5 F5 G5", True),  # straight three: the opponent takes F5
        ("E5 F5 F4", True),  # bent three
        ("E5 F5 E4 F4", True),  # square four
        ("E5 F5 G5 F4", True),  # pyramid four
        ("A9 B9 C9 A8", True),  # bent four whose bend is the corner
        ("E5 F5 G5 H5", False),  # straight four
        ("E5 F5 G5 G4", False),  # bent four away from the corner
        ("E5 F5 F4 G4", False),  # the 1-2-1 zigzag
        ("E5 F5 E4 F4 G5", True),  # bulky five
        ("E5 D5 F5 E4 E6", True),  # cross five
        ("D5 E5 F5 G5 H5", False),  # straight five
        ("D5 E5 F5 G5 G4 G3", False),  # six points are left to the playouts
    ],
)
def test_dead_eye_shapes_on_a_square_board(space: str, dead: bool) -> None:
    board = square(9)
    points = [board.parse(name) for name in space.split()]
    assert dead_eye_shape(board, points) is dead
    assert eye_shape_known(board, points) is (len(points) <= 5)


def test_hex_eye_shapes_are_read_up_to_three_cells() -> None:
    board = hexagon(6)
    line = [board.point_at(x, 5) for x in range(2, 6)]
    assert dead_eye_shape(board, line[:3]) and eye_shape_known(board, line[:3])
    assert not dead_eye_shape(board, line) and not eye_shape_known(board, line)


def test_a_group_with_outside_liberties_has_no_lone_eye_space() -> None:
    board = square(9)
    game = game_from(
        board,
        """
        . . O X . . . . .
        . . O X . . . . .
        O O O X . . . . .
        X X X . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """,
    )
    ((stones, space),) = lone_eye_spaces(board, game.position.stones, smaller_than=8)
    assert {board.name(p) for p in space} == {"A9", "B9", "A8", "B8"}
    assert {board.name(p) for p in stones} == {"C9", "C8", "A7", "B7", "C7"}
    game = game_from(
        board,
        """
        . . O . . . . . .
        . . O X . . . . .
        O O O X . . . . .
        X X X . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """,
    )
    assert lone_eye_spaces(board, game.position.stones, smaller_than=8) == []


def test_a_lone_stone_is_adrift_only_in_an_area_closed_to_its_friends() -> None:
    board = square(9)
    closed = """
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
    stones = game_from(board, closed).position.stones
    found = adrift_territories(board, stones, territory=8, adrift=4, short=3)
    # Black's area holds the adrift B7; White's is a plain territory.
    assert sorted((owner, len(area)) for owner, area in found) == [(1, 27), (2, 36)]
    assert any(board.parse("B7") in area for owner, area in found if owner == 1)
    # With a gap at D5 the White wall borders the same empty area as B7: it is not adrift,
    # and Black's side is no settled territory (nor are Black's cut-off walls adrift).
    gap = """
        . . . X O . . . .
        . . . X O . . . .
        . O . X O . . . .
        . . . X O . . . .
        . . . . O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
    """
    stones = game_from(board, gap).position.stones
    found = adrift_territories(board, stones, territory=8, adrift=4, short=3)
    assert [(owner, len(area)) for owner, area in found] == [(2, 36)]
