"""Notices about conditional moves, run by Celery after the commit (imported by games.tasks so
that autodiscovery registers them).

As the other game notices (`games.tasks`), each reloads the game, checks that the news is still
true and hands it to `messaging.services.notify`, once per dedupe key: running one twice or
late sends nothing twice.
"""

from __future__ import annotations

from celery import shared_task

import rules
from messaging.mail import RETRY_OPTIONS

from .conditional_tree import code_name
from .mail import notice_send
from .models import PASS_TOKEN, Game
from .notices import CONDITIONAL_MOVE

_REASONS = {
    "occupied": "the point is taken",
    "suicide": "it would be suicide",
    "ko": "it would retake a ko at once",
    "superko": "it would repeat an earlier position",
}


def _name(game: Game, code: str) -> str:
    return code_name("pass" if code == PASS_TOKEN else code, game.topology)


def _send(*, game: Game, owner, key: str, text: str) -> bool:
    return notice_send(
        user=owner,
        event=CONDITIONAL_MOVE,
        key=key,
        text=text,
        url=game.get_absolute_url(),
        subject=f"Your conditional move in game {game.pk}",
        label="See the game",
    )


@shared_task(name="games.notify_conditional_played", **RETRY_OPTIONS)
def notify_conditional_played(game_id: int, move_number: int) -> bool:
    """Tell the owner of the answer played as move `move_number` that it was played (their
    opponent's move just before it triggered it). Returns whether a mail went out."""
    game = Game.objects.select_related("black", "white").filter(pk=game_id).first()
    codes = game.move_codes() if game is not None else []
    if game is None or move_number < 2 or len(codes) < move_number:
        return False
    owner_colour = game.first_to_move if move_number % 2 else rules.other(game.first_to_move)
    owner = game.player(owner_colour)
    opponent = game.player(rules.other(owner_colour))
    move, answer = codes[move_number - 2], codes[move_number - 1]
    text = (
        f"Game {game.pk}: {opponent.username} played {_name(game, move)} (move "
        f"{move_number - 1}) and your conditional move {_name(game, answer)} was played "
        f"(move {move_number})."
    )
    return _send(game=game, owner=owner, key=f"conditional:{game.pk}:{move_number}", text=text)


@shared_task(name="games.notify_conditional_refused", **RETRY_OPTIONS)
def notify_conditional_refused(game_id: int, move_number: int, answer: str, reason: str) -> bool:
    """Tell the player to move at `move_number` that their stored answer `answer` (a move-list
    code) was refused by the rules (`reason`, an IllegalMove code) and their conditional moves
    were cleared. Returns whether a mail went out."""
    game = Game.objects.select_related("black", "white").filter(pk=game_id).first()
    if game is None or game.move_number < move_number or move_number < 1:
        return False
    colour = game.first_to_move if move_number % 2 == 0 else rules.other(game.first_to_move)
    owner = game.player(colour)
    try:
        shown = _name(game, answer)
    except rules.CoordinateError:
        shown = "your answer"
    why = _REASONS.get(reason)
    because = f" because {why}" if why else ""
    text = (
        f"Game {game.pk}: your conditional answer {shown} to move {move_number} could not be "
        f"played{because}, so your conditional moves were cleared. It is your turn."
    )
    return _send(
        game=game, owner=owner, key=f"conditional_refused:{game.pk}:{move_number}", text=text
    )
