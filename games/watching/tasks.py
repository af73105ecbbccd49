"""Tasks of watch and follow: the notices of a watched game's move, one task per move for all
its watchers (queued through the outbox in the move's transaction)."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

from games.mail import notice_send
from games.models import PASS_TOKEN, Game, GameStatus
from games.watching.notifications import WATCHED_GAME
from games.watching.selectors import watchers_of
from messaging.notifications.notice_tasks import notice_task
from rules import BLACK, other


def _move_said(game: Game, move_number: int) -> str:
    """'Black played D4 at move 12.' (or passed) for move `move_number` of the stored list,
    in the reader's language, without replaying the game."""
    codes = game.move_codes()
    if not 0 < move_number <= len(codes):
        return ""
    colour = game.first_to_move if move_number % 2 else other(game.first_to_move)
    words = {"n": move_number}
    code = codes[move_number - 1]
    if code == PASS_TOKEN:
        if colour == BLACK:
            return gettext("Black passed at move %(n)s.") % words
        return gettext("White passed at move %(n)s.") % words
    words["point"] = game.topology.name(game.topology.from_sgf(code))
    if colour == BLACK:
        return gettext("Black played %(point)s at move %(n)s.") % words
    return gettext("White played %(point)s at move %(n)s.") % words


def _notice(game: Game, move_number: int, status: str) -> str:
    """The notice's one line, in the reader's language."""
    names = {"game": game.pk, "black": game.black.username, "white": game.white.username}
    if status == GameStatus.FINISHED and game.is_annulled:
        return (
            gettext(
                "Game %(game)s that you watch, %(black)s – %(white)s, is over: Annulled, with no "
                "result."
            )
            % names
        )
    if status == GameStatus.FINISHED:
        return gettext(
            "Game %(game)s that you watch, %(black)s – %(white)s, is over: %(result)s (%(reason)s)."
        ) % {**names, "result": game.result, "reason": game.end_reason_in_sentence}
    return gettext("Game %(game)s that you watch, %(black)s – %(white)s: %(move)s") % {
        **names,
        "move": _move_said(game, move_number),
    }


@notice_task("games.notify_watchers")
def notify_watchers(game_id: int, move_number: int, status: str) -> int:
    """Tell every watcher of the public game `game_id` of its move `move_number` (or of its
    end, `status` "finished"), each by their choice for "Games you watch" (the digest by
    default); returns how many watchers were told. Once per watcher, move and status (the
    notice's key), so running it twice tells no one twice."""
    game = Game.objects.select_related("black", "white").filter(pk=game_id, public=True).first()
    if game is None:
        return 0
    told = 0
    for watcher in watchers_of(game=game):
        notice_send(
            user=watcher,
            event=WATCHED_GAME,
            key=f"watch:{game.pk}:{move_number}:{status}",
            text=lambda: _notice(game, move_number, status),
            url=game.get_absolute_url(),
            subject=lambda: gettext("Game %(game)s that you watch") % {"game": game.pk},
            label=gettext_lazy("See the game"),
        )
        told += 1
    return told
