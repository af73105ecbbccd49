"""Records: reviewing a game, downloading the SGF, the history of finished games. (Uploaded
SGF records are stored reviews: games/reviews/views.py.)"""

from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import get_conditional_response
from django.utils.translation import gettext

from accounts.selectors import board_appearance_get, user_find_by_username
from core.http_cache.tags import revalidate
from games.pages.review import review_context
from games.pages.sgf import game_sgf
from games.pages.tags import sgf_etag
from games.selectors import status as status_selectors
from games.views.common import PAGE_SIZE
from games.views.common import viewable_game as _viewable_game


def review(request: HttpRequest, game_id: int) -> HttpResponse:
    """Step through a game's moves (`?move=N`), links only, no JavaScript needed."""
    game = _viewable_game(request, game_id)
    context = review_context(
        game=game,
        move=request.GET.get("move"),
        appearance=board_appearance_get(user=request.user),
    )
    return render(request, "games/review.html", context)


def sgf_download(request: HttpRequest, game_id: int) -> HttpResponse:
    """The game record as an SGF file."""
    game = _viewable_game(request, game_id)
    etag = sgf_etag(game=game)
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = HttpResponse(
            game_sgf(game=game), content_type="application/x-go-sgf; charset=utf-8"
        )
        response["Content-Disposition"] = f'attachment; filename="badux-{game.pk}.sgf"'
    return revalidate(response, etag)


def history(request: HttpRequest) -> HttpResponse:
    """Finished public games, newest first; `?player=name` shows one player's."""
    player = None
    name = request.GET.get("player", "").strip()
    if name:
        player = user_find_by_username(username=name)
        if player is None:
            messages.error(
                request, gettext("There is no player named '%(name)s'.") % {"name": name}
            )
    games = status_selectors.games_finished_public(user=player)
    page = Paginator(games, PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "games/history.html", {"page": page, "player": player, "name": name})
