"""Games blocks for pages the accounts app renders (accounts sits below games and never
imports it; its templates load these tags instead).

Usage (``{% load player_games %}``)::

    {% home_games user %}                 {# home page: welcome, your turn, Play / New game #}
    {% player_record profile viewer %}    {# profile: record per variant and recent games #}
    {% player_reviews profile viewer %}   {# profile: the public reviews they wrote #}
    {% follow_button profile %}           {# profile: follow or stop following them #}
    {% follow_feed user %}                {# home page: the followed players' games #}
"""

from __future__ import annotations

from django import template

from accounts.models import User
from games.reviews import selectors as reviews_selectors
from games.selectors import records as records_selectors
from games.watching import selectors as watching_selectors

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


@register.inclusion_tag("games/watching/_follow_button.html", takes_context=True)
def follow_button(context, profile: User) -> dict:
    """The profile's Follow (or Stop following) button, for a logged-in player on another's
    profile; nothing for anyone else."""
    request = context.get("request")
    viewer = getattr(request, "user", None)
    shown = viewer is not None and viewer.is_authenticated and viewer.pk != profile.pk
    return {
        "shown": shown,
        "profile": profile,
        "following": shown and watching_selectors.follows_player(follower=viewer, followed=profile),
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("games/watching/_home_feed.html")
def follow_feed(user: User) -> dict:
    """The home page's card of the players `user` follows: their newest public games started
    and finished (games.watching.selectors.follow_feed: one query when they follow nobody)."""
    return {"feed": watching_selectors.follow_feed(user=user)}
