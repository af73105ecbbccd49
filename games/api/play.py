"""Public API, games part: my games, a game, its SGF, moves, passes and resignations, and
annulling an adjourned game."""

from decimal import Decimal
from typing import Literal

from django.conf import settings
from django.db import DatabaseError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone
from django.utils.translation import gettext
from ninja import Router
from ninja.pagination import paginate

import rules
from accounts.api.auth import Id, Pages, api_user, body_errors, errors
from games.api.schemas import (
    GameDetailOut,
    GameOut,
    MoveIn,
    SettingsIn,
    TurnIn,
    game_detail_out,
    game_out,
)
from games.errors import StalePage
from games.game_settings import GameSettings
from games.models import PASS_TOKEN, Game
from games.moves import game_state
from games.pages.sgf import game_sgf
from games.selectors import play as selectors
from games.selectors import status as status_selectors
from games.services import adjournments, play

router = Router(tags=["games"])

# Documented error responses of the game actions; the turns (move, pass, resign) may also
# answer 503 `turn_recorded` (`_after_turn`).
TURN_ERRORS = body_errors(403, 404, 409, 422)
TURN_DONE_ERRORS = body_errors(403, 404, 409, 422, 503)


def _viewable(request: HttpRequest, game_id: int) -> Game:
    """The game if the token's player may see it (public, or theirs); Http404 otherwise."""
    game = selectors.game_get(game_id=game_id)
    if not selectors.game_can_view(game=game, user=api_user(request)):
        raise Http404(gettext("No such game."))
    return game


def _detail(request: HttpRequest, game: Game) -> GameDetailOut:
    return game_detail_out(
        game, game_state(game), viewer_id=api_user(request).pk, now=timezone.now()
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
        games = status_selectors.games_running_for(user=user)
        status_selectors.players_load(games=games)
        return _Mapped(games, lambda game: game_out(game, viewer_id=user.pk, now=now))
    return _Mapped(_FinishedGames(user), lambda game: game_out(game, viewer_id=user.pk, now=now))


class _FinishedGames:
    """A player's finished games as `paginate` slices them: each slice is the status page's
    read (games.selectors.status.games_finished_slice, the count with the rows), with its
    players; the count is read apart only for a slice past the end."""

    def __init__(self, user) -> None:
        self.user, self.listed = user, None

    def __getitem__(self, index: slice) -> list[Game]:
        games, self.listed = status_selectors.games_finished_slice(
            user=self.user, start=index.start or 0, stop=index.stop
        )
        status_selectors.players_load(games=games)
        return games

    def count(self) -> int:
        if self.listed is None:
            self.listed = status_selectors.games_finished_for(user=self.user).count()
        return self.listed


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


def _after_turn(
    request: HttpRequest, game_id: int, move_number: int
) -> GameDetailOut | HttpResponse:
    """The game after a turn that committed; when reading it back fails (the database went
    away just after the commit), 503 `turn_recorded` with Retry-After, saying the turn was
    played, so the client reads the game again rather than thinking it lost."""
    try:
        return _detail(request, selectors.game_get(game_id=game_id))
    except DatabaseError:
        message = gettext(
            "Your turn was recorded (the game is at move %(number)s), but the game could not "
            "be read back just now. Read the game again in a moment; sending the same move "
            "again answers with the game."
        ) % {"number": move_number}
        response = JsonResponse({"code": "turn_recorded", "message": message}, status=503)
        response["Retry-After"] = str(settings.DATABASE_RETRY_AFTER)
        return response


def _played_already(game: Game, user, code: str, expected_move_number: int | None) -> bool:
    """Whether the game's move `expected_move_number + 1` is `user`'s, with move code `code`:
    the same move sent again (its answer was lost), which is answered with the game."""
    codes = game.move_codes()
    if expected_move_number is None or not 0 <= expected_move_number < len(codes):
        return False
    first = game.first_to_move
    colour = first if expected_move_number % 2 == 0 else rules.other(first)
    return game.colour_of(user) == colour and codes[expected_move_number] == code


@router.post(
    "/games/{game_id}/move", response={200: GameDetailOut, **TURN_DONE_ERRORS}, summary="Play"
)
def game_move(request: HttpRequest, game_id: Id, body: MoveIn) -> GameDetailOut:
    """Play a stone at `point` (the board's label, `D4`). Refusals: 400 `invalid_point` or
    `off_board`, 403 `not_a_player`, 403 `suspended` (the site's moderators suspended you; the
    message says why and until when), 404 `not_found`, 409 with the rules' code (`occupied`,
    `suicide`, `ko`, `superko`, `not_your_turn`, `game_over`), 409 `stale_move_number`, 409
    `timeout` (your time ran out first: the game ended). Needs a play token.

    The same move sent again with the same `expected_move_number` (its answer was lost)
    answers 200 with the game, as the first did. 503 `turn_recorded`: the move was played but
    the game could not be read back; read it again after Retry-After."""
    game = _viewable(request, game_id)
    user = api_user(request)
    # A CoordinateError carries its code ("invalid_point", "off_board": core.refusals).
    point = game.topology.parse(body.point)
    try:
        game = play.game_move(
            game_id=game.pk,
            user=user,
            point=point,
            expected_move_number=body.expected_move_number,
            now=timezone.now(),
        )
    except StalePage:
        game = selectors.game_get(game_id=game.pk)
        code = game.topology.sgf(point)
        if not _played_already(game, user, code, body.expected_move_number):
            raise
    return _after_turn(request, game.pk, game.move_number)


@router.post(
    "/games/{game_id}/pass", response={200: GameDetailOut, **TURN_DONE_ERRORS}, summary="Pass"
)
def game_pass(request: HttpRequest, game_id: Id, body: TurnIn) -> GameDetailOut:
    """Pass. Two passes in a row end the game, which is then counted. Refusals, a pass sent
    again and 503 `turn_recorded` as for a move. Needs a play token."""
    game = _viewable(request, game_id)
    user = api_user(request)
    try:
        game = play.game_pass(
            game_id=game.pk,
            user=user,
            expected_move_number=body.expected_move_number,
            now=timezone.now(),
        )
    except StalePage:
        game = selectors.game_get(game_id=game.pk)
        if not _played_already(game, user, PASS_TOKEN, body.expected_move_number):
            raise
    return _after_turn(request, game.pk, game.move_number)


@router.post(
    "/games/{game_id}/resign", response={200: GameDetailOut, **TURN_DONE_ERRORS}, summary="Resign"
)
def game_resign(request: HttpRequest, game_id: Id, body: TurnIn) -> GameDetailOut:
    """Resign (on either player's turn). Refusals and 503 `turn_recorded` as for a move.
    Needs a play token."""
    game = _viewable(request, game_id)
    game = play.game_resign(
        game_id=game.pk,
        user=api_user(request),
        expected_move_number=body.expected_move_number,
        now=timezone.now(),
    )
    return _after_turn(request, game.pk, game.move_number)


@router.post(
    "/games/{game_id}/annul", response={200: GameDetailOut, **TURN_ERRORS}, summary="Annul"
)
def game_annul(request: HttpRequest, game_id: Id) -> GameDetailOut:
    """Annul a game the moderators adjourned while your opponent is suspended (its `adjourned`
    field is set): it ends at once with no result (`result` `Void`, `end_reason` `annulled`),
    nobody wins and it is not rated; this cannot be undone (the site asks first; here the call
    is the decision). Refusals: 403 `not_a_player`, 403 `suspended` (you are suspended
    yourself), 404 `not_found`, 409 `not_adjourned` (the game is not adjourned: it runs, it
    resumed or it is over). Needs a play token."""
    game = _viewable(request, game_id)
    game = adjournments.game_annul(game_id=game.pk, user=api_user(request), now=timezone.now())
    return _detail(request, game)
