"""Helpers shared by the games tests: a ko position and a game's state as one value."""

from __future__ import annotations

from django.urls import reverse

from games.models import Game
from rules.topology import hexagon, square

KO_SETUP = ("C5", "D5", "B4", "E4", "C3", "D3", "J9", "C4", "D4")
#   A B C D E
# 5 . . X O .      Black D4 has just taken the white stone on C4:
# 4 . X . X O      White may not take back at C4 at once.
# 3 . . X O .


def snapshot(game: Game) -> tuple:
    game.refresh_from_db()
    return (game.moves, game.move_number, game.to_move, game.deadline, game.status, game.result)


def walled_game(kind: str) -> tuple[str, ...]:
    """Moves of a game that ends by two passes with territory on both sides: a black wall and a
    white wall down the board, one dead stone of each colour inside the other's area."""
    if kind == "square":
        t, bx, wx, dead = square(9), 3, 5, ("H5", "B6")
    else:
        t, bx, wx, dead = hexagon(6), 4, 6, ("J6", "C6")
    black = [t.name(p) for p in t.points() if t.xy[p][0] == bx]
    white = [t.name(p) for p in t.points() if t.xy[p][0] == wx]
    moves: list[str] = []
    for i in range(max(len(black), len(white))):
        moves += [black[i] if i < len(black) else "pass", white[i] if i < len(white) else "pass"]
    return (*moves, *dead, "pass", "pass")


def board_options(kind: str) -> dict:
    if kind == "square":
        return {"board_kind": "square", "board_size": 9, "ruleset": "go-area"}
    return {"board_kind": "hex", "board_size": 6, "ruleset": "badux"}


FIGHT = {"B9", "C9", "C8", "C7", "A8", "A7", "B7"}


def corner_fight_moves() -> tuple[str, ...]:
    moves: list[str] = []
    for i, black in enumerate(BLACK_STONES):
        moves += [black, WHITE_STONES[i] if i < len(WHITE_STONES) else "pass"]
    return tuple(moves[:-1])  # the last White pass, then the two passes that end the game


BLACK_STONES = ("B9", "C9", "C8", "C7", "A5", "B6", "B5", "A4", "B4", "A3", "B3") + tuple(
    f"{c}2" for c in "ABCDEFGHJ"
)
WHITE_STONES = ("E9", "D8", "D7", "A8", "A7", "B7", "C6", "D6", "C5", "C4") + tuple(
    f"{c}3" for c in "CDEFGHJ"
)


def board_url(game: Game) -> str:
    """The game's page."""
    return reverse("games:board", args=[game.pk])


def messages_of(response) -> list[str]:
    """The messages a page shows, as text."""
    return [str(m) for m in response.context["messages"]]
