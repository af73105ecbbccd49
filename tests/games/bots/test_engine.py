"""Our bot's engine: only legal moves, a pass once the game is decided, and the dead stones our
count takes off at the end. Small budgets and fixed seeds keep every test fast and repeatable."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from games.bots import engine
from games.bots.engine import Budget, choose_move, random_move
from rules.board import BLACK, WHITE
from rules.deadstones import estimate_dead
from rules.diagram import parse_diagram
from rules.game import PASS, Game
from rules.ruleset import default_preset_key, preset
from rules.scoring import score
from rules.topology import hexagon, square

SMALL = Budget(playouts=40)


def new_game(topology, *, setup=None, to_move=BLACK) -> Game:
    rules = preset(default_preset_key(topology), topology)
    if setup is None:
        return Game.new(topology, rules)
    colours = parse_diagram(topology, setup)
    return Game.new(
        topology,
        rules,
        black_setup=[p for p, c in enumerate(colours) if c == BLACK],
        white_setup=[p for p, c in enumerate(colours) if c == WHITE],
        to_move=to_move,
    )


def random_game(topology, seed: int, length: int) -> Game:
    """A game of `length` random legal moves (fewer when both pass)."""
    game = new_game(topology)
    rng = random.Random(seed)
    for _ in range(length):
        if game.over:
            break
        point = random_move(game, rng)
        if point is None:
            game.pass_turn()
        else:
            game.play(point)
    return game


def test_the_engine_imports_only_rules_and_the_standard_library():
    tree = ast.parse(Path(engine.__file__).read_text())
    imported = {
        (node.module or "").split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
    } | {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    assert imported <= {"__future__", "rules", "math", "random", "collections", "dataclasses"}


@hypothesis_settings(max_examples=30)
@given(
    board=st.sampled_from([square(9), hexagon(6)]),
    seed=st.integers(0, 10_000),
    length=st.integers(0, 60),
)
def test_every_move_the_bot_returns_is_legal(board, seed, length):
    game = random_game(board, seed, length)
    if game.over:
        return
    choice = choose_move(game, Budget(playouts=12), seed=seed)
    if choice.kind == PASS:
        assert choice.point is None
    else:
        assert game.is_legal(choice.point)
        game.play(choice.point)  # and the game takes it


@pytest.mark.parametrize("board", [square(9), hexagon(6)])
def test_the_same_seed_gives_the_same_move(board):
    game = random_game(board, 7, 20)
    first = choose_move(game, SMALL, seed=3)
    again = choose_move(game, SMALL, seed=3)
    assert (first.kind, first.point, first.ownership) == (again.kind, again.point, again.ownership)


DECIDED_SQUARE = """
    . . . X O . . . .
    . . . X O . . . .
    . O . X O . . . .
    . . . X O . . . .
    X X X X O . . . .
    . . . X O O O O O
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
"""


@pytest.mark.parametrize("to_move", [BLACK, WHITE])
def test_it_passes_on_a_decided_board_and_its_dead_stones_are_the_counts(to_move):
    game = new_game(square(9), setup=DECIDED_SQUARE, to_move=to_move)
    choice = choose_move(game, Budget(playouts=150), seed=5)
    assert choice.kind == PASS
    dead = estimate_dead(game.position, game.rules)
    assert dead == {game.topology.parse("B7")}
    assert choice.dead == dead


def test_it_fills_the_dame_before_passing():
    # Column F touches both sides: in area counting each point is worth one to whoever fills
    # it, so the game is not over while it is empty, whoever leads.
    row = ". . . . X . O . .\n"
    for to_move in (BLACK, WHITE):
        game = new_game(square(9), setup=row * 9, to_move=to_move)
        assert choose_move(game, Budget(playouts=100), seed=5).kind == "play"


# From a bench game against the random mover (9×9, medium, White to move): the playouts give
# White the whole board (every black stone dead, every point White's with confidence), but no
# white chain has an eye. The bot used to pass here ("the game is decided") and went on
# passing while the random mover added stone after stone, until White's groups died and
# it lost by 39.5.
OPEN_BOARD_NO_EYES = """
    X . . . . . X X .
    . O . . . O O O X
    . . . . X X O . .
    . . O . O O O . .
    X X O O . X X O X
    . X X O . . . . .
    . O O . O O O . X
    . X O O . X X X X
    X . . . . X . O X
"""


@pytest.mark.parametrize("seed", range(2))
def test_it_does_not_pass_while_its_chains_lack_two_regions_of_their_own(seed):
    game = new_game(square(9), setup=OPEN_BOARD_NO_EYES, to_move=WHITE)
    choice = choose_move(game, Budget(playouts=150), seed=seed)
    assert choice.winrate > 0.9
    assert choice.kind == "play"


# From a bench game against the random mover (hex 6, easy, Black): Black wins whatever it plays,
# but White's 9 stones on the left (eye F11) and 11 stones at the bottom left (eye A2) touch at
# A6 and A5. Joined, they have two eyes and live, and Black wins by half a point; Black at A5
# or A6 leaves both one-eyed and dead. The bot used to play K11 (every move won, so the choice
# was noise) and win that game by 0.5.
KILL_OR_WIN_BY_A_HAIR = """
     . O X X . O
    O O X X X X .
   O X X X O O X .
  O X X X X X O X X
 O O O O X X X O O O
. X X X X X O X O O .
 . X X X O O X O . O
  O X O O X O X O O
   O O X X X X O O
    . O X X . X O
     O X . X X O
"""


@pytest.mark.parametrize("seed", range(4))
def test_far_ahead_it_still_kills_the_groups_that_would_cut_its_lead(seed):
    game = new_game(hexagon(6), setup=KILL_OR_WIN_BY_A_HAIR, to_move=BLACK)
    choice = choose_move(game, Budget(playouts=150), seed=seed)
    assert choice.winrate > 0.9
    assert choice.point in {game.topology.parse("A5"), game.topology.parse("A6")}


@pytest.mark.parametrize("board", [square(7), hexagon(4)])
def test_a_game_between_two_bots_ends_by_passes_and_the_count_agrees_with_the_bot(board):
    game = new_game(board)
    last = None
    while not game.over:
        last = choose_move(game, Budget(playouts=60), seed=game.move_number)
        if last.kind == PASS:
            game.pass_turn()
        else:
            game.play(last.point)
    assert game.end_reason == "passes"
    dead = estimate_dead(game.position, game.rules)
    if last.dead != dead:  # passed after the opponent, winning whichever stones are dead
        winner = score(game.position, game.rules, dead).winner
        assert score(game.position, game.rules, last.dead).winner == winner == 3 - game.to_move
