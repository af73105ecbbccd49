"""A stored game as the rules see it: its moves decoded and its position replayed.

Pure reads: these take a loaded `Game` row and touch no database. Everything that needs the
moves of a stored game (the move service, the pages, the mails, the SGF) decodes them here.
"""

from __future__ import annotations

from collections.abc import Iterable

import rules
from games.models import PASS_TOKEN, Game
from rules.game import PASS, PLAY, Move


def game_moves(game: Game) -> list[Move]:
    """The stored moves in order, each with its colour (colours alternate from the first
    mover; a pass is `Move(colour, PASS)`)."""
    topology = game.topology
    colour = game.first_to_move
    moves = []
    for code in game.move_codes():
        if code == PASS_TOKEN:
            moves.append(Move(colour, PASS))
        else:
            moves.append(Move(colour, PLAY, topology.from_sgf(code)))
        colour = rules.other(colour)
    return moves


def game_replay(game: Game) -> rules.Game:
    """The rules' view of a stored game, every stored move replayed."""
    state = rules.Game.new(game.topology, game.rule_set, handicap=game.handicap)
    state.to_move = game.first_to_move
    for move in game_moves(game):
        if move.kind == PASS:
            state.pass_turn(move.colour)
        else:
            state.play(move.point, move.colour)
    return state


def move_label(game: Game, move: Move) -> str:
    """'D4' for a stone, 'pass' for a pass."""
    return game.topology.name(move.point) if move.kind == PLAY else "pass"


def point_names(game: Game, sgf_points: Iterable[str]) -> list[str]:
    """Stored SGF points as players name them ('C3'), in column then row order."""
    topology = game.topology
    return sorted(
        (topology.name(topology.from_sgf(p)) for p in sgf_points),
        key=lambda name: (name[0], int(name[1:]) if name[1:].isdigit() else 0),
    )
