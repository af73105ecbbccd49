"""Ladder notices and the inactivity sweep, run by Celery. Tasks take ids, check the news is
still true and are safe to run twice (`messaging.notifications.services.notify` records once per
key)."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from games.mail import notice_send
from ladder.ladders.models import LadderChallenge, LadderChallengeStatus, PositionChange
from ladder.ladders.services import ladders_remove_inactive
from ladder.notifications import LADDER_CHALLENGE, LADDER_POSITION
from messaging.notifications.notice_tasks import notice_task


@notice_task("ladder.notify_challenge")
def notify_challenge(challenge_id: int) -> bool:
    """Tell the defender they were challenged, while the challenge runs."""
    challenge = (
        LadderChallenge.objects.select_related("ladder", "challenger", "defender", "game")
        .filter(pk=challenge_id)
        .first()
    )
    if challenge is None or challenge.status != LadderChallengeStatus.RUNNING:
        return False
    names = {"challenger": challenge.challenger.username, "ladder": challenge.ladder.name}
    url = challenge.game.get_absolute_url()
    return notice_send(
        user=challenge.defender,
        event=LADDER_CHALLENGE,
        key=f"ladder_challenge:{challenge.pk}",
        # Functions and lazy text: notice_send writes them in the defender's language.
        text=lambda: (
            gettext(
                "%(challenger)s challenged you in the ladder %(ladder)s: your game has started."
            )
            % names
        ),
        url=url,
        subject=lambda: gettext("Ladder challenge from %(challenger)s") % names,
        label=gettext_lazy("Open the game"),
    )


@notice_task("ladder.notify_position")
def notify_position(change_id: int) -> bool:
    """Tell a player their position in a ladder changed."""
    change = PositionChange.objects.select_related("ladder", "user").filter(pk=change_id).first()
    if change is None:
        return False
    names = {"ladder": change.ladder.name, "position": change.position, "was": change.previous}

    def text() -> str:
        # Written in the player's language: notice_send calls it.
        if change.position is None:
            return gettext("You are no longer in the ladder %(ladder)s.") % names
        if change.previous:
            return (
                gettext("You are now number %(position)s (was %(was)s) in the ladder %(ladder)s.")
                % names
            )
        return gettext("You are now number %(position)s in the ladder %(ladder)s.") % names

    url = change.ladder.get_absolute_url()
    return notice_send(
        user=change.user,
        event=LADDER_POSITION,
        key=f"ladder_position:{change.pk}",
        text=text,
        url=url,
        subject=lambda: gettext("Your position in %(ladder)s") % names,
        label=gettext_lazy("See the ladder"),
    )


@shared_task(name="ladder.remove_inactive")
def remove_inactive() -> int:
    """Beat, daily: remove players idle past their ladder's limit."""
    return ladders_remove_inactive(now=timezone.now())
