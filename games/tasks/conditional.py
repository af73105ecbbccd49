"""Notices about conditional moves, run by Celery after the commit (imported by games.tasks so
that autodiscovery registers them).

As the other game notices (`games.tasks`), each reloads the game, checks that the news is still
true and hands it to `messaging.notifications.services.notify`, once per dedupe key: running one
twice or
late sends nothing twice."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext, gettext_lazy

import rules
from games.mail import notice_send
from games.models import PASS_TOKEN, Game
from games.notifications import CONDITIONAL_MOVE
from games.selectors.game_row import game_row_get
from games.services.conditional_tree import code_name
from messaging.notifications.notice_tasks import notice_task

_REASONS = {
    "occupied": gettext_lazy("the point is taken"),
    "suicide": gettext_lazy("it would be suicide"),
    "ko": gettext_lazy("it would retake a ko at once"),
    "superko": gettext_lazy("it would repeat an earlier position"),
}


def _name(game: Game, code: str) -> str:
    return code_name("pass" if code == PASS_TOKEN else code, game.topology)


def _send(*, game: Game, owner, key: str, text: Callable[[], str]) -> bool:
    # The words are functions: notice_send writes them in the owner's language.
    return notice_send(
        user=owner,
        event=CONDITIONAL_MOVE,
        key=key,
        text=text,
        url=game.get_absolute_url(),
        subject=lambda: gettext("Your conditional move in game %(game)s") % {"game": game.pk},
        label=gettext_lazy("See the game"),
    )


@notice_task("games.notify_conditional_played")
def notify_conditional_played(game_id: int, move_number: int) -> bool:
    """Tell the owner of the answer played as move `move_number` that it was played (their
    opponent's move just before it triggered it). Returns whether a mail went out."""
    game = game_row_get(game_id=game_id)
    codes = game.move_codes() if game is not None else []
    if game is None or move_number < 2 or len(codes) < move_number:
        return False
    owner_colour = game.first_to_move if move_number % 2 else rules.other(game.first_to_move)
    owner = game.player(owner_colour)
    opponent = game.player(rules.other(owner_colour))
    move, answer = codes[move_number - 2], codes[move_number - 1]

    def text() -> str:
        return gettext(
            "Game %(game)s: %(opponent)s played %(move)s (move %(number)s) and your "
            "conditional move %(answer)s was played (move %(answer_number)s)."
        ) % {
            "game": game.pk,
            "opponent": opponent.username,
            "move": _name(game, move),
            "number": move_number - 1,
            "answer": _name(game, answer),
            "answer_number": move_number,
        }

    return _send(game=game, owner=owner, key=f"conditional:{game.pk}:{move_number}", text=text)


@notice_task("games.notify_conditional_refused")
def notify_conditional_refused(game_id: int, move_number: int, answer: str, reason: str) -> bool:
    """Tell the player to move at `move_number` that their stored answer `answer` (a move-list
    code) was refused by the rules (`reason`, an IllegalMove code) and their conditional moves
    were cleared. Returns whether a mail went out."""
    game = game_row_get(game_id=game_id)
    if game is None or game.move_number < move_number or move_number < 1:
        return False
    colour = game.first_to_move if move_number % 2 == 0 else rules.other(game.first_to_move)
    owner = game.player(colour)
    try:
        shown = _name(game, answer)
    except rules.CoordinateError:
        shown = None

    def text() -> str:
        names = {
            "game": game.pk,
            "answer": shown or gettext("your answer"),
            "number": move_number,
            "why": _REASONS.get(reason, ""),
        }
        if names["why"]:
            return (
                gettext(
                    "Game %(game)s: your conditional answer %(answer)s to move %(number)s "
                    "could not be played because %(why)s, so your conditional moves were "
                    "cleared. It is your turn."
                )
                % names
            )
        return (
            gettext(
                "Game %(game)s: your conditional answer %(answer)s to move %(number)s could not be "
                "played, so your conditional moves were cleared. It is your turn."
            )
            % names
        )

    return _send(
        game=game, owner=owner, key=f"conditional_refused:{game.pk}:{move_number}", text=text
    )
