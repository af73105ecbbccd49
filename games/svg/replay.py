"""The frames behind the replay stepper (static/games/replay.js): one per move, replayed with
the rules so captures are known."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.board import BLACK, COLOUR_LETTERS, WHITE
from rules.errors import RulesError
from rules.game import PASS, PLAY, RESIGN, Game, Move
from rules.ruleset import AREA, SIMPLE_KO, RuleSet
from rules.topology import Topology


def _replay_rules() -> RuleSet:
    # Moves were accepted when played: replay with the most permissive ko rule (a game legal
    # under superko is legal under simple ko) and no move cap.
    return RuleSet("review", SIMPLE_KO, AREA, 0.5, 10**6)


def replay_frames(
    topology: Topology,
    setup: tuple[Iterable[int], Iterable[int]],
    moves: Sequence[Move],
    *,
    rules: RuleSet | None = None,
) -> list[dict]:
    """The frames replay.js steps through, as JSON-ready dicts.

    `setup` is the stones before the first move, ``(black_points, white_points)`` with handicap
    stones included (a `rules.Game`'s ``black_setup, white_setup``); `moves` are rules `Move`s.
    Frame 0 is the start: ``{"number": 0, "kind": "start", "colour": None, "point": None,
    "name": "", "captures": [], "prisoners": [0, 0], "black": [...], "white": [...]}``.
    Frame i (i >= 1) is move i: ``{"number": i, "kind": "play" | "pass" | "resign",
    "colour": "B" | "W", "point": index or None, "name": "D4" | "pass" | "resign",
    "captures": [indices removed by this move], "prisoners": [by black, by white]}``.

    Raises ValueError naming the move when a move cannot be replayed.
    """
    black, white = (list(points) for points in setup)
    first = moves[0].colour if moves else None
    game = Game.new(
        topology,
        rules or _replay_rules(),
        black_setup=black,
        white_setup=white,
        to_move=first if first in (BLACK, WHITE) else None,
    )
    frames: list[dict] = [
        {
            "number": 0,
            "kind": "start",
            "colour": None,
            "point": None,
            "name": "",
            "captures": [],
            "prisoners": [0, 0],
            "black": sorted(black),
            "white": sorted(white),
        }
    ]
    for number, move in enumerate(moves, start=1):
        try:
            if move.kind == PLAY:
                captures = sorted(game.play(move.point, move.colour))
                name = topology.name(move.point)
            elif move.kind in (PASS, RESIGN):
                game.apply(move)
                captures, name = [], move.kind
            else:
                raise ValueError(f"unknown move kind {move.kind!r}")
        except (RulesError, ValueError, IndexError, TypeError) as exc:
            raise ValueError(f"move {number} ({move!r}) cannot be replayed: {exc}") from exc
        frames.append(
            {
                "number": number,
                "kind": move.kind,
                "colour": COLOUR_LETTERS[move.colour],
                "point": move.point if move.kind == PLAY else None,
                "name": name,
                "captures": captures,
                "prisoners": list(game.prisoners),
            }
        )
    return frames
