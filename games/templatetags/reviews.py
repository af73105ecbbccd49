"""Review pieces for the game's pages: `{% game_reviews game %}` (its public reviews, the
visitor's own, the buttons to start one, a player's private notes) and `{% game_estimate game
current %}` (the estimate graph linking to `?move=N`)."""

from __future__ import annotations

from django import template
from django.conf import settings

from games.reviews import pages, selectors

register = template.Library()


@register.inclusion_tag("games/reviews/_game_reviews.html", takes_context=True)
def game_reviews(context, game) -> dict:
    """The reviews box of a game page: the view's `reviews_box` when it made one (the game
    page does, for its ETag), else worked out here."""
    box = context.get("reviews_box")
    if box is None:
        request = context.get("request")
        box = selectors.reviews_box(game=game, user=getattr(request, "user", None))
    return {
        **box,
        "note_max": settings.GAME_NOTE_MAX_LENGTH,
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("games/reviews/_estimate.html")
def game_estimate(game, current: int | None = None) -> dict:
    """A finished game's estimate graph and turning points, linking to `?move=N`."""
    series = selectors.game_estimate_series(game=game) if game.is_over else None
    return {
        "estimate": pages.estimate_context(series, href=lambda n: f"?move={n}", current=current)
    }
