"""The history page: finished public games, newest first, or one player's."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext

from accounts.selectors import user_find_by_username
from games.selectors import status as status_selectors
from games.views.common import PAGE_SIZE


def history(request: HttpRequest) -> HttpResponse:
    """Finished public games, newest first; `?player=name` shows one player's. Pages are
    keyed by the games around them (`?after=`, `?before=`: core.keyset), never counted."""
    player = None
    name = request.GET.get("player", "").strip()
    if name:
        player = user_find_by_username(username=name)
        if player is None:
            messages.error(
                request, gettext("There is no player named '%(name)s'.") % {"name": name}
            )
    page = status_selectors.games_finished_public_page(
        user=player,
        after=request.GET.get("after"),
        before=request.GET.get("before"),
        size=PAGE_SIZE,
    )
    return render(request, "games/history.html", {"page": page, "player": player, "name": name})
