"""`{% load ladder %}`: the ladder's pieces on pages of apps below it (the profile), so
accounts shows ratings without importing ladder."""

from __future__ import annotations

from django import template
from django.utils import timezone
from django.utils.translation import gettext

from accounts.selectors import user_find_by_username
from ladder.ratings.models import Family, Rating
from ladder.ratings.selectors import handicap_hints, rating_view, ratings_of

register = template.Library()


@register.inclusion_tag("ladder/_ratings.html")
def profile_ratings(profile, is_self: bool = False) -> dict:
    """A player's ratings per family (rating ± deviation today, rank, provisional), each linking
    to its history graph; "Unrated" without any. Their own profile offers to declare a rank
    while they have no rated game; a rank declared there is shown as declared (to everyone:
    challengers read it as they would a rating)."""
    ratings = ratings_of(user=profile, now=timezone.now())
    played = {r.family for r in ratings if r.games}
    declared = {r.family: r.declared_rank for r in ratings if not r.games and r.declared_rank}
    return {
        "profile": profile,
        "ratings": [r for r in ratings if r.games] or [],
        "is_self": is_self,
        "can_declare": not played,
        "any_declared": bool(declared),
        # The families without a rated game, where a strength may still be declared (or was).
        "declarable": sorted(
            [(f.value, f.label, declared.get(f.value, "")) for f in Family if f not in played],
            key=lambda item: not item[2],  # declared ones first, offers after them
        ),
    }


@register.inclusion_tag("ladder/_declare_offer.html", takes_context=True)
def declare_offer(context, family: str = "") -> dict:
    """For a logged-in player with no rated game yet in `family` (a board kind; every family
    when empty): an offer to declare their strength there, back to this page afterwards, or
    the rank they declared, with a link to change it. Nothing for anyone else."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"families": []}
    ratings = ratings_of(user=user, now=timezone.now())
    played = {r.family for r in ratings if r.games}
    declared = {r.family: r.declared_rank for r in ratings if not r.games}
    wanted = [family] if family else [f.value for f in Family]
    families = [
        (f, Family(f).label, declared.get(f, ""))
        for f in wanted
        if f in Family.values and f not in played
    ]
    return {"families": families, "next": request.get_full_path()}


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
    """The text `ratings_by_player` gave `player`, or "unrated" in the reader's language."""
    return ratings.get(player.pk) or gettext("unrated")
