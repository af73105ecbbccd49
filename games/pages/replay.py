"""The replay page of a finished game or an uploaded record: the frames replay.js steps through
and the move list. (Saved reviews with variations and comments are games/reviews/.)"""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext

import rules
from accounts.selectors import BoardAppearance
from games.counting import (
    game_score,
)
from games.game_settings import topology_label
from games.models import Game
from games.moves import game_moves
from games.pages.board_text import keys_help
from games.svg import replay_frames
from rules import BLACK, WHITE
from rules.game import PLAY, Move


def replay_board_title(topology: rules.Topology) -> str:
    """The name of a replayed board for screen readers ("9×9 board of the review"; the saved
    reviews' page names its board so too): without a move number, since the board steps through
    the moves (the stepper's status says which)."""
    return gettext("%(board)s board of the review") % {"board": topology_label(topology)}


def _step(value: str | None, last: int) -> int:
    try:
        number = int(value) if value is not None else last
    except ValueError:
        number = last
    return max(0, min(last, number))


def _replay(
    *,
    topology: rules.Topology,
    ruleset: rules.RuleSet,
    handicap: int,
    black_setup: tuple[int, ...],
    white_setup: tuple[int, ...],
    first: int,
    moves: list[Move],
    move: str | None,
    appearance: BoardAppearance,
) -> dict:
    number = _step(move, len(moves))
    # Replay with the most permissive ko rule and no cap: every stored move was accepted.
    permissive = replace(ruleset, ko="simple", move_cap=10**6)
    state = rules.Game.new(
        topology, permissive, black_setup=black_setup, white_setup=white_setup, to_move=first
    )
    state.handicap = handicap
    for m in moves[:number]:
        state.apply(m)
    position = state.position
    rows = []
    for i, m in enumerate(moves, start=1):
        label = topology.name(m.point) if m.kind == PLAY else m.kind
        rows.append({"number": i, "colour": m.colour, "label": label})
    return {
        "appearance": appearance,
        "frames": replay_frames(topology, (black_setup, white_setup), moves, rules=permissive),
        "position": position,
        "number": number,
        "last": len(moves),
        "previous": max(0, number - 1),
        "next": min(len(moves), number + 1),
        "moves": rows,
        "captures": {"black": position.captured_by(BLACK), "white": position.captured_by(WHITE)},
        "current": rows[number - 1] if number else None,
        # The keyboard cursor's keys (read only: the replay page plays nothing).
        "keys": keys_help(topology, mode="read"),
        "board_title": replay_board_title(topology),
    }


def replay_context(*, game: Game, move: str | None, appearance: BoardAppearance) -> dict:
    """The replay page of a stored game at move `move` (default: the last)."""
    topology = game.topology
    setup = tuple(topology.handicap_points(game.handicap)) if game.handicap >= 2 else ()
    context = _replay(
        topology=topology,
        ruleset=game.rule_set,
        handicap=game.handicap,
        black_setup=setup,
        white_setup=(),
        first=game.first_to_move,
        moves=game_moves(game),
        move=move,
        appearance=appearance,
    )
    # The count belongs to the final position: shown at the last move only (replay.js hides
    # it on earlier frames).
    at_end = context["number"] == context["last"]
    context["score"] = game_score(game=game, position=context["position"]) if at_end else None
    context["game"] = game
    return context


def record_replay_context(*, record, move: str | None, appearance: BoardAppearance) -> dict:
    """The replay page of an uploaded SGF record (`rules.sgf.SgfRecord`)."""
    context = _replay(
        topology=record.topology,
        ruleset=record.rules,
        handicap=0,
        black_setup=tuple(record.black_setup),
        white_setup=tuple(record.white_setup),
        first=record.first_to_move,
        moves=list(record.moves),
        move=move,
        appearance=appearance,
    )
    context["record"] = record
    context["score"] = None
    return context
