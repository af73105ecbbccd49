"""Tasks of challenges: notices of a challenge and of its answer, and the expiry sweep."""

from __future__ import annotations

from celery import shared_task
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from core.metrics import sweep_metered
from games import mail
from games.models import (
    Challenge,
    ChallengeStatus,
)
from games.services.challenges import challenges_expire
from messaging.notifications import services as messaging
from messaging.notifications.models import Event
from messaging.notifications.notice_tasks import notice_task


@notice_task("games.notify_challenge")
def notify_challenge(challenge_id: int) -> bool:
    """Tell the recipient of a direct invitation about it, while it is still open."""
    challenge = (
        Challenge.objects.select_related("creator", "recipient").filter(pk=challenge_id).first()
    )
    if challenge is None or challenge.recipient is None or challenge.status != ChallengeStatus.OPEN:
        return False
    now = timezone.now()
    notified = messaging.notify(
        user=challenge.recipient,
        event=Event.CHALLENGE,
        key=f"challenge:{challenge.pk}",
        text=lambda: (
            gettext("%(creator)s invites you to %(game)s, %(clock)s.")
            % {
                "creator": challenge.creator.username,
                "game": challenge.board_label,
                "clock": challenge.clock_label,
            }
        ),
        url=reverse("games:challenge", args=[challenge.pk]),
        now=now,
        mail=lambda: mail.challenge_mail(challenge=challenge),
    )
    return notified.mailed


@notice_task("games.notify_challenge_answered")
def notify_challenge_answered(challenge_id: int, paired: bool = False) -> bool:
    """Tell the creator that their invitation was declined or accepted, or that auto-match
    (`paired`) started a game from their open challenge."""
    challenge = (
        Challenge.objects.select_related("creator", "recipient", "game")
        .filter(pk=challenge_id)
        .first()
    )
    if challenge is None or challenge.status not in (
        ChallengeStatus.DECLINED,
        ChallengeStatus.ACCEPTED,
    ):
        return False
    now = timezone.now()

    def text() -> str:
        # Written in the creator's language: messaging.notify calls it.
        names = {
            "who": challenge.recipient.username if challenge.recipient else gettext("Someone"),
            "game": challenge.board_label,
        }
        if challenge.status == ChallengeStatus.DECLINED:
            return gettext("%(who)s declined your invitation to %(game)s.") % names
        if paired:
            return (
                gettext("Auto-match paired you with %(who)s: your %(game)s game has started.")
                % names
            )
        return gettext("%(who)s accepted your challenge (%(game)s).") % names

    if challenge.status == ChallengeStatus.DECLINED:
        url = reverse("games:challenge", args=[challenge.pk])
    else:
        url = reverse("games:board", args=[challenge.game_id])
    notified = messaging.notify(
        user=challenge.creator,
        event=Event.CHALLENGE_ANSWERED,
        key=f"challenge_answered:{challenge.pk}",
        text=text,
        url=url,
        now=now,
        mail=lambda: mail.challenge_answered_mail(challenge=challenge, paired=paired),
    )
    return notified.mailed


@shared_task(name="games.expire_challenges")
@sweep_metered("games.expire_challenges")
def expire_challenges() -> int:
    """Periodic (beat, hourly): close the open challenges whose expiry passed."""
    return challenges_expire(now=timezone.now())
