"""Tasks of play, run by Celery after the commit: your-turn and game-over notices, the time-out
warning, the count at the move cap, the clock sweep, and the catch-up sweep of lost notices.
"""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError
from django.utils import timezone
from django.utils.translation import gettext

import rules
from accounts.locale import moment_text
from core.metrics import sweep_metered
from games import clock, hooks, mail
from games.models import (
    PASS_TOKEN,
    Game,
    GameStatus,
)
from games.selectors.game_row import game_row_get
from games.services.notices import notices_requeue
from games.services.play import game_count_at_move_cap
from games.services.sweeps import clocks_sweep
from messaging.notifications import services as messaging
from messaging.notifications.models import Event
from messaging.notifications.notice_tasks import notice_task


def _turn_key(game_id: int, move_number: int) -> str:
    return f"turn:{game_id}:{move_number}"


@notice_task("games.notify_turn")
def notify_turn(game_id: int, move_number: int, started_by_id: int | None = None) -> bool:
    """Tell the player to move that it is their turn, if the game still waits for that move.
    Their opponent's earlier "your turn" notices of this game are marked read (they moved), and
    so are the player's own older ones: one unread "your turn" per game.
    At the start (move 0) it names who started the game (`started_by_id`), or else what the
    game belongs to (a tournament: `hooks.game_labels_get`). Returns whether a mail went out."""
    game = game_row_get(game_id=game_id)
    if game is None or game.status != GameStatus.PLAYING or game.move_number != move_number:
        return False
    if game.adjourned is not None:  # nobody moves while adjourned; the resume notice tells
        return False
    now = timezone.now()
    player = game.player(game.to_move)
    opponent = game.player(rules.other(game.to_move))
    messaging.notifications_mark_read(user=opponent, key_prefix=f"turn:{game.pk}:")

    def text() -> str:
        # Written in the player's language: messaging.notify calls it.
        names = {"game": game.pk, "opponent": opponent.username, "number": move_number}
        if move_number and game.moves.endswith(PASS_TOKEN):
            return (
                gettext(
                    "Your turn in game %(game)s: %(opponent)s passed (move %(number)s). If you "
                    "pass too, the game ends and is counted."
                )
                % names
            )
        if move_number:
            return (
                gettext("Your turn in game %(game)s: %(opponent)s played move %(number)s.") % names
            )
        if started_by_id == player.pk:
            return gettext("Your turn in game %(game)s: you started it against %(opponent)s.") % (
                names
            )
        if started_by_id == opponent.pk:
            return (
                gettext("Your turn in game %(game)s: %(opponent)s started a game with you.") % names
            )
        label = hooks.game_labels_get(game_ids=[game.pk]).get(game.pk)
        if label:
            return gettext(
                "Your turn in game %(game)s against %(opponent)s: %(label)s started it."
            ) % {**names, "label": label}
        return gettext(
            "Your turn in game %(game)s: your game against %(opponent)s has started."
        ) % (names)

    key = _turn_key(game.pk, move_number)
    notified = messaging.notify(
        user=player,
        event=Event.YOUR_TURN,
        key=key,
        text=text,
        url=game.get_absolute_url(),
        now=now,
        mail=lambda: mail.your_turn_mail(game=game, now=now),
        since=game.last_move_at if move_number else None,
        expires=game.deadline,
    )
    # One unread "your turn" per game: the newest says it all. The opponent's own notice task
    # may never mark the older ones read (a bot answers before its task runs: stale, skipped).
    messaging.notifications_mark_read(user=player, key_prefix=f"turn:{game.pk}:", except_key=key)
    return notified.mailed


@notice_task("games.notify_game_over")
def notify_game_over(game_id: int) -> int:
    """Tell both players the result of a finished game; returns how many mails went out."""
    game = game_row_get(game_id=game_id)
    if game is None or game.status != GameStatus.FINISHED:
        return 0
    now = timezone.now()
    sent = 0
    for player in (game.black, game.white):
        messaging.notifications_mark_read(user=player, key_prefix=f"turn:{game.pk}:")
        opponent = game.white if player.pk == game.black_id else game.black
        notified = messaging.notify(
            user=player,
            event=Event.GAME_OVER,
            key=f"game_over:{game.pk}",
            text=lambda opponent=opponent: _over_text(game, opponent),
            url=game.get_absolute_url(),
            now=now,
            mail=lambda player=player: mail.game_over_mail(game=game, player=player),
        )
        sent += notified.mailed
    return sent


@notice_task("games.notify_timeout_warning")
def notify_timeout_warning(game_id: int, move_number: int) -> bool:
    """Warn the player to move that 80 % of this move's time is used, if the game still waits
    for that move and their clock still runs. Returns whether a mail went out."""
    game = game_row_get(game_id=game_id)
    if (
        game is None
        or game.status != GameStatus.PLAYING
        or game.move_number != move_number
        or game.deadline is None
    ):
        return False
    player = game.player(game.to_move)
    opponent = game.player(rules.other(game.to_move))
    when = timezone.localtime(game.deadline, clock.zone(player.time_zone))
    notified = messaging.notify(
        user=player,
        event=Event.TIMEOUT_WARNING,
        key=f"timeout_warning:{game.pk}:{move_number}",
        text=lambda: (
            gettext(
                "Time is running out in game %(game)s against %(opponent)s: "
                "it runs out on %(when)s."
            )
            % {
                "game": game.pk,
                "opponent": opponent.username,
                "when": moment_text(value=when, short=True),
            }
        ),
        url=game.get_absolute_url(),
        now=timezone.now(),
        mail=lambda: mail.timeout_warning_mail(game=game, player=player, when=when),
        expires=game.deadline,
    )
    return notified.mailed


@shared_task(
    name="games.count_at_move_cap",
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=5,
)
def count_at_move_cap(game_id: int) -> str | None:
    """Count a game that ended at the move cap; the result, or None if there was nothing to
    count (already counted: running it twice changes nothing)."""
    game = game_count_at_move_cap(game_id=game_id, now=timezone.now())
    return game.result if game is not None else None


@shared_task(name="games.sweep_clocks", autoretry_for=(OperationalError,), max_retries=2)
@sweep_metered("games.sweep_clocks")
def sweep_clocks() -> dict[str, int]:
    """The beat task, once a minute: vacations, timeouts, warnings (sweeps.clocks_sweep)."""
    return clocks_sweep(now=timezone.now())


@shared_task(name="games.notices_sweep")
@sweep_metered("games.notices_sweep")
def notices_sweep() -> dict[str, int]:
    """Beat, every 2 minutes: re-queue the "your turn" and game-over notices that should exist
    and do not (services.notices.notices_requeue: the games moved or ended since the last
    sweep), e.g. because their task was lost with a worker killed in the middle of it. The
    notice tasks record once per key, so a notice that was only late is not doubled. Returns
    how many of each were queued."""
    return notices_requeue(now=timezone.now())


def _over_text(game: Game, opponent) -> str:
    """The game-over notice's line: the result and why, or that it was annulled (said once)."""
    names = {"game": game.pk, "opponent": opponent.username}
    if game.is_annulled:
        return (
            gettext(
                "Game %(game)s against %(opponent)s is over: Annulled, with no result; it is "
                "not rated."
            )
            % names
        )
    return gettext("Game %(game)s against %(opponent)s is over: %(result)s (%(reason)s).") % {
        **names,
        "result": game.result,
        "reason": game.end_reason_in_sentence,
    }
