"""Public API, challenges part: open challenges, invitations received and sent, creating,
accepting, declining and cancelling them, and the auto-match queue.
"""

from typing import Literal

from django.http import Http404, HttpRequest
from django.utils import timezone
from django.utils.translation import gettext
from ninja import Query, Router, Status
from ninja.pagination import paginate

from accounts.api.auth import Id, Pages, api_user, body_errors, errors
from accounts.selectors import user_find_by_username
from games.api.play import _Mapped, _settings
from games.api.schemas import (
    AcceptIn,
    AutoMatchIn,
    AutoMatchOut,
    ChallengeIn,
    ChallengeOut,
    GameOut,
    challenge_out,
    game_out,
)
from games.models import Challenge, Game
from games.selectors import challenges as challenges_selectors
from games.selectors import play as selectors
from games.selectors import status as status_selectors
from games.services import automatch, challenges

router = Router(tags=["challenges"])


# Challenges -----------------------------------------------------------------------------------


@router.get(
    "/challenges", response={200: list[ChallengeOut], **errors(422)}, summary="The Waiting Room"
)
@paginate(Pages)
def challenges_open(
    request: HttpRequest,
    board_kind: Literal["square", "hex"] | None = None,
    board_size: int | None = Query(None, ge=1, le=99),
):
    """Open challenges anyone may accept, newest first (not those of players who ignore you
    or whom you ignore), optionally of one game and board size."""
    rows = challenges_selectors.challenges_open(
        viewer=api_user(request),
        now=timezone.now(),
        board_kind=board_kind or "",
        board_size=board_size,
    )
    return _Mapped(rows, challenge_out)


@router.get(
    "/challenges/received",
    response={200: list[ChallengeOut], **errors(422)},
    summary="Invitations to me",
)
@paginate(Pages)
def challenges_received(request: HttpRequest):
    """Open invitations sent to you, newest first: accept or decline them."""
    return _Mapped(_open_for(request)[0], challenge_out)


@router.get(
    "/challenges/sent",
    response={200: list[ChallengeOut], **errors(422)},
    summary="My open challenges",
)
@paginate(Pages)
def challenges_sent(request: HttpRequest):
    """Your open challenges and invitations (your places in the auto-match queue too),
    newest first: cancel them to withdraw."""
    return _Mapped(_open_for(request)[1], challenge_out)


def _open_for(request: HttpRequest) -> tuple[list[Challenge], list[Challenge]]:
    """The player's open invitations received and challenges sent, with their players: the
    status page's read."""
    received, sent = status_selectors.challenges_open_for(
        user=api_user(request), now=timezone.now()
    )
    status_selectors.players_load(challenges=[*received, *sent])
    return received, sent


@router.post(
    "/challenges",
    response={201: ChallengeOut, **body_errors(403, 404, 422)},
    summary="Create a challenge",
)
def challenge_create(request: HttpRequest, body: ChallengeIn):
    """An open challenge in the Waiting Room, or with `recipient` an invitation to that
    player. Refusals: 400 `invalid_setting`, 403 `contact_refused`, 403 `suspended`, 403
    `muted` (by the site's moderators: a muted player invites buddies only; the message says
    why and until when), 404 `not_found` (no such
    recipient), 429 `rate_limited` (the site's flood limits). Needs a play token."""
    recipient = None
    if body.recipient is not None:
        recipient = user_find_by_username(username=body.recipient)
        if recipient is None:
            raise Http404(gettext("There is no player with that name."))
    challenge = challenges.challenge_create(
        creator=api_user(request),
        settings=_settings(body),
        now=timezone.now(),
        creator_colour=body.creator_colour,
        message=body.message,
        recipient=recipient,
    )
    return Status(201, challenge_out(_challenge(challenge.pk)))


def _challenge(challenge_id: int) -> Challenge:
    return challenges_selectors.challenge_get(challenge_id=challenge_id)


@router.post(
    "/challenges/{challenge_id}/accept",
    response={200: GameOut, **body_errors(403, 404, 409, 422)},
    summary="Accept a challenge",
)
def challenge_accept(request: HttpRequest, challenge_id: Id, body: AcceptIn) -> GameOut:
    """Accept an open challenge or an invitation to you: the game starts. Refusals: 403
    `not_a_player` (an invitation to someone else), 403 `contact_refused`, 403 `suspended`, 409
    `challenge_closed` or `own_challenge`. Needs a play token."""
    user = api_user(request)
    _challenge(challenge_id)
    game = challenges.challenge_accept(
        challenge_id=challenge_id, user=user, now=timezone.now(), acceptor_colour=body.colour
    )
    return game_out(selectors.game_get(game_id=game.pk), viewer_id=user.pk, now=timezone.now())


@router.post(
    "/challenges/{challenge_id}/decline",
    response={200: ChallengeOut, **errors(403, 404, 409, 422)},
    summary="Decline an invitation",
)
def challenge_decline(request: HttpRequest, challenge_id: Id) -> ChallengeOut:
    """Decline an invitation sent to you. Refusals: 403 `not_a_player`, 409
    `challenge_closed`. Needs a play token."""
    _challenge(challenge_id)
    challenges.challenge_decline(
        challenge_id=challenge_id, user=api_user(request), now=timezone.now()
    )
    return challenge_out(_challenge(challenge_id))


@router.post(
    "/challenges/{challenge_id}/cancel",
    response={200: ChallengeOut, **errors(403, 404, 409, 422)},
    summary="Cancel my challenge",
)
def challenge_cancel(request: HttpRequest, challenge_id: Id) -> ChallengeOut:
    """Withdraw your open challenge or invitation (also your place in the auto-match queue).
    Refusals: 403 `not_a_player`, 409 `challenge_closed`. Needs a play token."""
    _challenge(challenge_id)
    challenges.challenge_cancel(
        challenge_id=challenge_id, user=api_user(request), now=timezone.now()
    )
    return challenge_out(_challenge(challenge_id))


@router.post(
    "/automatch",
    response={200: AutoMatchOut, **body_errors(403, 422)},
    summary="Auto-match",
)
def auto_match(request: HttpRequest, body: AutoMatchIn) -> AutoMatchOut:
    """Join the longest-waiting open challenge with exactly these settings (`game` is the
    started game), or wait in the queue (`challenge` is your place; cancel it to leave).
    Needs a play token."""
    user = api_user(request)
    now = timezone.now()
    found = automatch.challenge_automatch(
        user=user, settings=_settings(body), now=now, creator_colour=body.creator_colour
    )
    if isinstance(found, Game):
        game = selectors.game_get(game_id=found.pk)
        return AutoMatchOut(game=game_out(game, viewer_id=user.pk, now=now), challenge=None)
    return AutoMatchOut(game=None, challenge=challenge_out(_challenge(found.pk)))
