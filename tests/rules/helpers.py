"""Shared helpers for the rules tests: games from diagrams, move tables, brute-force checks.

The brute-force checks here share no code with `rules.board`: they flood-fill the stones from
scratch, so they can catch a bookkeeping error in the engine's chains and liberty sets.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import strategies as st

from rules import BLACK, EMPTY, WHITE, Board, Game, preset
from rules.board import ZOBRIST
from rules.diagram import parse_diagram, parse_marked_diagram, to_diagram
from rules.life import chains
from rules.topology import Topology, hexagon, square

COLOURS = {"B": BLACK, "W": WHITE}


def game_from(
    topology: Topology, diagram: str, *, rules: str = "go-area", to_move: int = BLACK
) -> Game:
    """A game whose setup stones are drawn in `diagram` (X black, O white, . empty)."""
    colours = parse_diagram(topology, diagram)
    black = [p for p, c in enumerate(colours) if c == BLACK]
    white = [p for p, c in enumerate(colours) if c == WHITE]
    return Game.new(
        topology,
        preset(rules, topology),
        black_setup=black,
        white_setup=white,
        to_move=to_move,
    )


def marked_position(
    topology: Topology, diagram: str, *, rules: str | None = None
) -> tuple[Game, frozenset[int], frozenset[int]]:
    """A game from a diagram whose lower-case stones are marked: `x`/`o` dead black/white
    stones, `s`/`t` black/white stones in seki (`rules.diagram.parse_marked_diagram`).
    Returns (game, dead points, seki points)."""
    colours, dead, seki = parse_marked_diagram(topology, diagram)
    key = rules or ("go-area" if topology.kind == "square" else "badux")
    game = Game.new(
        topology,
        preset(key, topology),
        black_setup=[p for p, c in enumerate(colours) if c == BLACK],
        white_setup=[p for p, c in enumerate(colours) if c == WHITE],
    )
    return game, dead, seki


def play_table(game: Game, table: str) -> list[list[str]]:
    """Play a move table such as "B C3  W pass  B D4"; returns each move's captures by name."""
    tokens = table.split()
    captures = []
    for who, where in zip(tokens[::2], tokens[1::2], strict=True):
        colour = COLOURS[who]
        if where == "pass":
            game.pass_turn(colour)
            captures.append([])
        else:
            took = game.play(game.topology.parse(where), colour)
            captures.append(sorted(game.topology.name(p) for p in took))
        check_board(game.board)
    return captures


def assert_board(game: Game, expected: str) -> None:
    """The game's stones equal the diagram (compared as diagrams, so failures read well)."""
    t = game.topology
    assert to_diagram(t, game.position.stones) == to_diagram(t, parse_diagram(t, expected))


def state(game: Game) -> tuple:
    """Everything a move could change, including the engine's chain bookkeeping."""
    board = game.board
    chains = tuple(
        None if ch is None else (ch.colour, tuple(sorted(ch.stones)), frozenset(ch.libs))
        for ch in board.chain
    )
    return (
        game.position,
        game.move_number,
        len(game.moves),
        tuple(game.moves),
        board.hash,
        tuple(board.colour),
        chains,
        None if game.history is None else frozenset(game.history),
        game.ko_point,
        tuple(game.prisoners),
        game.consecutive_passes,
        game.end_reason,
        game.winner,
        game.to_move,
        tuple(game.last_captures),
    )


def assert_refused(game: Game, error: type[Exception], action: Callable[[], object]) -> None:
    """`action` raises `error` and leaves every part of the game exactly as it was."""
    before = state(game)
    with pytest.raises(error):
        action()
    assert state(game) == before


def flood_groups(topology: Topology, stones: list[int] | tuple[int, ...]) -> list[set[int]]:
    """Connected same-colour groups, by plain flood fill."""
    seen: set[int] = set()
    groups = []
    for start, colour in enumerate(stones):
        if colour == EMPTY or start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            p = todo.pop()
            for q in topology.neighbours[p]:
                if stones[q] == colour and q not in group:
                    group.add(q)
                    todo.append(q)
        seen |= group
        groups.append(group)
    return groups


def group_liberties(topology: Topology, stones, group: set[int]) -> set[int]:
    """The empty points next to a group."""
    return {q for p in group for q in topology.neighbours[p] if stones[q] == EMPTY}


def check_board(board: Board) -> None:
    """The engine's chains, liberty sets and hash equal a from-scratch recomputation, and no
    group on the board is without liberties."""
    t, stones = board.topology, board.colour
    for group in flood_groups(t, stones):
        libs = group_liberties(t, stones, group)
        assert libs, f"group at {sorted(t.name(p) for p in group)} has no liberties"
        chain = board.chain[next(iter(group))]
        assert all(board.chain[p] is chain for p in group)
        assert set(chain.stones) == group and len(chain.stones) == len(group)
        assert chain.libs == libs
        assert chain.colour == stones[next(iter(group))]
    assert all(board.chain[p] is None for p, c in enumerate(stones) if c == EMPTY)
    expected_hash = 0
    for p, c in enumerate(stones):
        if c:
            expected_hash ^= ZOBRIST[c][p]
    assert board.hash == expected_hash


def flood_group(topology: Topology, stones, start: int) -> set[int]:
    """The group holding `start`, by plain flood fill."""
    colour = stones[start]
    group, todo = {start}, [start]
    while todo:
        p = todo.pop()
        for q in topology.neighbours[p]:
            if stones[q] == colour and q not in group:
                group.add(q)
                todo.append(q)
    return group


def reference_play(topology: Topology, stones, p: int, c: int) -> tuple[int, ...] | None:
    """The board after colour c plays the empty point p, by the plain rules and flood fill
    (opponent groups without liberties are removed first); None when the move is suicide."""
    board = list(stones)
    board[p] = c
    for q in topology.neighbours[p]:
        if board[q] == 3 - c:
            group = flood_group(topology, board, q)
            if not group_liberties(topology, board, group):
                for s in group:
                    board[s] = EMPTY
    if not group_liberties(topology, board, flood_group(topology, board, p)):
        return None
    return tuple(board)


@st.composite
def small_boards(draw: st.DrawFn) -> tuple[Topology, list[int]]:
    """A 6×6 square board or a side-4 hexagon with random stones (about half the points
    empty), every chain without a liberty taken off so the position is legal."""
    board = square(6) if draw(st.sampled_from(["square", "hex"])) == "square" else hexagon(4)
    cells = draw(
        st.lists(
            st.sampled_from([EMPTY, EMPTY, BLACK, WHITE]), min_size=board.size, max_size=board.size
        )
    )
    for chain in chains(board, cells)[0]:
        if not chain.libs:
            for p in chain.stones:
                cells[p] = EMPTY
    return board, cells


def position_of(board: Topology, colours: list[int]) -> Game:
    """A game (area scoring) whose setup stones are `colours`."""
    return Game.new(
        board,
        preset("go-area", board),
        black_setup=[p for p, c in enumerate(colours) if c == BLACK],
        white_setup=[p for p, c in enumerate(colours) if c == WHITE],
    )
