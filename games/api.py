"""Public API, games part: my games, a game, its SGF, moves, passes and resignations,
challenges and auto-match.

Every write goes through the same services as the site (`games.services.play`,
`.challenges`, `.automatch`) with `now=timezone.now()`; their refusals become error bodies in
`baduxsite.api` (illegal moves keep the rules' codes: occupied, suicide, ko, superko,
not_your_turn, game_over, off_board). A private game is seen only by its players: anyone else
gets 404 as on the site.
"""

from decimal import Decimal
from typing import Literal

from django.http import Http404, HttpRequest, HttpResponse
from django.utils import timezone
from ninja import Query, Router, Status
from ninja.pagination import paginate

from accounts.api_auth import ApiError, Id, Pages, api_user, errors, sentence
from accounts.selectors import user_find_by_username
from rules import CoordinateError

from . import selectors, selectors_conditional
from .api_schemas import (
    AcceptIn,
    AutoMatchIn,
    AutoMatchOut,
    ChallengeIn,
    ChallengeOut,
    ConditionalIn,
    ConditionalOut,
    GameDetailOut,
    GameOut,
    MoveIn,
    SettingsIn,
    TurnIn,
    challenge_out,
    game_detail_out,
    game_out,
)
from .errors import NotAPlayer
from .game_settings import GameSettings
from .models import Challenge, Game
from .presenters import game_sgf
from .replay import game_replay
from .services import automatch, challenges, conditional, play

router = Router(tags=["games"])
challenge_router = Router(tags=["challenges"])

# Documented error responses of the game actions.
TURN_ERRORS = errors(400, 403, 404, 409, 422)


def _viewable(request: HttpRequest, game_id: int) -> Game:
    """The game if the token's player may see it (public, or theirs); Http404 otherwise."""
    game = selectors.game_get(game_id=game_id)
    if not selectors.game_can_view(game=game, user=api_user(request)):
        raise Http404("No such game.")
    return game


def _detail(request: HttpRequest, game: Game) -> GameDetailOut:
    return game_detail_out(
        game, game_replay(game), viewer_id=api_user(request).pk, now=timezone.now()
    )


def _settings(body: SettingsIn) -> GameSettings:
    data = body.model_dump(include=set(GameSettings.names()), exclude_none=True)
    if "komi" in data:
        # GameSettings keeps komi as a Decimal of half points, like the form.
        data["komi"] = Decimal(str(data["komi"]))
    return GameSettings.from_mapping(data)


@router.get(
    "/games",
    response={200: list[GameOut], **errors(422)},
    summary="My games",
)
@paginate(Pages)
def games_list(request: HttpRequest, state: Literal["running", "finished"] = "running"):
    """The player's games. `running`: those where it is their turn first, then by time left
    (the most urgent first); `finished`: the most recent first."""
    user = api_user(request)
    now = timezone.now()
    if state == "running":
        games = selectors.games_running_for(user=user)
    else:
        games = selectors.games_finished_for(user=user)
    return _Mapped(games, lambda game: game_out(game, viewer_id=user.pk, now=now))


class _Mapped:
    """A list or queryset whose slices are turned into schemas (what `paginate` slices)."""

    def __init__(self, rows, convert) -> None:
        self.rows, self.convert = rows, convert

    def __getitem__(self, index: slice) -> list:
        return [self.convert(row) for row in self.rows[index]]

    def __len__(self) -> int:
        rows = self.rows
        return len(rows) if isinstance(rows, list) else rows.count()


@router.get("/games/{game_id}", response={200: GameDetailOut, **errors(404, 422)}, summary="A game")
def game_detail(request: HttpRequest, game_id: Id) -> GameDetailOut:
    """A game with its position, moves, clocks, result and count (with the stones the count
    was unsure of). A private game is found only by its players."""
    return _detail(request, _viewable(request, game_id))


@router.get(
    "/games/{game_id}/sgf",
    # The 200 response is documented below: SGF text, not JSON.
    response=errors(404, 422),
    summary="A game's SGF record",
    openapi_extra={
        "responses": {
            200: {
                "description": "The SGF record (the hex convention of the site for Badux).",
                "content": {"application/x-go-sgf": {"schema": {"type": "string"}}},
            }
        }
    },
)
def game_sgf_get(request: HttpRequest, game_id: Id) -> HttpResponse:
    """The game record as SGF text, as the site's download gives it."""
    game = _viewable(request, game_id)
    return HttpResponse(game_sgf(game=game), content_type="application/x-go-sgf; charset=utf-8")


@router.post("/games/{game_id}/move", response={200: GameDetailOut, **TURN_ERRORS}, summary="Play")
def game_move(request: HttpRequest, game_id: Id, body: MoveIn) -> GameDetailOut:
    """Play a stone at `point` (the board's label, `D4`). Refusals: 400 `invalid_point` or
    `off_board`, 403 `not_a_player`, 404 `not_found`, 409 with the rules' code (`occupied`,
    `suicide`, `ko`, `superko`, `not_your_turn`, `game_over`), 409 `stale_move_number`, 409
    `timeout` (your time ran out first: the game ended). Needs a play token."""
    game = _viewable(request, game_id)
    try:
        point = game.topology.parse(body.point)
    except CoordinateError as error:
        code = "off_board" if "off the" in str(error) else "invalid_point"
        raise ApiError(400, code, sentence(str(error))) from error
    game = play.game_move(
        game_id=game.pk,
        user=api_user(request),
        point=point,
        expected_move_number=body.expected_move_number,
        now=timezone.now(),
    )
    return _detail(request, selectors.game_get(game_id=game.pk))


@router.post("/games/{game_id}/pass", response={200: GameDetailOut, **TURN_ERRORS}, summary="Pass")
def game_pass(request: HttpRequest, game_id: Id, body: TurnIn) -> GameDetailOut:
    """Pass. Two passes in a row end the game, which is then counted. Refusals as for a
    move. Needs a play token."""
    game = _viewable(request, game_id)
    play.game_pass(
        game_id=game.pk,
        user=api_user(request),
        expected_move_number=body.expected_move_number,
        now=timezone.now(),
    )
    return _detail(request, selectors.game_get(game_id=game.pk))


@router.post(
    "/games/{game_id}/resign", response={200: GameDetailOut, **TURN_ERRORS}, summary="Resign"
)
def game_resign(request: HttpRequest, game_id: Id, body: TurnIn) -> GameDetailOut:
    """Resign (on either player's turn). Refusals as for a move. Needs a play token."""
    game = _viewable(request, game_id)
    play.game_resign(
        game_id=game.pk,
        user=api_user(request),
        expected_move_number=body.expected_move_number,
        now=timezone.now(),
    )
    return _detail(request, selectors.game_get(game_id=game.pk))


def _conditional_out(game: Game, tree: list[dict] | None) -> ConditionalOut:
    lines = selectors_conditional.conditional_lines(game=game, tree=tree)
    return ConditionalOut(tree=tree or [], lines=lines)


@router.get(
    "/games/{game_id}/conditional",
    response={200: ConditionalOut, **errors(403, 404, 422)},
    summary="Your conditional moves",
)
def conditional_get(request: HttpRequest, game_id: Id) -> ConditionalOut:
    """Your tree of answers in one of your games (`tree: []` when you have none). Only its
    owner ever sees a tree: 403 `not_a_player` for anyone else."""
    game = _viewable(request, game_id)
    user = api_user(request)
    if game.colour_of(user) is None:
        raise NotAPlayer("Only the players of this game have conditional moves.")
    return _conditional_out(
        game, selectors_conditional.conditional_moves_get(game_id=game.pk, user=user)
    )


@router.post(
    "/games/{game_id}/conditional",
    response={200: ConditionalOut, **TURN_ERRORS},
    summary="Leave conditional moves",
)
def conditional_set(request: HttpRequest, game_id: Id, body: ConditionalIn) -> ConditionalOut:
    """Replace your tree of answers while your opponent is to play. When their move matches a
    branch, its answer is played at once (legality, clocks and notices as for any move) and the
    tree moves one level down; a move off the tree clears it. Refusals: 400 `invalid` (shape,
    codes, limits, or a branch the rules refuse, named in the message), 403 `not_a_player`,
    404 `not_found`, 409 `your_turn`, `game_over` or `stale_move_number`. Needs a play token."""
    game = _viewable(request, game_id)
    stored = conditional.conditional_moves_set(
        game_id=game.pk,
        user=api_user(request),
        tree=body.tree,
        expected_move_number=body.expected_move_number,
        now=timezone.now(),
    )
    return _conditional_out(game, stored.tree)


@router.post(
    "/games/{game_id}/conditional/clear",
    response={200: ConditionalOut, **errors(403, 404, 422)},
    summary="Clear conditional moves",
)
def conditional_clear(request: HttpRequest, game_id: Id) -> ConditionalOut:
    """Delete your tree of answers (nothing happens when you have none). Needs a play token."""
    game = _viewable(request, game_id)
    user = api_user(request)
    if game.colour_of(user) is None:
        raise NotAPlayer("Only the players of this game have conditional moves.")
    conditional.conditional_moves_clear(game_id=game.pk, user=user)
    return _conditional_out(game, None)


# Challenges -----------------------------------------------------------------------------------


@challenge_router.get(
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
    rows = selectors.challenges_open(
        viewer=api_user(request),
        now=timezone.now(),
        board_kind=board_kind or "",
        board_size=board_size,
    )
    return _Mapped(rows, challenge_out)


@challenge_router.get(
    "/challenges/received",
    response={200: list[ChallengeOut], **errors(422)},
    summary="Invitations to me",
)
@paginate(Pages)
def challenges_received(request: HttpRequest):
    """Open invitations sent to you, newest first: accept or decline them."""
    rows = selectors.challenges_received(user=api_user(request), now=timezone.now())
    return _Mapped(rows.select_related("recipient"), challenge_out)


@challenge_router.get(
    "/challenges/sent",
    response={200: list[ChallengeOut], **errors(422)},
    summary="My open challenges",
)
@paginate(Pages)
def challenges_sent(request: HttpRequest):
    """Your open challenges and invitations (your places in the auto-match queue too),
    newest first: cancel them to withdraw."""
    rows = selectors.challenges_sent(user=api_user(request), now=timezone.now())
    return _Mapped(rows.select_related("creator"), challenge_out)


@challenge_router.post(
    "/challenges",
    response={201: ChallengeOut, **errors(400, 403, 404, 422)},
    summary="Create a challenge",
)
def challenge_create(request: HttpRequest, body: ChallengeIn):
    """An open challenge in the Waiting Room, or with `recipient` an invitation to that
    player. Refusals: 400 `invalid_setting`, 403 `contact_refused`, 404 `not_found` (no such
    recipient), 429 `rate_limited` (the site's flood limits). Needs a play token."""
    recipient = None
    if body.recipient is not None:
        recipient = user_find_by_username(username=body.recipient)
        if recipient is None:
            raise Http404("There is no player with that name.")
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
    return selectors.challenge_get(challenge_id=challenge_id)


@challenge_router.post(
    "/challenges/{challenge_id}/accept",
    response={200: GameOut, **errors(403, 404, 409, 422)},
    summary="Accept a challenge",
)
def challenge_accept(request: HttpRequest, challenge_id: Id, body: AcceptIn) -> GameOut:
    """Accept an open challenge or an invitation to you: the game starts. Refusals: 403
    `not_a_player` (an invitation to someone else), 403 `contact_refused`, 409
    `challenge_closed` or `own_challenge`. Needs a play token."""
    user = api_user(request)
    _challenge(challenge_id)
    game = challenges.challenge_accept(
        challenge_id=challenge_id, user=user, now=timezone.now(), acceptor_colour=body.colour
    )
    return game_out(selectors.game_get(game_id=game.pk), viewer_id=user.pk, now=timezone.now())


@challenge_router.post(
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


@challenge_router.post(
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


@challenge_router.post(
    "/automatch",
    response={200: AutoMatchOut, **errors(400, 403, 422)},
    summary="Auto-match",
)
def auto_match(request: HttpRequest, body: AutoMatchIn) -> AutoMatchOut:
    """Join the longest-waiting open challenge with exactly these settings (`game` is the
    started game), or wait in the queue (`challenge` is your place; cancel it to leave).
    Needs a play token."""
    user = api_user(request)
    now = timezone.now()
    found = automatch.challenge_auto_match(
        user=user, settings=_settings(body), now=now, creator_colour=body.creator_colour
    )
    if isinstance(found, Game):
        game = selectors.game_get(game_id=found.pk)
        return AutoMatchOut(game=game_out(game, viewer_id=user.pk, now=now), challenge=None)
    return AutoMatchOut(game=None, challenge=challenge_out(_challenge(found.pk)))
