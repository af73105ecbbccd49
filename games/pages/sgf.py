"""A stored game as an SGF record (the game page's download and the API's export)."""

from __future__ import annotations

from games.models import Game
from games.moves import game_state
from rules.sgf import write_sgf


def game_sgf(*, game: Game) -> str:
    """The game's SGF record: players, date, rules, komi, handicap, moves and result."""
    state = game_state(game)
    return write_sgf(
        state,
        black_player=game.black.username,
        white_player=game.white.username,
        date=game.created.date().isoformat(),
        result=game.result or None,
    )
