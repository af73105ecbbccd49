"""Challenges: open challenges in the Waiting Room and direct invitations, from creation to
the game they start (or their decline, cancellation or expiry)."""

from __future__ import annotations

import datetime as dt
import random

from django.conf import settings as django_settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext, gettext_lazy

from accounts.models import User
from accounts.moderation.selectors import moderation_challenge_check, moderation_play_check
from accounts.selectors import ContactRefused, contact_refusal_reason
from core.limits import limit_enforce
from core.outbox import enqueue_on_commit
from games.bots.limits import bot_games_limit_enforce
from games.bots.queue import bot_challenge_queue, runs
from games.errors import ChallengeClosed, NotAPlayer
from games.game_settings import GameSettings
from games.models import Challenge, ChallengeStatus, ColourChoice, Game
from games.services.play import game_start

DEFAULT_CHALLENGE_EXPIRY_DAYS = 14
MESSAGE_MAX_LENGTH = 500
# Why a challenge can no longer be accepted, by its status.
_CLOSED = {
    ChallengeStatus.ACCEPTED: gettext_lazy("This challenge is no longer open: it was accepted."),
    ChallengeStatus.DECLINED: gettext_lazy("This challenge is no longer open: it was declined."),
    ChallengeStatus.EXPIRED: gettext_lazy("This challenge is no longer open: it was expired."),
    ChallengeStatus.CANCELLED: gettext_lazy("This challenge is no longer open: it was cancelled."),
}


def challenge_expiry_days() -> int:
    """Days an unanswered challenge stays open: setting GAMES_CHALLENGE_EXPIRY_DAYS (14)."""
    return int(
        getattr(django_settings, "GAMES_CHALLENGE_EXPIRY_DAYS", DEFAULT_CHALLENGE_EXPIRY_DAYS)
    )


def colour_check(colour: str) -> str:
    """`colour` if it is a colour choice ('black', 'white', 'random'); ValidationError else."""
    if colour not in ColourChoice.values:
        raise ValidationError(gettext("Unknown colour '%(colour)s'.") % {"colour": colour})
    return colour


@transaction.atomic
def challenge_create(
    *,
    creator: User,
    settings: GameSettings,
    now: dt.datetime,
    creator_colour: str = ColourChoice.RANDOM,
    message: str = "",
    recipient: User | None = None,
) -> Challenge:
    """Create an open challenge (`recipient` None) or a direct invitation with `settings`.

    Raises ValidationError for a bad colour or a message over 500 characters, ContactRefused
    when either player ignores the other, and RateLimited (a ValidationError) past the flood
    limits: "invitation", "invitation_day" and "invitation_pair" for invitations (each one
    mails its recipient), "challenge" for open challenges, and those of games against bots
    (games.bots.limits) for invitations to a bot the site plays for. The recipient of an
    invitation is told after the commit. Suspended when a moderator suspended or banned the
    creator, Muted when they are muted and challenge a stranger (accounts.moderation).
    """
    colour_check(creator_colour)
    moderation_challenge_check(user=creator, recipient=recipient, now=now)
    if len(message) > MESSAGE_MAX_LENGTH:
        raise ValidationError(
            gettext("The message is at most %(MESSAGE_MAX_LENGTH)s characters.")
            % {"MESSAGE_MAX_LENGTH": MESSAGE_MAX_LENGTH}
        )
    if recipient is not None:
        reason = contact_refusal_reason(sender=creator, recipient=recipient)
        if reason is not None:
            raise ContactRefused(reason)
    _limit_check(creator, recipient, now)
    challenge = Challenge.objects.create(
        creator=creator,
        recipient=recipient,
        creator_colour=creator_colour,
        message=message.strip(),
        created=now,
        expires=now + dt.timedelta(days=challenge_expiry_days()),
        **settings.columns(),
    )
    if recipient is not None and not bot_challenge_queue(challenge=challenge):
        enqueue_on_commit("games.notify_challenge", challenge.pk)
    return challenge


def _limit_check(creator: User, recipient: User | None, now: dt.datetime) -> None:
    made = Challenge.objects.filter(creator=creator)
    if recipient is None:
        limit_enforce(
            name="challenge", rows=made.filter(recipient__isnull=True), now=now, sender=creator
        )
        return
    # Accepted ones are left out: they mailed nobody who did not want it, and an accepted open
    # challenge also has its recipient set.
    invitations = made.filter(recipient__isnull=False).exclude(status=ChallengeStatus.ACCEPTED)
    limit_enforce(name="invitation", rows=invitations, now=now, sender=creator)
    limit_enforce(name="invitation_day", rows=invitations, now=now)
    limit_enforce(name="invitation_pair", rows=invitations.filter(recipient=recipient), now=now)
    if runs(recipient):
        bot_games_limit_enforce(user=creator, now=now)


def _locked_open_challenge(challenge_id: int, now: dt.datetime) -> Challenge:
    challenge = (
        Challenge.objects.select_for_update(of=("self",))
        .select_related("creator", "recipient")
        .get(pk=challenge_id)
    )
    if challenge.status == ChallengeStatus.OPEN and challenge.expires <= now:
        challenge.status = ChallengeStatus.EXPIRED
        challenge.closed = now
        challenge.save(update_fields=["status", "closed"])
    if challenge.status != ChallengeStatus.OPEN:
        raise ChallengeClosed(str(_CLOSED[challenge.status]))
    return challenge


def challenge_accept(
    *,
    challenge_id: int,
    user: User,
    now: dt.datetime,
    rng: random.Random | None = None,
    acceptor_colour: str | None = None,
    paired: bool = False,
) -> Game:
    """Accept a challenge and start the game. Atomic: of two players accepting the same open
    challenge at once exactly one gets the game; the other gets ChallengeClosed.

    Raises NotAPlayer when an invitation is meant for someone else, ContactRefused when either
    player ignores the other, ChallengeClosed when it is no longer open (a ChallengeClosed for an
    expired challenge still records the expiry). `rng` decides a random colour (tests);
    `acceptor_colour` ('black'/'white') is honoured when the creator left the colour random.
    `paired` is True when auto-match took the challenge, so the creator is told they were
    paired rather than that their challenge was accepted. Suspended when a moderator
    suspended or banned `user`.
    """
    moderation_play_check(user=user, now=now)
    try:
        with transaction.atomic():
            challenge = _locked_open_challenge(challenge_id, now)
            return _accept_locked(
                challenge, user, now, rng or random.SystemRandom(), acceptor_colour, paired
            )
    except ChallengeClosed:
        # The expiry may just have been written and rolled back; keep it though we refuse.
        _expire_if_due(challenge_id, now)
        raise


def _expire_if_due(challenge_id: int, now: dt.datetime) -> None:
    Challenge.objects.filter(pk=challenge_id, status=ChallengeStatus.OPEN, expires__lte=now).update(
        status=ChallengeStatus.EXPIRED, closed=now
    )


def _colours(
    challenge: Challenge, user: User, rng: random.Random, acceptor_colour: str | None
) -> tuple[User, User]:
    """(black, white) of the game `user` starts by accepting `challenge`."""
    colour = challenge.creator_colour
    if colour == ColourChoice.RANDOM and acceptor_colour == ColourChoice.BLACK:
        colour = ColourChoice.WHITE
    elif colour == ColourChoice.RANDOM and acceptor_colour == ColourChoice.WHITE:
        colour = ColourChoice.BLACK
    elif colour == ColourChoice.RANDOM:
        colour = rng.choice((ColourChoice.BLACK, ColourChoice.WHITE))
    if colour == ColourChoice.BLACK:
        return challenge.creator, user
    return user, challenge.creator


def _accept_locked(
    challenge: Challenge,
    user: User,
    now: dt.datetime,
    rng: random.Random,
    acceptor_colour: str | None,
    paired: bool,
) -> Game:
    if challenge.creator_id == user.pk:
        raise ChallengeClosed(
            gettext("You cannot accept your own challenge."), code="own_challenge"
        )
    if challenge.recipient_id is not None and challenge.recipient_id != user.pk:
        raise NotAPlayer(gettext("This invitation is for another player."))
    reason = contact_refusal_reason(sender=user, recipient=challenge.creator)
    if reason is not None:
        raise ContactRefused(reason)
    black, white = _colours(challenge, user, rng, acceptor_colour)
    game = game_start(
        black=black, white=white, settings=challenge.settings, now=now, started_by=user
    )
    challenge.status = ChallengeStatus.ACCEPTED
    challenge.closed = now
    challenge.game = game
    if challenge.recipient_id is None:
        challenge.recipient = user
    challenge.save(update_fields=["status", "closed", "game", "recipient"])
    enqueue_on_commit("games.notify_challenge_answered", challenge.pk, paired)
    return game


@transaction.atomic
def challenge_decline(*, challenge_id: int, user: User, now: dt.datetime) -> Challenge:
    """The recipient declines an invitation; the creator is told after the commit."""
    challenge = _locked_open_challenge(challenge_id, now)
    if challenge.recipient_id != user.pk:
        raise NotAPlayer(gettext("Only the invited player can decline this invitation."))
    challenge.status = ChallengeStatus.DECLINED
    challenge.closed = now
    challenge.save(update_fields=["status", "closed"])
    enqueue_on_commit("games.notify_challenge_answered", challenge.pk)
    return challenge


@transaction.atomic
def challenge_cancel(*, challenge_id: int, user: User, now: dt.datetime) -> Challenge:
    """The creator withdraws an open challenge or invitation."""
    challenge = _locked_open_challenge(challenge_id, now)
    if challenge.creator_id != user.pk:
        raise NotAPlayer(gettext("Only the player who made this challenge can cancel it."))
    challenge.status = ChallengeStatus.CANCELLED
    challenge.closed = now
    challenge.save(update_fields=["status", "closed"])
    return challenge


def challenges_expire(*, now: dt.datetime) -> int:
    """Mark every open challenge past its expiry as expired; returns how many. The beat task
    `games.expire_challenges` runs it hourly; pages already hide expired challenges."""
    return Challenge.objects.filter(status=ChallengeStatus.OPEN, expires__lte=now).update(
        status=ChallengeStatus.EXPIRED, closed=now
    )
