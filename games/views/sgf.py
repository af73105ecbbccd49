"""The SGF download of a game record. (Uploaded SGF records are stored reviews:
games/reviews/views.py.)"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response

from core.http_cache.tags import revalidate
from games.pages.sgf import game_sgf
from games.pages.tags import sgf_etag
from games.views.common import viewable_game as _viewable_game


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
