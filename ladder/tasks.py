"""Ladder notices and the inactivity sweep, run by Celery. Tasks take ids, check the news is
still true and are safe to run twice (`messaging.services.notify` records once per key)."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from games.mail import notice_send
from messaging.mail import RETRY_OPTIONS

from .models import ChallengeStatus, LadderChallenge, PositionChange
from .notices import LADDER_CHALLENGE, LADDER_POSITION
from .services.ladders import ladders_remove_inactive


@shared_task(name="ladder.notify_challenge", **RETRY_OPTIONS)
def notify_challenge(challenge_id: int) -> bool:
    """Tell the defender they were challenged, while the challenge runs."""
    challenge = (
        LadderChallenge.objects.select_related("ladder", "challenger", "defender", "game")
        .filter(pk=challenge_id)
        .first()
    )
    if challenge is None or challenge.status != ChallengeStatus.RUNNING:
        return False
    text = (
        f"{challenge.challenger.username} challenged you in the ladder {challenge.ladder.name}: "
        f"your game has started."
    )
    url = challenge.game.get_absolute_url()
    return notice_send(
        user=challenge.defender,
        event=LADDER_CHALLENGE,
        key=f"ladder_challenge:{challenge.pk}",
        text=text,
        url=url,
        subject=f"Ladder challenge from {challenge.challenger.username}",
        label="Open the game",
    )


@shared_task(name="ladder.notify_position", **RETRY_OPTIONS)
def notify_position(change_id: int) -> bool:
    """Tell a player their position in a ladder changed."""
    change = PositionChange.objects.select_related("ladder", "user").filter(pk=change_id).first()
    if change is None:
        return False
    if change.position is None:
        text = f"You are no longer in the ladder {change.ladder.name}."
    else:
        was = f" (was {change.previous})" if change.previous else ""
        text = f"You are now number {change.position}{was} in the ladder {change.ladder.name}."
    url = change.ladder.get_absolute_url()
    return notice_send(
        user=change.user,
        event=LADDER_POSITION,
        key=f"ladder_position:{change.pk}",
        text=text,
        url=url,
        subject=f"Your position in {change.ladder.name}",
        label="See the ladder",
    )


@shared_task(name="ladder.remove_inactive")
def remove_inactive() -> int:
    """Beat, daily: remove players idle past their ladder's limit."""
    return ladders_remove_inactive(now=timezone.now())
