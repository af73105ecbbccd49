"""The status page (a player's running games, invitations and finished games) and its "Next
game" button."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext

from accounts.selectors import board_appearance_get
from core.http_cache.tags import tagged_page
from games import hooks
from games.pages.status import finished_rows, status_rows
from games.pages.tags import STATUS_PAGE_SECONDS, status_etag
from games.selectors import status as status_selectors
from games.views.common import PAGE_SIZE
from games.watching.selectors import games_watched_by
from messaging.unread import request_unread_counts


@login_required
def status(request: HttpRequest) -> HttpResponse:
    """Your running games (your turn first, then least time left first), each with a thumbnail
    and its deadline in your time zone; invitations; the games you watch; finished games
    (paginated). Kept whole in
    the cache until one of your games or challenges changes, for at most a minute (etags)."""
    now = timezone.now()
    user = request.user
    page_number = _page_number(request.GET.get("page"))
    theme = board_appearance_get(user=user).theme

    def draw() -> HttpResponse:
        running = status_selectors.games_running_for(user=user)
        page = status_selectors.games_finished_page_for(
            user=user, number=page_number, size=PAGE_SIZE
        )
        received, sent = status_selectors.challenges_open_for(user=user, now=now)
        # The players of all four lists in one query.
        status_selectors.players_load(
            games=[*running, *page.object_list], challenges=[*received, *sent]
        )
        rows = status_rows(
            games=running,
            user=user,
            now=now,
            theme=theme,
            labels=hooks.game_labels_get(game_ids=[game.pk for game in running]),
        )
        return render(
            request,
            "games/status.html",
            {
                "rows": rows,
                "next_game": next((r["game"] for r in rows if r["my_turn"]), None),
                "page": page,
                "finished": finished_rows(games=page.object_list, user=user),
                "received": received,
                "sent": sent,
                "watching": games_watched_by(user=user),
            },
        )

    etag = status_etag(
        request=request,
        now=now,
        page=page_number,
        theme=theme,
        unread=request_unread_counts(request=request),
    )
    if etag is None:
        return draw()
    return tagged_page(request, etag, draw, seconds=STATUS_PAGE_SECONDS)


def _page_number(value: str | None) -> int:
    """The page a `?page=` value asks for: 1 unless it is a whole number (up to 9 digits; the
    paginator shows the last page for any number past it)."""
    value = (value or "").strip()
    if not value.isascii() or not value.isdigit() or len(value) > 9:
        return 1
    return max(int(value), 1)


@login_required
def next_game(request: HttpRequest) -> HttpResponse:
    """Open the most urgent game where it is your turn."""
    game = status_selectors.game_next_for(user=request.user)
    if game is None:
        messages.info(request, gettext("It is not your turn in any game."))
        return redirect("games:status")
    return redirect(game)
