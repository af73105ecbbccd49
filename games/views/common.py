"""Pieces every games page uses: looking up a game the visitor may see, and turning a refusal
into the sentence shown on the page."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect

from .. import selectors
from ..models import Game

PAGE_SIZE = 20


def viewable_game(request: HttpRequest, game_id: int) -> Game:
    """The game, if the visitor may see it; Http404 otherwise."""
    game = selectors.game_get(game_id=game_id)
    if not selectors.game_can_view(game=game, user=request.user):
        raise Http404("No such game.")
    return game


def player_game(request: HttpRequest, game_id: int, what: str) -> Game:
    """The game, if the visitor plays in it; PermissionDenied saying they cannot `what`."""
    game = viewable_game(request, game_id)
    if game.colour_of(request.user) is None:
        raise PermissionDenied(f"Only the players of this game can {what}.")
    return game


def board_redirect(game_id: int) -> HttpResponse:
    """Back to the game page."""
    return redirect("games:board", game_id=game_id)


def error_message(error: Exception) -> str:
    """What a refusal says to the player."""
    if isinstance(error, ValidationError):
        return " ".join(error.messages)
    return str(error) or "You may not do that."


def sentence(text: str) -> str:
    """'that point is occupied' -> 'That point is occupied.'"""
    text = text.strip().rstrip(".")
    return f"{text[:1].upper()}{text[1:]}."
