"""Games blocks for pages the accounts app renders (accounts sits below games and never
imports it; its templates load these tags instead).

Usage (``{% load player_games %}``)::

    {% home_games user %}                 {# home page: welcome, your turn, Play / New game #}
    {% player_record profile viewer %}    {# profile: record per variant and recent games #}
    {% player_reviews profile viewer %}   {# profile: the public reviews they wrote #}
"""

from __future__ import annotations

from django import template

from accounts.models import User
from games.reviews import selectors as reviews_selectors
from games.selectors import records as records_selectors

register = template.Library()


@register.inclusion_tag("games/_home_games.html")
def home_games(user: User) -> dict:
    """The logged-in home card: a first welcome for a player without games, else their count
    of games and turns, with Play (the most urgent game), New game and the Waiting Room."""
    return {"player": user, "games": records_selectors.player_games_count(user=user)}


@register.inclusion_tag("games/_player_record.html")
def player_record(profile: User, viewer: User | None) -> dict:
    """The profile's Games card: wins, losses and draws per variant, and the last games."""
    viewer = viewer if viewer is not None and viewer.is_authenticated else None
    return {
        "profile": profile,
        "is_self": viewer is not None and viewer.pk == profile.pk,
        "record": records_selectors.player_record(user=profile),
        "recent": records_selectors.player_recent_games(user=profile, viewer=viewer),
    }


PROFILE_REVIEWS = 10


@register.inclusion_tag("games/reviews/_profile_reviews.html")
def player_reviews(profile: User, viewer: User | None) -> dict:
    """The profile's Reviews card: the newest public reviews the player wrote, and a link to
    the reviews page for all of theirs."""
    viewer = viewer if viewer is not None and viewer.is_authenticated else None
    reviews = list(reviews_selectors.reviews_public_of_owner(owner=profile)[: PROFILE_REVIEWS + 1])
    return {
        "profile": profile,
        "is_self": viewer is not None and viewer.pk == profile.pk,
        "reviews": reviews[:PROFILE_REVIEWS],
        "more": len(reviews) > PROFILE_REVIEWS,
    }
