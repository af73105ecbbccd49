"""The board in words: the game page's "Position in words" section and the questions a player
asks about the board (the keyboard cursor's commands, the typed-move preview and the poll
that announces the opponent's move).

`board_words` answers GET /games/<id>/words/?ask=...&point=D4: as JSON ({"text", "lines",
"move_number"}) with `format=json` (board.js and board_cursor.js), else as a page with the
answer and the question form again (the same questions without JavaScript). It only reads.
`&move=N` asks about the position after move N (the replay page's cursor) instead of the
game's current one. `position_answer` answers the questions about the stones alone for any
board (a review's tree too: games/reviews/views.py). A question answered is a 200; one that
cannot be (no such question, no count yet) a 400; a refusal (a point not on the board, a
preview once the game is over) says the refusal registry's message with its status.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import rules
from core.refusals import refusal_of
from games.counting import game_score
from games.game_settings import topology_label
from games.models import Game
from games.moves import game_state
from games.pages import board_text
from games.selectors.play import clock_left_label, game_clocks
from games.views.common import viewable_game
from rules import BLACK, WHITE, CoordinateError, GameOver

# The questions, in the order the form offers them; those needing a point say so.
QUESTIONS = {
    "position": gettext_lazy("The whole position, row by row"),
    "status": gettext_lazy("Whose turn, the last move, captures, ko and the clocks"),
    "chain": gettext_lazy("The chain at a point: stones and liberties"),
    "neighbours": gettext_lazy("The neighbours of a point, with directions"),
    "row": gettext_lazy("The row through a point"),
    "column": gettext_lazy("The column through a point"),
    "atari": gettext_lazy("Chains in atari"),
    "preview": gettext_lazy("What a move at a point would do"),
    "count": gettext_lazy("The count, row by row (finished games)"),
}
NEEDS_POINT = frozenset({"chain", "neighbours", "row", "column", "preview"})
# What any position answers (a review's too); the count is a finished game's own.
POSITION_QUESTIONS = frozenset(QUESTIONS) - {"count"}


def board_words_section(*, game: Game, user) -> dict:
    """What the game page's "Position in words" section shows: the summary sentences, the
    board by rows, the count by rows once counted, the board's keys and the question form."""
    state = game_state(game)
    position = state.position
    count = None
    if game.is_over:
        score = game_score(game=game, position=position)
        if score is not None:
            count = board_text.count_lines(position, score.ownership)
    return {
        # An adjourned game has no player to move: its summary leaves the turn out.
        "summary": board_text.summary_lines(position, over=game.is_over or game.is_adjourned),
        "rows": board_text.position_lines(position),
        "count": count,
        "keys": board_text.keys_help(game.topology),
        "questions": list(QUESTIONS.items()),
        "turn": turn_text(game=game, user=user),
        "clock": clock_text(game=game),
    }


def clock_text(*, game: Game) -> str:
    """Both clocks: "Time left: Black 2 days 23 hours, White 3 days." ("" once the game is over)."""
    if game.is_over:
        return ""
    clocks = game_clocks(game=game, now=timezone.now())
    left = {
        c: clock_left_label(
            left=clocks[c].left, weekend_pause=game.weekend_pause, detail=clocks[c].detail
        )
        for c in (BLACK, WHITE)
    }
    return _("Time left: Black %(black)s, White %(white)s.") % {
        "black": left[BLACK],
        "white": left[WHITE],
    }


def turn_text(*, game: Game, user) -> str:
    """Whose move it is, for the viewer: "Your turn.", "Bob to move.", "The game is over." or,
    while a moderator's decision holds it, that the game is adjourned."""
    if game.is_over:
        return _("The game is over.")
    if game.is_adjourned:
        return _("The game is adjourned: nobody moves until it resumes.")
    colour = game.colour_of(user)
    if colour is not None and colour == game.to_move:
        return _("Your turn.")
    return _("%(player)s to move.") % {"player": game.player(game.to_move).username}


def move_preview_text(*, game: Game, point: int) -> str:
    """What a stone of the player to move at `point` would do, in words (the confirmation)."""
    return board_text.preview_text(game_state(game), point)


def moved_text(*, game: Game, point: str) -> str:
    """What the page says after the viewer's own move at `point` (a coordinate the move
    service accepted): "You played G5.". The game page's status line adds whose turn it is
    ("Bob to move.", `turn_text`), so the move itself reads no player row."""
    t = game.topology
    return _("You played %(point)s.") % {"point": t.name(t.parse(point))}


def position_answer(
    *, state: rules.Game, ask: str, point_text: str, over: bool = False
) -> tuple[list[str], int]:
    """The lines answering `ask` (one of POSITION_QUESTIONS) about the position of `state`
    (the rules' game at the move shown), and the status: 200 when answered, else that of why
    not (the lines say it). `status` reads whose turn it is, the last move, the captures and
    the ko point; `over` says the game is over there (no turn to read, a preview is refused)."""
    if ask not in POSITION_QUESTIONS:
        return [_("Choose a question.")], 400
    t = state.topology
    point = None
    if ask in NEEDS_POINT:
        hint = _("Give a point of the %(board)s board, such as %(example)s.") % {
            "board": topology_label(t),
            "example": t.name(t.size // 2),
        }
        if not point_text.strip():
            return [hint], 400
        try:
            point = t.parse(point_text)
        except CoordinateError as error:
            refusal = refusal_of(error)
            return [refusal.message, hint], refusal.status
    position = state.position
    if ask == "position":
        return board_text.summary_lines(position, over=over) + board_text.position_lines(
            position
        ), 200
    if ask == "status":
        return board_text.summary_lines(position, over=over), 200
    if ask == "chain":
        return [board_text.chain_text(position, point)], 200
    if ask == "neighbours":
        return [board_text.neighbours_text(position, point)], 200
    if ask in ("row", "column"):
        return [board_text.scan_text(position, point, along=ask)], 200
    if ask == "atari":
        return [board_text.atari_text(position)], 200
    if over:
        refusal = refusal_of(GameOver(point))
        return [refusal.message], refusal.status
    return [board_text.preview_text(state, point)], 200


def _move(value: str | None, game: Game) -> int | None:
    """The move `?move=` names (0 to the game's last, clamped), or None: the game as it is."""
    try:
        number = int(value) if value else None
    except ValueError:
        return None
    if number is None or number >= game.move_number:
        return None
    return max(0, number)


def _answer(
    game: Game, user, ask: str, point_text: str, move: int | None = None
) -> tuple[list[str], int]:
    """The lines answering `ask`, and the status (200: answered; else the lines say why not),
    about the game now or, with `move`, after that move (read-only: no clocks, no count)."""
    if ask not in QUESTIONS:
        return [_("Choose a question.")], 400
    if move is not None:
        if ask == "count":
            return [_("The count belongs to the end of the game.")], 400
        return position_answer(state=game_state(game, upto=move), ask=ask, point_text=point_text)
    state = game_state(game)
    position = state.position
    if ask == "status":
        return [
            board_text.move_text(position),
            turn_text(game=game, user=user),
            *board_text.summary_lines(position, over=True)[1:],
            clock_text(game=game),
        ], 200
    if ask == "count":
        score = game_score(game=game, position=position) if game.is_over else None
        if score is None:
            return [_("The game has not been counted yet.")], 400
        return board_text.count_lines(position, score.ownership), 200
    return position_answer(state=state, ask=ask, point_text=point_text, over=game.is_over)


def board_words(request: HttpRequest, game_id: int) -> HttpResponse:
    """Answer one question about the board (module docstring), after move `?move=N` when
    given. `since=N` with `ask=status` answers {"move_number": N, "changed": false} without
    replaying while no move was made: the game page polls it to announce the opponent's move."""
    game = viewable_game(request, game_id)
    ask = request.GET.get("ask", "")
    point = request.GET.get("point", "")[:8]
    as_json = request.GET.get("format") == "json"
    since = request.GET.get("since", "")
    if as_json and ask == "status" and since == str(game.move_number):
        return JsonResponse({"move_number": game.move_number, "changed": False})
    lines, status = _answer(game, request.user, ask, point, _move(request.GET.get("move"), game))
    lines = [line for line in lines if line]
    answered = status == 200
    if as_json:
        return JsonResponse(
            {
                "move_number": game.move_number,
                "changed": True,
                "answered": answered,
                "text": " ".join(lines),
                "lines": lines,
                "to_move": "b" if game.to_move == BLACK else "w",
                "over": game.is_over,
            },
            status=status,
        )
    return render(
        request,
        "games/board_words.html",
        {
            "game": game,
            "ask": ask,
            "point": point,
            "lines": lines,
            "answered": answered,
            "questions": list(QUESTIONS.items()),
        },
        status=status,
    )
