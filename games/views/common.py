"""Pieces every games page uses: looking up a game the visitor may see, and turning a refusal
into the sentence shown on the page (through the one mapping, core.refusals)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from accounts.moderation.selectors import Restricted
from core.refusals import refusal_message, refusal_of
from games.models import Game
from games.selectors import play as selectors

PAGE_SIZE = 20


def viewable_game(request: HttpRequest, game_id: int) -> Game:
    """The game, if the visitor may see it; NoSuchGame (404) otherwise, missing or private
    alike (games.selectors.play.game_view_check, the API's check too)."""
    game = selectors.game_get(game_id=game_id)
    selectors.game_view_check(game=game, user=request.user)
    return game


def player_game(request: HttpRequest, game_id: int, *, refusal: str) -> Game:
    """The game, if the visitor plays in it; NotAPlayer (403) with `refusal` (a whole translated
    sentence: "Only the players of this game can ...") to other visitors of a public game,
    NoSuchGame (404) to those of a private one."""
    game = selectors.game_get(game_id=game_id)
    selectors.game_player_check(game=game, user=request.user, refusal=refusal)
    return game


def board_redirect(game_id: int) -> HttpResponse:
    """Back to the game page."""
    return redirect("games:board", game_id=game_id)


def error_message(error: Exception) -> str:
    """What a refusal says to the player: core.refusals.refusal_message (which raises the
    error page for refusals answered "not found" or "forbidden"), but a moderator's restriction
    (muted, suspended), which is said on the page the player was on, with its reason and end."""
    if isinstance(error, Restricted):
        return refusal_of(error).message
    return refusal_message(error)
