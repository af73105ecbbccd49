"""Finished positions for the end-of-game tests, played through the real services.

SQUARE (9×9, area scoring, komi 7.5)::

      A B C D E F G H J
    9 . . . X . O . . .      Black walls column D, White column F; E is dame.
    8 . . . X . O . . .      White's B5 sits alone in Black's area and Black's H5 in
    7 . . . X . O . . .      White's. The estimate marks both dead: W+7.5 (komi).
    6 . . . X . O . . .      H5 alive (only B5 dead): White's area becomes dame, B+20.5.
    5 . O . X . O . X .      Nothing dead: both areas are dame, W+7.5 again.
    4 . . . X . O . . .
    3 . . . X . O . . .
    2 . . . X . O . . .
    1 . . . X . O . . .

HEX (Badux, side 6, komi 6.5): Black fills row 7, White row 5 (row 6 is dame); Black's D2 in
White's area and White's H9 in Black's are estimated dead: W+6.5.

CLOSE_CALLS (9×9, area scoring): a game a newcomer stopped early, whose only doubts are
close calls a judge engine could clear (tests/games/test_count_judge.py draws it); with a
fake judge (`judge_fake`) its count waits for the judge.
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import rules
from games.game_settings import GameSettings
from games.models import Game
from games.services import play as play_service
from tests.games.conftest import play

SQUARE_MOVES = tuple(m for i in range(1, 10) for m in (f"D{i}", f"F{i}")) + ("H5", "B5")
SQUARE_AUTO = "W+7.5"
SQUARE_H5_ALIVE = "B+20.5"


def _hex_moves() -> tuple[str, ...]:
    topology = rules.topology_for("hex", 6)
    rows: dict[int, list[str]] = {}
    for p in topology.points():
        name = topology.name(p)
        rows.setdefault(int(name[1:]), []).append(name)
    black, white = rows[7], rows[5]
    moves = []
    for i in range(max(len(black), len(white))):
        moves.append(black[i] if i < len(black) else "pass")
        moves.append(white[i] if i < len(white) else "pass")
    return (*moves, "D2", "H9")


HEX_MOVES = _hex_moves()
HEX_AUTO = "W+6.5"

CLOSE_BLACK = ("E8", "B7", "C6", "D6", "E6", "F6", "G6", "H6", "A5", "C5", "C4", "H4", "E3")
CLOSE_BLACK += ("C2", "E2")
CLOSE_WHITE = ("E9", "C8", "D8", "G7", "J6", "E5", "B4", "G4", "A3")
# The close calls: the White chains most of the playouts (at least `MODERATE`) call dead.
CLOSE_CLEARED = {"E9", "C8", "D8", "G7", "J6", "E5", "G4"}
FAKE_GTP = str(Path(__file__).parent / "bots" / "fake_gtp.py")


def close_call_moves() -> tuple[str, ...]:
    """CLOSE_CALLS' moves, before the two passes that end it."""
    moves: list[str] = []
    for i, black in enumerate(CLOSE_BLACK):
        moves += [black, CLOSE_WHITE[i] if i < len(CLOSE_WHITE) else "pass"]
    return tuple(moves[:-1])  # play_out's two passes end it


def judge_fake(settings, mode: str) -> None:
    """Configure tests/games/bots/fake_gtp.py in `mode` as the judge engine."""
    settings.GAMES_COUNT_JUDGE = [sys.executable, FAKE_GTP, mode]


def play_out(
    *, black, white, now: dt.datetime, moves: tuple[str, ...], passes: int = 2, **options
) -> Game:
    """Start a game at `now`, play `moves` then `passes` passes, all at `now`."""
    options.setdefault("board_kind", "square")
    options.setdefault("board_size", 9)
    game = play_service.game_start(
        black=black, white=white, now=now, settings=GameSettings(**options)
    )
    for text in (*moves, *(["pass"] * passes)):
        game = play(game, text, now)
    return game


def counted_square(*, black, white, now: dt.datetime) -> Game:
    """SQUARE, finished by two passes at `now` and counted: W+7.5, B5 and H5 dead."""
    return play_out(black=black, white=white, now=now, moves=SQUARE_MOVES)


def counted_hex(*, black, white, now: dt.datetime) -> Game:
    """HEX, finished by two passes at `now` and counted: W+6.5, D2 and H9 dead."""
    return play_out(
        black=black,
        white=white,
        now=now,
        moves=HEX_MOVES,
        board_kind="hex",
        board_size=6,
        ruleset="badux",
    )
