"""The game page and what a player does there: move, pass, resign, chat."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from accounts.selectors import board_appearance_get
from messaging.selectors import request_unread_counts
from rules import CoordinateError

from .. import selectors
from ..errors import GameActionError, MoveRefused
from ..etags import board_etag, tagged_page
from ..forms import ChatForm, MoveForm, TurnForm
from ..models import Game
from ..presenters import board_context
from ..services import chat as chat_services
from ..services import play
from .common import board_redirect as _turn_redirect
from .common import error_message as _message
from .common import sentence as _sentence
from .common import viewable_game as _viewable_game
from .conditional import conditional_section
from .results import result_section as _result


def board(request: HttpRequest, game_id: int) -> HttpResponse:
    """The game page: board, players, clocks, captures, move list, chat; for the player to
    move, clickable points (each a link to a confirmation, or board.js's confirm bar) and a
    coordinate field. `?confirm=D4` shows the confirmation for that point."""
    game = _viewable_game(request, game_id)
    confirm = request.GET.get("confirm", "").strip()
    context = board_context(
        game=game,
        user=request.user,
        now=timezone.now(),
        appearance=board_appearance_get(user=request.user),
        confirm=confirm,
    )
    if confirm and context["confirm_error"]:
        messages.error(request, context["confirm_error"])
    context["chat_lines"] = list(selectors.game_chat_lines(game=game))
    context["result"] = _result(request, game)
    context["chat_form"] = ChatForm()
    # "Plan answers" while the viewer waits for their opponent (one query then, else none).
    context["conditional"] = conditional_section(
        game=game, user=request.user, coordinates=bool(context["appearance"].show_coordinates)
    )
    etag = board_etag(
        request=request, game=game, context=context, unread=request_unread_counts(request=request)
    )
    if etag is not None:
        return tagged_page(request, etag, lambda: render(request, "games/board.html", context))
    return render(request, "games/board.html", context)


@login_required
@require_POST
def move(request: HttpRequest, game_id: int) -> HttpResponse:
    """Play the stone the form names ('D4'), refusing a page older than the game. The game is
    read once, locked, by the service (it reads the coordinate with the game's topology)."""
    form = MoveForm(request.POST)
    if not form.is_valid():
        if not Game.objects.filter(pk=game_id).exists():
            raise Http404("No such game.")
        messages.error(request, "Give a coordinate such as D4.")
        return _turn_redirect(game_id)
    try:
        play.game_move(
            game_id=game_id,
            user=request.user,
            point=form.cleaned_data["point"],
            expected_move_number=form.cleaned_data["move_number"],
            now=timezone.now(),
        )
    except Game.DoesNotExist as error:
        raise Http404("No such game.") from error
    except (CoordinateError, MoveRefused) as error:
        messages.error(request, f"{_sentence(str(error))} Nothing was played.")
    except (GameActionError, PermissionDenied) as error:
        messages.error(request, _sentence(_message(error)))
    return _turn_redirect(game_id)


def _confirm_turn(request: HttpRequest, game_id: int, action: str) -> HttpResponse:
    game = _viewable_game(request, game_id)
    if game.colour_of(request.user) is None:
        raise PermissionDenied("Only the players of this game can do that.")
    if request.method == "POST":
        form = TurnForm(request.POST)
        if form.is_valid():
            act = play.game_pass if action == "pass" else play.game_resign
            try:
                act(
                    game_id=game.pk,
                    user=request.user,
                    expected_move_number=form.cleaned_data["move_number"],
                    now=timezone.now(),
                )
            except (GameActionError, PermissionDenied) as error:
                messages.error(request, _sentence(_message(error)))
            else:
                messages.success(request, "You passed." if action == "pass" else "You resigned.")
        return _turn_redirect(game_id)
    return render(
        request,
        "games/confirm_turn.html",
        {
            "game": game,
            "action": action,
            "form": TurnForm(initial={"move_number": game.move_number}),
        },
    )


@login_required
def pass_turn(request: HttpRequest, game_id: int) -> HttpResponse:
    """GET: ask 'Pass?'; POST: pass."""
    return _confirm_turn(request, game_id, "pass")


@login_required
def resign(request: HttpRequest, game_id: int) -> HttpResponse:
    """GET: ask 'Resign?'; POST: resign."""
    return _confirm_turn(request, game_id, "resign")


@login_required
@require_POST
def chat(request: HttpRequest, game_id: int) -> HttpResponse:
    """A player adds a chat line."""
    form = ChatForm(request.POST)
    if form.is_valid():
        try:
            chat_services.game_chat_post(
                game_id=game_id,
                user=request.user,
                text=form.cleaned_data["text"],
                now=timezone.now(),
            )
        except (ValidationError, PermissionDenied, Game.DoesNotExist) as error:
            messages.error(request, _message(error))
    else:
        messages.error(request, "A chat line is 1 to 1000 characters.")
    return redirect(f"{redirect('games:board', game_id=game_id).url}#chat")
