"""Simple ko, its release, and positional superko, as board diagrams."""

import pytest

from rules import BLACK, WHITE, Game, KoViolation, preset, square
from rules.diagram import parse_diagram, to_diagram

KO_SHAPE = """
. . . . .
. X O . .
X O . O .
. X O . .
. . . . .
"""


def game_from(diagram: str, rules_key: str, to_move: int) -> Game:
    t = square(5)
    colours = parse_diagram(t, diagram)
    black = [p for p, c in enumerate(colours) if c == BLACK]
    white = [p for p, c in enumerate(colours) if c == WHITE]
    return Game.new(t, preset(rules_key, t), black_setup=black, white_setup=white, to_move=to_move)


def test_simple_ko_forbids_immediate_retake_and_is_released_after_a_move_elsewhere():
    game = game_from(KO_SHAPE, "go-territory", BLACK)
    t = game.topology
    assert game.play(t.parse("C3")) == [t.parse("B3")]
    assert to_diagram(t, game.position.stones) == (
        ". . . . .\n. X O . .\nX . X O .\n. X O . .\n. . . . ."
    )
    with pytest.raises(KoViolation):
        game.play(t.parse("B3"))
    assert game.move_number == 1  # the refused move changed nothing
    game.play(t.parse("E1"))  # ko threat elsewhere
    game.play(t.parse("E5"))
    assert game.play(t.parse("B3")) == [t.parse("C3")]
