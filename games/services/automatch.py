"""The auto-match queue: a player asks for a game with given settings and is paired at once
with a compatible waiting player, or waits in the queue (an open challenge in the Waiting Room)
until one comes."""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from accounts.models import User
from accounts.selectors import contact_refusal_reason
from core.sql import transaction_lock
from games import hooks
from games.errors import ChallengeClosed
from games.game_settings import GameSettings
from games.models import Challenge, ChallengeStatus, ColourChoice, Game
from games.services.challenges import challenge_accept, challenge_create, colour_check

_COMPATIBLE_COLOURS = {
    ColourChoice.BLACK: (ColourChoice.WHITE, ColourChoice.RANDOM),
    ColourChoice.WHITE: (ColourChoice.BLACK, ColourChoice.RANDOM),
    ColourChoice.RANDOM: (ColourChoice.BLACK, ColourChoice.WHITE, ColourChoice.RANDOM),
}
CANDIDATES = 50


def _queue_lock(settings: GameSettings) -> None:
    """Serialise joins of the queue for these settings until the transaction ends, so two
    players joining at once cannot both miss each other and both wait (core.sql.transaction_lock:
    an advisory lock on PostgreSQL; SQLite already runs one writer at a time)."""
    transaction_lock(name=repr(sorted(settings.columns().items())))


@transaction.atomic
def challenge_automatch(
    *,
    user: User,
    settings: GameSettings,
    now: dt.datetime,
    creator_colour: str = ColourChoice.RANDOM,
    message: str = "",
) -> Game | Challenge:
    """Join the longest-waiting open challenge with exactly `settings` and a compatible colour,
    or wait in the queue (an open challenge in the Waiting Room) when none fits. Leaving the
    queue is `challenge_cancel`.

    Of the `CANDIDATES` longest-waiting compatible challenges, the one the registered match
    ranking puts first is tried first (`hooks.match_candidates_rank`: the ladder app ranks by
    closest rating); without a ranking, the longest-waiting.
    Returns the started Game or the waiting Challenge; a player already waiting with the same
    settings and colour gets that challenge back instead of a second place in the queue.
    Challenges of players who ignore `user` (or whom `user` ignores) are skipped; one taken by
    someone else meanwhile is skipped too. Joins of one queue run one at a time.
    """
    colour_check(creator_colour)
    _queue_lock(settings)
    wanted = settings.columns()
    candidates = (
        Challenge.objects.filter(
            status=ChallengeStatus.OPEN,
            recipient__isnull=True,
            expires__gt=now,
            creator_colour__in=_COMPATIBLE_COLOURS[ColourChoice(creator_colour)],
            **wanted,
        )
        .exclude(creator=user)
        .select_related("creator")
        .order_by("created", "pk")[:CANDIDATES]
    )
    candidates = hooks.match_candidates_rank(
        user=user, settings=settings, candidates=list(candidates)
    )
    for candidate in candidates:
        if contact_refusal_reason(sender=user, recipient=candidate.creator) is not None:
            continue
        try:
            return challenge_accept(
                challenge_id=candidate.pk,
                user=user,
                now=now,
                acceptor_colour=creator_colour,
                paired=True,
            )
        except ChallengeClosed:
            continue
    waiting = (
        Challenge.objects.filter(
            creator=user,
            status=ChallengeStatus.OPEN,
            recipient__isnull=True,
            expires__gt=now,
            creator_colour=creator_colour,
            **wanted,
        )
        .order_by("created", "pk")
        .first()
    )
    if waiting is not None:
        return waiting
    return challenge_create(
        creator=user, settings=settings, now=now, creator_colour=creator_colour, message=message
    )
