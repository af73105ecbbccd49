"""The game page: what the board, its move list and its controls show, computed from a stored
game without further queries.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.utils import formats
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_lazy

import rules
from accounts.selectors import BoardAppearance
from core.http_cache.fragments import FRAGMENT_VERSION, fragment
from games.counting import (
    game_score,
)
from games.errors import rules_refusal
from games.models import PASS_TOKEN, Game
from games.moves import colour_letter, game_state
from games.pages.tags import game_state_key
from games.selectors.play import (
    MoveRow,
    clock_left_label,
    game_clocks,
    game_move_list,
)
from games.svg import board_svg
from rules import BLACK, WHITE, CoordinateError

COLOUR_NAMES = {BLACK: gettext_lazy("Black"), WHITE: gettext_lazy("White")}


def board_context(
    *,
    game: Game,
    user,
    now: dt.datetime,
    appearance: BoardAppearance,
    confirm: str = "",
) -> dict:
    """Everything templates/games/board.html shows. `confirm` is a coordinate the player
    clicked: when legal it is drawn as a ghost stone with a confirm form, else
    `confirm_error` says why not.

    The board (SVG) and the move list are drawn once per game state, look and viewer's turn
    and then come from the cache (core.http_cache.fragments); the confirmation page is drawn
    each time.
    """
    colour = game.colour_of(user)
    my_turn = (
        colour is not None
        and not game.is_over
        and game.to_move == colour
        and game.adjourned is None  # adjourned by the moderators: nobody moves
    )
    confirm_point, confirm_error = _confirm_check(game, colour, my_turn, confirm)
    theme, coordinates = appearance.theme or "wood", bool(appearance.show_coordinates)
    if confirm_point is not None:
        board = _board_parts(game, my_turn, theme, coordinates, ghost=confirm_point)
    else:
        key = (
            f"games:board:{FRAGMENT_VERSION}:{game_state_key(game)}:{theme}:{int(coordinates)}"
            f":{int(my_turn)}"
        )
        board = fragment(key, lambda: _board_parts(game, my_turn, theme, coordinates))
    players = _players(game, now)
    return {
        "game": game,
        "appearance": appearance,
        "board_svg": mark_safe(board["svg"]),  # noqa: S308 - board_svg's escaped output
        "playable": board["playable"],
        "moves_html": mark_safe(board["moves"]),  # noqa: S308 - move_list_html's output
        "players": players,
        "my_colour": colour,
        "my_turn": my_turn,
        "to_move_name": COLOUR_NAMES[game.to_move],
        # The opponent of the player to move passed last: a second pass ends the game.
        "passed": (
            game.player(rules.other(game.to_move))
            if not game.is_over and game.moves.endswith(PASS_TOKEN)
            else None
        ),
        "confirm_point": confirm_point,
        "confirm_name": game.topology.name(confirm_point) if confirm_point is not None else "",
        "confirm_error": confirm_error,
    }


def _confirm_check(
    game: Game, colour: int | None, my_turn: bool, confirm: str
) -> tuple[int | None, str]:
    """The point of `confirm` when the viewer (playing `colour`, or None) may play it now, and
    else why not: (point, "") or (None, the sentence to show; blank for a visitor)."""
    if confirm and my_turn:
        try:
            point = game.topology.parse(confirm)
            game_state(game).play(point, colour)
        except CoordinateError as exc:
            return None, gettext("Nothing can be played there: %(reason)s.") % {
                "reason": rules_refusal(exc)
            }
        except rules.IllegalMove as exc:
            return None, gettext("%(point)s cannot be played: %(reason)s.") % {
                "point": game.topology.name(point),
                "reason": rules_refusal(exc),
            }
        return point, ""
    if confirm:
        return None, gettext("It is not your turn.") if colour is not None else ""
    return None, ""


def _players(game: Game, now: dt.datetime) -> list[dict]:
    """Black's then White's box beside the board: name, captures, clock and time left."""
    clocks = game_clocks(game=game, now=now)
    captures = {BLACK: game.black_captures, WHITE: game.white_captures}
    players = []
    for c in (BLACK, WHITE):
        players.append(
            {
                "colour": c,
                "colour_name": COLOUR_NAMES[c],
                "colour_slug": "black" if c == BLACK else "white",  # a CSS class
                "user": game.player(c),
                "captures": captures[c],
                "clock": clocks[c],
                "left": clock_left_label(
                    left=clocks[c].left,
                    weekend_pause=game.weekend_pause,
                    detail=clocks[c].detail,
                ),
                "to_move": clocks[c].running,
            }
        )
    return players


def _board_parts(
    game: Game, my_turn: bool, theme: str, coordinates: bool, ghost: int | None = None
) -> dict:
    """The game page's board (compact SVG, games.svg.board) and move list, as plain strings
    for the cache; the replay, the legal points and the count are done here only."""
    state = game_state(game)
    position = state.position
    clickable = frozenset(state.legal_points()) if my_turn else frozenset()
    score = game_score(game=game, position=position)
    svg = board_svg(
        position,
        theme=theme,
        coordinates=coordinates,
        clickable=clickable,
        ghost=ghost,
        score=score,
        # The stones the automatic count was unsure of, ringed as on the scored image.
        marks={p: "unsure" for p in score.uncertain} if score and score.uncertain else None,
        compact=True,
    )
    moves = move_list_html(game_move_list(game=game))
    return {"svg": str(svg), "playable": bool(clickable), "moves": str(moves)}


def move_list_html(moves: Sequence[MoveRow]) -> SafeString:
    """The items of the game page's move list, "B D4", numbered by their <ol> from 1: plain
    text, one short item per move (a link each made a 200-move page 13 KB heavier and its
    template loop took most of the page's time; the replay page steps through the moves)."""
    colour = {
        BLACK: escape(colour_letter(BLACK)),
        WHITE: escape(colour_letter(WHITE)),
    }
    passed = escape(gettext("pass"))
    return mark_safe(  # noqa: S308 - the labels are escaped
        "".join(
            f"<li>{colour[m.colour]} {passed if m.passed else escape(m.label)}</li>" for m in moves
        )
    )


def points_label(value: float | int) -> str:
    """A count in half points as people write it: 45, 43.5, -2.5 (never '45.0'), with the
    active language's decimal separator (43,5 in German), as the komi is written."""
    number = float(value)
    return str(int(number)) if number.is_integer() else formats.number_format(number)
