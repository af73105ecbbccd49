"""Dead-stone estimation on known final positions, drawn as diagrams."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.board import BLACK, EMPTY, WHITE
from rules.deadstones import estimate_dead
from rules.diagram import parse_diagram
from rules.game import Game, Position
from rules.life import chains
from rules.ruleset import preset
from rules.scoring import score
from rules.topology import Topology, hexagon, square


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
@given(
    kind=st.sampled_from(["square", "hex"]),
    cells=st.lists(st.sampled_from([EMPTY, EMPTY, BLACK, WHITE]), min_size=37, max_size=37),
)
def test_only_stones_are_ever_dead(kind: str, cells: list[int]) -> None:
    board = square(6) if kind == "square" else hexagon(4)
    colours = (cells * 2)[: board.size]
    for chain in chains(board, colours)[0]:
        if not chain.libs:  # a legal position has no chain without liberties
            for p in chain.stones:
                colours[p] = EMPTY
    pos = Game.new(
        board,
        preset("go-area", board),
        black_setup=[p for p, c in enumerate(colours) if c == BLACK],
        white_setup=[p for p, c in enumerate(colours) if c == WHITE],
    ).position
    dead = estimate_dead(pos)
    assert all(pos.stones[p] != EMPTY for p in dead)
    counted = score(pos, preset("go-area", board), dead)
    neutral = sum(1 for o in counted.ownership if o == EMPTY)
    area = counted.black.territory + counted.black.stones
    area += counted.white.territory + counted.white.stones
    assert area + neutral == board.size
