"""A stored game's rules state: each move writes the position and its superko history
(`Game.position_state`), and the next move and the pages restore it instead of replaying every
move; a state that does not match the stored moves is ignored."""

from __future__ import annotations

import pytest

import rules
from games import moves
from games.errors import MoveRefused
from games.models import Game
from rules.game import PASS, PLAY, Move
from tests.games.conftest import NOW, play

# A fight on 9×9 with captures, after which some empty points are refused.
KO_FIGHT = ("D5", "E5", "C4", "F4", "D3", "E3", "E4", "D4")


def replayed(game: Game) -> rules.Game:
    return moves._from_moves(game, moves.game_moves(game))


def test_every_move_stores_the_state_the_moves_replay_to(game_factory):
    game = game_factory(moves=("E5", "D5", "pass", "F4"))
    game = Game.objects.get(pk=game.pk)
    assert game.position_state
    restored = moves.game_state(game)
    expected = replayed(game)
    assert restored.position == expected.position
    assert restored.history == expected.history
    assert restored.moves == expected.moves
    assert restored.consecutive_passes == expected.consecutive_passes == 0


def test_the_next_move_restores_the_state_instead_of_replaying(game_factory, monkeypatch):
    game = game_factory(moves=KO_FIGHT[:4])

    def no_replay(game, moves):
        raise AssertionError("the moves were replayed")

    monkeypatch.setattr(moves, "_from_moves", no_replay)
    for text in KO_FIGHT[4:]:
        game = play(Game.objects.get(pk=game.pk), text, NOW)
    assert game.move_number == len(KO_FIGHT)


def test_a_point_the_stored_position_forbids_is_refused_without_a_replay(game_factory, monkeypatch):
    game = game_factory(moves=KO_FIGHT)
    state = replayed(Game.objects.get(pk=game.pk))
    refused = [
        p for p in game.topology.points() if not state.is_legal(p) and not state.board.colour[p]
    ]
    monkeypatch.setattr(moves, "_from_moves", lambda game, moves: pytest.fail("replayed"))
    if not refused:
        pytest.skip("no forbidden empty point in this fight")
    with pytest.raises(MoveRefused):
        play(Game.objects.get(pk=game.pk), game.topology.name(refused[0]), NOW)


def test_a_state_written_for_other_moves_is_ignored(game_factory):
    game = game_factory(moves=("E5", "D5"))
    stale = Game.objects.get(pk=game.pk).position_state
    game = play(Game.objects.get(pk=game.pk), "C3", NOW)
    Game.objects.filter(pk=game.pk).update(position_state=stale)
    game = Game.objects.get(pk=game.pk)
    assert moves.game_state(game).position == replayed(game).position
    assert moves.game_state(game).move_number == 3


@pytest.mark.parametrize("junk", [b"", b"\x00" * 3, b"\xff" * 40])
def test_a_broken_state_is_ignored(game_factory, junk):
    game = game_factory(moves=("E5", "D5"))
    Game.objects.filter(pk=game.pk).update(position_state=junk)
    game = Game.objects.get(pk=game.pk)
    assert moves.game_state(game).position == replayed(game).position


def test_the_moves_decode_with_their_colours_from_the_first_mover(game_factory):
    game = game_factory(moves=("E5", "pass", "F4"))
    game = Game.objects.get(pk=game.pk)
    topology = game.topology
    assert moves.game_moves(game) == [
        Move(rules.BLACK, PLAY, topology.parse("E5")),
        Move(rules.WHITE, PASS),
        Move(rules.BLACK, PLAY, topology.parse("F4")),
    ]
    game.first_to_move = rules.WHITE  # a handicap game: White moves first
    assert [move.colour for move in moves.game_moves(game)] == [
        rules.WHITE,
        rules.BLACK,
        rules.WHITE,
    ]


@pytest.mark.parametrize("code", ["zz", "A1", "e"])
def test_a_stored_code_that_names_no_point_says_so(game_factory, code):
    game = game_factory(moves=("E5",))
    game = Game.objects.get(pk=game.pk)
    game.moves += code
    with pytest.raises(rules.CoordinateError):
        moves.game_moves(game)
