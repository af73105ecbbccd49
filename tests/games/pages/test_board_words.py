"""The board in words (games/pages/board_words.py): facts read from diagrams, and the
translated sentences built from them (games/pages/board_text.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.pages import board_text, board_words
from rules import BLACK, WHITE
from rules.topology import hexagon, square
from tests.rules.helpers import game_from

NINE = square(9)
HEX = hexagon(3)

# 9×9, Black to play. White's E5 is in atari at F5; Black's D5-D4-E4 chain has 5 liberties.
ATARI = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . X . . . .
. . . X O . . . .
. . . X X O . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def test_rows_list_the_stones_top_to_bottom():
    position = game_from(NINE, ATARI).position
    rows = board_words.rows(position)
    assert [r.number for r in rows] == list(range(9, 0, -1))
    row5 = rows[4]
    assert [(s.name, s.colour) for s in row5.stones] == [("D5", "black"), ("E5", "white")]
    assert board_text.row_text(row5) == "Row 5: D5 black, E5 white; the rest empty"
    assert board_text.row_text(rows[0]) == "Row 9: empty"


def test_the_chain_at_a_point_and_the_chains_in_atari():
    position = game_from(NINE, ATARI).position
    e5 = NINE.parse("E5")
    assert board_words.chain_at(position, e5) == board_words.ChainFacts(
        colour="white", stones=("E5",), liberties=("F5",)
    )
    assert board_text.chain_text(position, NINE.parse("D4")) == (
        "Black chain of 3 stones: D5, D4 and E4; 5 liberties: D6, C5, C4, D3 and E3."
    )
    assert board_words.chains_in_atari(position) == [board_words.chain_at(position, e5)]
    assert board_text.chain_text(position, NINE.parse("A1")) == "A1 is empty."


def test_a_preview_says_joins_liberties_and_captures():
    game = game_from(NINE, ATARI)
    assert board_text.preview_text(game, NINE.parse("F5")) == (
        "F5: a new chain, 3 liberties, captures 1: E5."
    )
    assert board_text.preview_text(game, NINE.parse("C4")) == (
        "C4: joins your D5 chain (3 stones), 6 liberties, captures none."
    )
    assert game.position.stones[NINE.parse("E5")] == WHITE


def test_a_preview_of_a_refused_move_says_why():
    # White to play at A1 inside Black's stones: suicide.
    game = game_from(
        NINE,
        """
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X . . . . . . . .
        . X . . . . . . .
        """,
        to_move=WHITE,
    )
    a1 = NINE.parse("A1")
    assert board_words.preview(game, a1).refusal == "suicide"
    assert board_text.preview_text(game, a1).startswith("A1: refused, suicide")
    assert board_words.refusals(game) == {a1: "suicide"}
    assert board_words.preview(game, NINE.parse("A2")).refusal == "occupied"


def test_hex_neighbours_come_with_their_six_directions():
    game = game_from(HEX, "  . . .\n . . . .\n. . X . .\n . . O .\n  . . .")
    centre = HEX.parse("C3")
    assert game.position.stones[centre] == BLACK
    found = {n.direction: n.point.name for n in board_words.neighbours(game.position, centre)}
    assert set(found) == {"left", "right", "up_left", "up_right", "down_left", "down_right"}
    assert found["left"] == "B3" and found["right"] == "D3"
    assert found["up_left"] == "C4" and found["down_right"] == "C2"
    text = board_text.neighbours_text(game.position, centre)
    assert text.startswith("Next to C3: left B3, empty; right D3, empty;")
    assert "white stone" in text


def test_a_column_scan_counts_runs_of_empty_points():
    position = game_from(NINE, ATARI).position
    assert board_text.scan_text(position, NINE.parse("E1"), along="column") == (
        "Column E: E9 to E7 empty, E6 black, E5 white, E4 black, E3 to E1 empty."
    )


def test_point_text_names_the_last_move():
    game = game_from(NINE, ATARI)
    game.play(NINE.parse("F5"))
    facts = board_words.point_facts(game.position, NINE.parse("F5"))
    assert board_text.point_text(facts) == "F5, black stone, last move"
    assert board_text.point_text(board_words.point_facts(game.position, NINE.parse("E5"))) == (
        "E5, empty, star point"
    )


def test_count_rows_read_what_each_colour_owns():
    position = game_from(NINE, ATARI).position
    ownership = tuple(BLACK if NINE.name(p)[0] in "AB" else 0 for p in NINE.points())
    lines = board_text.count_lines(position, ownership)
    assert lines[0] == "Row 9: Black A9, B9"
    assert len(lines) == 9


@settings(max_examples=40, deadline=None)
@given(kind=st.sampled_from(["square", "hex"]), data=st.data())
def test_every_step_has_its_way_back(kind, data):
    t = square(9) if kind == "square" else hexagon(4)
    point = data.draw(st.integers(0, t.size - 1))
    back = {"up": "down", "left": "right", "up_left": "down_right", "up_right": "down_left"}
    back |= {v: k for k, v in back.items()}
    for d in board_words.directions(t):
        q = board_words.step(t, point, d)
        if q is not None:
            assert q in t.neighbours[point]
            assert board_words.step(t, q, back[d]) == point
    reached = {board_words.step(t, point, d) for d in board_words.directions(t)} - {None}
    assert reached == set(t.neighbours[point])


def test_a_bad_scan_direction_is_refused():
    with pytest.raises(ValueError):
        board_words.line_scan(game_from(NINE, ATARI).position, 0, along="diagonal")


def test_the_alternative_text_of_a_board_picture_reads_every_row():
    game = game_from(HEX, "  . . .\n . . . .\n. . X . .\n . . O .\n  . . .")
    alt = board_text.board_alt_text(game.position)
    assert alt.startswith("hex 3 board after move 0. Black to play, move 1. No moves yet.")
    assert "Row 3: C3 black; the rest empty. Row 2: C2 white; the rest empty. Row 1: empty." in alt


def test_the_facts_module_imports_only_the_rules():
    tree = ast.parse(Path(board_words.__file__).read_text())
    roots = {
        (node.module or "").split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
    } | {
        a.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for a in node.names
    }
    assert roots <= {"__future__", "dataclasses", "functools", "rules"}
