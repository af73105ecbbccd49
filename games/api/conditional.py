"""Public API, conditional moves: read, set and clear a player's conditional moves in a game."""

from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext
from ninja import Router

from accounts.api.auth import Id, api_user, errors
from games.api.play import TURN_ERRORS, _viewable
from games.api.schemas import (
    ConditionalIn,
    ConditionalOut,
)
from games.models import Game
from games.selectors import conditional as selectors_conditional
from games.selectors.play import game_player_check
from games.services import conditional

router = Router(tags=["games"])


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
    game_player_check(
        game=game,
        user=user,
        refusal=gettext("Only the players of this game have conditional moves."),
    )
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
    game_player_check(
        game=game,
        user=user,
        refusal=gettext("Only the players of this game have conditional moves."),
    )
    conditional.conditional_moves_clear(game_id=game.pk, user=user)
    return _conditional_out(game, None)
