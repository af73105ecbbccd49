"""The replay page: step through a stored game's moves (`?move=N`), links only, no JavaScript
needed (static/games/replay.js adds the stepper's buttons and keys). Saved reviews with
variations are another feature: games/reviews/."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from accounts.selectors import board_appearance_get
from games.pages.replay import replay_context
from games.views.common import viewable_game as _viewable_game


def replay(request: HttpRequest, game_id: int) -> HttpResponse:
    """Step through a game's moves (`?move=N`), links only, no JavaScript needed."""
    game = _viewable_game(request, game_id)
    context = replay_context(
        game=game,
        move=request.GET.get("move"),
        appearance=board_appearance_get(user=request.user),
    )
    return render(request, "games/replay.html", context)
