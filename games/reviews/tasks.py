"""Tasks of reviews: the estimate graph of a finished game (queued when it ends) and of an
uploaded record (on request), and the players' notice that a review of their game is
published. Task names are stable strings; each task takes ids and is safe to run twice."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone
from django.utils.translation import gettext as _

from games.reviews import services
from games.reviews.models import Review, ReviewVisibility
from games.reviews.notifications import REVIEW_PUBLISHED
from messaging.notifications import services as messaging


@shared_task(name="games.game_estimate")
def game_estimate(game_id: int) -> bool:
    """Work out and keep a finished game's estimate series; False when there is none to do."""
    return services.game_estimate_compute(game_id=game_id, now=timezone.now()) is not None


@shared_task(name="games.review_estimate")
def review_estimate(review_id: int) -> bool:
    """Work out and keep an uploaded record's estimate series."""
    return services.review_estimate_compute(review_id=review_id) is not None


@shared_task(name="games.review_uploads_prune")
def review_uploads_prune() -> int:
    """Beat, daily: forget upload tries the flood limit no longer counts."""
    return services.review_uploads_prune(now=timezone.now())


@shared_task(name="games.review_published")
def review_published(review_id: int) -> int:
    """Tell the players of the game (the owner aside) that a review of it is published; once
    per player and review. Returns how many were told."""
    review = Review.objects.select_related("owner", "game__black", "game__white")
    review = review.filter(pk=review_id, visibility=ReviewVisibility.PUBLIC).first()
    if review is None or review.game is None:
        return 0
    game = review.game
    told = 0
    for player in {game.black, game.white}:
        if player.pk == review.owner_id:
            continue
        messaging.notify(
            user=player,
            event=REVIEW_PUBLISHED,
            key=f"review_published:{review.pk}",
            text=_("%(owner)s published a review of game %(game)s: %(title)s")
            % {"owner": review.owner.username, "game": game.pk, "title": review.title},
            url=review.get_absolute_url(),
            now=timezone.now(),
        )
        told += 1
    return told
