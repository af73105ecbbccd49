"""Adjourned and annulled games (issue 38): what a moderator's suspension or ban may do to a
player's running games, and what the opponent may do meanwhile.

* Adjourned (`games_adjourn`, a suspension with GamesChoice.ADJOURN): the game is set aside
  (`Game.adjourned`): the mover's clock stops with the time it had left (`clock_left`), no
  deadline and no warning, so the clock sweep and the warnings pass it by; nobody may move.
  The opponent is told.
* Resumed (`games_resume`, when the suspension ends: the beat sweep or a lift): the clock of
  the player to move restarts from that moment with the time it had left when it was
  adjourned (still stopped where their vacation or another suspension holds it); both players
  are told. A game stays adjourned while either of its players is under such a suspension.
* Annulled (`game_annul` by the opponent of a suspended player, `games_annul` for a ban with
  GamesChoice.ANNUL): the game ends with no result, SGF "Void", end reason ANNULLED: nobody
  wins and the ratings ignore it; the game-finished hook tells the ladder and tournaments.

Every change locks the game row first (games.services.locking), as moves do; a game that
ended or moved on meanwhile is left as it is."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext

from accounts.models import User
from accounts.moderation.selectors import games_adjourned_held, moderation_play_check
from core.outbox import enqueue_on_commit
from games import hooks
from games.errors import NotAdjourned
from games.models import EndReason, Game, GameStatus
from games.selectors import play as selectors
from games.selectors.play import game_player_check
from games.services import conditional
from games.services.clocks import clock_start
from games.services.locking import game_lock, game_lock_if_any, game_locked_save
from games.watching.services import watchers_notify_queue

# SGF's result for a game with no result (FF[4] RE: "Void": no result or suspended play).
RESULT_VOID = "Void"
NOTIFY_TASK = "games.notify_adjournment"


def _running_ids(user_id: int, *, adjourned: bool | None = None) -> list[int]:
    """The ids of `user_id`'s running games in id order (the order rows are locked in): all
    of them, or only the adjourned ones (`adjourned=True`)."""
    running = Game.objects.filter(
        Q(black_id=user_id) | Q(white_id=user_id), status=GameStatus.PLAYING
    )
    if adjourned is not None:
        running = running.filter(adjourned__isnull=not adjourned)
    return list(running.order_by("pk").values_list("pk", flat=True))


def games_adjourn(*, user_id: int, now: dt.datetime) -> list[int]:
    """Adjourn every running game of `user_id` at `now` (see the module docstring); returns
    the ids adjourned. Games already adjourned and games whose deadline has passed (left to
    the clock sweep) are skipped. Inside the caller's transaction (the "taken" hook)."""
    adjourned = []
    for game_id in _running_ids(user_id):
        game = game_lock_if_any(game_id=game_id)
        if game is None or game.is_over or game.adjourned is not None:
            continue
        if game.deadline is not None:
            if game.deadline <= now:
                continue
            game.clock_left = selectors.clock_time_left(game=game, colour=game.to_move, now=now)
        game.clock_started = now
        game.deadline = None
        game.warn_at = None
        game.adjourned = now
        game_locked_save(game=game)
        enqueue_on_commit(NOTIFY_TASK, game.pk, "adjourned", user_id)
        adjourned.append(game.pk)
    return adjourned


def games_resume(*, user_id: int, now: dt.datetime) -> list[int]:
    """Resume `user_id`'s adjourned games at `now`, but those whose other player is still
    under a suspension that adjourns: the mover's clock restarts with the time it had left
    (`games.services.clocks.clock_start`: stopped instead by a vacation, a suspension that
    stops clocks, or for a bot). Returns the ids resumed. Inside the caller's transaction (the
    "ended" hook)."""
    if games_adjourned_held(user_id=user_id, now=now):
        return []
    resumed = []
    for game_id in _running_ids(user_id, adjourned=True):
        game = game_lock_if_any(game_id=game_id)
        if game is None or not game.is_adjourned:
            continue
        other = game.white_id if game.black_id == user_id else game.black_id
        if games_adjourned_held(user_id=other, now=now):
            continue
        game.adjourned = None
        clock_start(game=game, colour=game.to_move, now=now, left=game.clock_left)
        game_locked_save(game=game)
        enqueue_on_commit(NOTIFY_TASK, game.pk, "resumed")
        resumed.append(game.pk)
    return resumed


def _annul(game: Game, now: dt.datetime) -> None:
    """End the locked running `game` with no result and run the game-finished hook."""
    game.status = GameStatus.FINISHED
    game.end_reason = EndReason.ANNULLED
    game.result = RESULT_VOID
    game.score = None
    game.deadline = None
    game.warn_at = None
    game.finished = now
    conditional.conditional_moves_end(game=game)
    game.save()
    hooks.game_finished_run(game=game, now=now)
    enqueue_on_commit("games.notify_game_over", game.pk)
    watchers_notify_queue(game=game)


@transaction.atomic
def game_annul(*, game_id: int, user: User, now: dt.datetime) -> Game:
    """`user`, a player of the adjourned game `game_id` who is not suspended, annuls it: it
    ends with no result (see the module docstring). Raises NotAPlayer for anyone else,
    Restricted when `user` is suspended or banned, NotAdjourned (code "not_adjourned") when
    the game is not adjourned (it resumed or ended meanwhile); nothing changes then."""
    game = game_lock(game_id=game_id)
    game_player_check(
        game=game, user=user, refusal=gettext("Only the players of this game can do that.")
    )
    moderation_play_check(user=user, now=now)
    if not game.is_adjourned:
        raise NotAdjourned(gettext("This game is not adjourned, so it cannot be annulled."))
    _annul(game, now)
    return game


def games_annul(*, user_id: int, now: dt.datetime) -> list[int]:
    """Annul every running game of `user_id` (a ban with GamesChoice.ANNUL); returns the ids.
    Inside the caller's transaction (the "taken" hook). Every game is locked (in id order)
    before any is annulled: the game-finished hook takes a tournament's or a ladder's lock,
    and a move ending another of these games takes its game lock then that same lock, so
    locking game by game between hooks could deadlock with it."""
    ids = [game_id for game_id in _running_ids(user_id) if game_lock_if_any(game_id=game_id)]
    annulled = []
    for game_id in ids:
        game = game_lock_if_any(game_id=game_id)  # read again: a hook may have changed it
        if game is None or game.is_over:
            continue
        _annul(game, now)
        annulled.append(game.pk)
    return annulled
