"""A stored game's moves as the rules see them: decoded, and the rules' game they lead to.

Pure reads: these take a loaded `Game` row and touch no database. Everything that needs the
moves of a stored game (the move service, the pages, the mails, the SGF) decodes them here; the
replaying itself is `rules.replay`. (The replay page, stepping through a finished game, is
games/pages/replay.py.)
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Iterable

from django.utils.translation import pgettext

import rules
from games.models import PASS_TOKEN, Game
from rules.game import PLAY, Move, shared_move
from rules.topology import Topology


def game_moves(game: Game) -> list[Move]:
    """The stored moves in order, each with its colour (colours alternate from the first
    mover; a pass is `Move(colour, PASS)`). rules.CoordinateError for a code that names no
    point of the game's board."""
    topology = game.topology
    first = game.first_to_move
    codes = game.move_codes()
    tables = (_move_table(topology, first), _move_table(topology, rules.other(first)))
    try:
        return [tables[index & 1][code] for index, code in enumerate(codes)]
    except KeyError as missing:
        # The table holds every code the board reads: from_sgf says what is wrong with this one.
        topology.from_sgf(missing.args[0])
        raise


@functools.lru_cache(maxsize=64)
def _move_table(topology: Topology, colour: int) -> dict[str, Move]:
    """`colour`'s move for every code a move list on `topology` may hold (each point's SGF
    code, and the pass): a game's moves are decoded at every turn and page."""
    table = {topology.sgf(point): shared_move(colour, point) for point in topology.points()}
    table[PASS_TOKEN] = shared_move(colour, None)
    return table


def position_state_of(*, moves: str, state: rules.Game) -> bytes:
    """What `Game.position_state` stores for `state`, the rules' game after the stored
    `moves`: a CRC-32 of `moves` (so a state written for other moves is never taken for
    these), then `state.snapshot()`."""
    return zlib.crc32(moves.encode()).to_bytes(4, "little") + state.snapshot()


def game_state(game: Game, *, upto: int | None = None) -> rules.Game:
    """The rules' view of a stored game (the position after move `upto` when given). The
    whole game is restored from its `position_state` when that was written after exactly its
    stored moves, else every stored move is replayed: the same game either way."""
    moves = game_moves(game)
    if upto is None or upto >= len(moves):
        stored = game.position_state
        if stored and len(stored) > 4:
            stored = bytes(stored)
            if int.from_bytes(stored[:4], "little") == zlib.crc32(game.moves.encode()):
                try:
                    return rules.Game.restore(
                        game.topology, game.rule_set, stored[4:], moves, handicap=game.handicap
                    )
                except ValueError:
                    pass
    return _from_moves(game, moves if upto is None else moves[: max(0, upto)])


def _from_moves(game: Game, moves: list[Move]) -> rules.Game:
    return rules.replay(
        game.topology, game.rule_set, moves, handicap=game.handicap, to_move=game.first_to_move
    )


def colour_letter(colour: int) -> str:
    """The letter a move list writes for a colour, in the active language ('B', 'W' in
    English; 'S', 'W' in German)."""
    if colour == rules.BLACK:
        return pgettext("a black move in the move list", "B")
    return pgettext("a white move in the move list", "W")


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
