"""The status page (a player's running games, invitations and finished games), its cards'
thumbnails and its "Next game" button."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.translation import get_language, gettext

from accounts.selectors import board_appearance_get
from core.http_cache.tags import etag_of, tagged_page
from games import hooks
from games.pages.status import finished_rows, status_rows, thumbnail_state, thumbnail_svg
from games.pages.tags import STATUS_PAGE_SECONDS, game_state_key, status_etag
from games.selectors import status as status_selectors
from games.svg import THEMES
from games.views.common import PAGE_SIZE, viewable_game
from games.watching.selectors import games_watched_by
from messaging.unread import request_unread_counts

# Running games shown as cards on one page of the status page (`?running=` for the others).
RUNNING_PAGE_SIZE = 30


@login_required
def status(request: HttpRequest) -> HttpResponse:
    """Your running games (your turn first, then least time left first), each with a thumbnail
    and its deadline in your time zone, RUNNING_PAGE_SIZE to a page (`?running=`);
    invitations; the games you watch; finished games (paginated, `?page=`). Kept whole in
    the cache until one of your games or challenges changes, for at most a minute (etags)."""
    now = timezone.now()
    user = request.user
    page_number = _page_number(request.GET.get("page"))
    running_number = _page_number(request.GET.get("running"))
    theme = board_appearance_get(user=user).theme

    def draw() -> HttpResponse:
        # The cards of one page of running games: a card is a template rendered once per
        # state, and 300 of them on a cold cache took 1.6 s (bench/pages_at_scale.py).
        shown = status_selectors.games_running_page_for(
            user=user, number=running_number, size=RUNNING_PAGE_SIZE
        )
        page = status_selectors.games_finished_page_for(
            user=user, number=page_number, size=PAGE_SIZE
        )
        received, sent = status_selectors.challenges_open_for(user=user, now=now)
        # The players of all four lists in one query.
        status_selectors.players_load(
            games=[*shown.object_list, *page.object_list], challenges=[*received, *sent]
        )
        rows = status_rows(
            games=shown.object_list,
            user=user,
            now=now,
            theme=theme,
            labels=hooks.game_labels_get(game_ids=[game.pk for game in shown.object_list]),
        )
        return render(
            request,
            "games/status.html",
            {
                "rows": rows,
                "running": shown,
                # Your turn sorts first: the most urgent game is the first of them all.
                "next_game": next(
                    (r["game"] for r in rows[:1] if r["my_turn"] and shown.number == 1), None
                ),
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
        page=(page_number, running_number),
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


# A thumbnail whose address names the game's current state never changes: kept a year.
THUMBNAIL_KEPT_SECONDS = 365 * 24 * 3600


def thumbnail(request: HttpRequest, game_id: int, theme: str, state: str) -> HttpResponse:
    """The status page card's picture of a game (SVG) in the board `theme`, for whoever may
    see the game (404 otherwise, or for an unknown theme). An address whose `state` is the
    game's (games.pages.status.thumbnail_state) is kept by the browser for good (privately:
    its title is in the viewer's language); any other, one the game has moved past, shows the
    position now and is asked again each time. Drawn once per state, theme and language (the
    fragment cache)."""
    if theme not in THEMES:
        raise Http404
    game = viewable_game(request, game_id)
    etag = etag_of(("thumbnail", game_state_key(game), theme, get_language()))
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = HttpResponse(
            thumbnail_svg(game=game, theme=theme), content_type="image/svg+xml; charset=utf-8"
        )
    response["ETag"] = etag
    if state == thumbnail_state(game):
        # Private: its title is in the viewer's language, and a game may be private.
        patch_cache_control(response, private=True, max_age=THUMBNAIL_KEPT_SECONDS, immutable=True)
    else:
        patch_cache_control(response, private=True, no_cache=True)
    return response
