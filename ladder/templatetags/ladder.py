"""`{% load ladder %}`: the ladder's pieces on pages of apps below it (the profile), so
accounts shows ratings without importing ladder."""

from __future__ import annotations

from django import template
from django.utils import timezone

from accounts.selectors import user_find_by_username

from ..models import Rating
from ..selectors import handicap_hints, rating_view, ratings_of
from ..tournaments.selectors import game_competition

register = template.Library()


@register.inclusion_tag("ladder/_ratings.html")
def profile_ratings(profile, is_self: bool = False) -> dict:
    """A player's ratings per family (rating ± deviation today, rank, provisional), each linking
    to its history graph; "Unrated" without any. Their own profile offers to declare a rank
    while they have no rated game."""
    ratings = ratings_of(user=profile, now=timezone.now())
    return {
        "profile": profile,
        "ratings": [r for r in ratings if r.games] or [],
        "is_self": is_self,
        "can_declare": not any(r.games for r in ratings),
    }


@register.inclusion_tag("ladder/_game_link.html")
def ladder_link(game) -> dict:
    """On a game page: which ladder or tournament the game belongs to, linked (nothing for
    other games)."""
    return {"competition": game_competition(game_id=game.pk)}


@register.inclusion_tag("ladder/_handicap_hint.html")
def handicap_hint(user, opponent_name) -> dict:
    """On the new-game form: the handicap the ratings suggest against the named opponent
    (nothing without a known opponent or any rating)."""
    opponent = None
    if user.is_authenticated and isinstance(opponent_name, str) and opponent_name.strip():
        opponent = user_find_by_username(username=opponent_name.strip())
    if opponent is None or opponent.pk == user.pk:
        return {"hints": []}
    return {"hints": handicap_hints(user=user, opponent=opponent), "opponent": opponent}


@register.simple_tag
def ratings_by_player(players) -> dict[int, str]:
    """For a page of players (one query): user id -> "Go 1662 4k, Badux 1500 6k?" ("?":
    provisional); players without a rating are left out. Read it with `|rating_for:player`."""
    now = timezone.now()
    found: dict[int, list[str]] = {}
    rows = Rating.objects.filter(user__in=list(players), games__gt=0).order_by("-family")
    for row in rows:
        view = rating_view(row, now)
        mark = "?" if view.provisional else ""
        found.setdefault(row.user_id, []).append(
            f"{view.family_label} {view.rating:.0f} {view.rank}{mark}"
        )
    return {user_id: ", ".join(texts) for user_id, texts in found.items()}


@register.filter
def rating_for(ratings: dict[int, str], player) -> str:
    """The text `ratings_by_player` gave `player`, or "unrated"."""
    return ratings.get(player.pk, "unrated")
