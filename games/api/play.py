"""Public API, games part: my games, a game, its SGF, moves, passes and resignations."""

from decimal import Decimal
from typing import Literal

from django.http import Http404, HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext
from ninja import Router
from ninja.pagination import paginate

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
from games.game_settings import GameSettings
from games.models import Game
from games.pages.sgf import game_sgf
from games.replay import game_replay
from games.selectors import play as selectors
from games.selectors import status as status_selectors
from games.services import play

router = Router(tags=["games"])

# Documented error responses of the game actions.
TURN_ERRORS = body_errors(403, 404, 409, 422)


def _viewable(request: HttpRequest, game_id: int) -> Game:
    """The game if the token's player may see it (public, or theirs); Http404 otherwise."""
    game = selectors.game_get(game_id=game_id)
    if not selectors.game_can_view(game=game, user=api_user(request)):
        raise Http404(gettext("No such game."))
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


@router.post("/games/{game_id}/move", response={200: GameDetailOut, **TURN_ERRORS}, summary="Play")
def game_move(request: HttpRequest, game_id: Id, body: MoveIn) -> GameDetailOut:
    """Play a stone at `point` (the board's label, `D4`). Refusals: 400 `invalid_point` or
    `off_board`, 403 `not_a_player`, 404 `not_found`, 409 with the rules' code (`occupied`,
    `suicide`, `ko`, `superko`, `not_your_turn`, `game_over`), 409 `stale_move_number`, 409
    `timeout` (your time ran out first: the game ended). Needs a play token."""
    game = _viewable(request, game_id)
    # A CoordinateError carries its code ("invalid_point", "off_board": core.refusals).
    point = game.topology.parse(body.point)
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
