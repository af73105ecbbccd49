"""Playing a game: its start, moves, passes, resignation, time-outs and its end.

Each action locks the game row, checks the player and the expected move number, replays the
stored moves through `rules`, writes the new state and queues the notices after the commit.
The end of a game runs the game-finished hook exactly once (`games.hooks`).
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

import rules
from accounts.models import User
from accounts.moderation.selectors import games_adjourned_held, moderation_play_check
from core.metrics import MOVES
from core.outbox import enqueue_on_commit
from games import clock, hooks
from games.bots.judge import judge_available
from games.bots.queue import bot_turn_queue
from games.counting import JUDGE_PENDING, judge_can_clear, position_count
from games.errors import MoveRefused, StalePage, TimeRanOut, rules_refusal
from games.game_settings import GameSettings
from games.models import PASS_TOKEN, ClockKind, EndReason, Game, GameOrigin, GameStatus
from games.moves import game_state, position_state_of
from games.selectors.play import game_player_check
from games.services import conditional
from games.services.adjournments import NOTIFY_TASK as ADJOURNMENT_TASK
from games.services.clocks import clock_advance, clock_start
from games.services.disputes import marking_unsure_open
from games.services.locking import (
    game_lock,
    game_lock_for_turn,
    game_lock_for_turn_if_any,
    game_lock_if_any,
    game_locked_save,
)
from games.watching.services import watchers_notify_queue
from rules import BLACK, WHITE


def game_start(
    *,
    black: User,
    white: User,
    settings: GameSettings,
    now: dt.datetime,
    started_by: User | None = None,
    announce: bool = True,
    origin: str = GameOrigin.CHALLENGE,
) -> Game:
    """Create a running game between two players with `settings`; the first mover's clock
    starts at `now` (stopped instead while they are on vacation and the game allows it).

    With a handicap, Black's stones stand on their fixed points and White moves first.
    A player under a suspension that adjourns their games makes the game start adjourned
    (their opponent is told, not of the turn). Raises ValidationError when both players are
    the same. The first mover is told after the
    commit, in words that name `started_by` (the player who started it: who accepted a
    challenge, the ladder challenger), or what the game belongs to when nobody did (a
    tournament's pairing); `announce=False` leaves the telling to the caller, whose own
    notice then says whose move it is. `origin` (a `GameOrigin` code) says what started it:
    a ladder or a tournament passes its own, which the games browser filters by.
    """
    if black.pk == white.pk:
        raise ValidationError(gettext("A game needs two different players."))
    first = settings.first_to_move
    game = Game(
        black=black,
        white=white,
        first_to_move=first,
        to_move=first,
        created=now,
        origin=origin,
        **settings.columns(),
    )
    if settings.clock_kind != ClockKind.PER_MOVE:
        initial = clock.player_time_initial(settings.time_control)
        game.player_time_set(BLACK, initial)
        game.player_time_set(WHITE, initial)
    clock_start(game=game, colour=first, now=now, left=game.turn_budget(first))
    # A player under a suspension that adjourns their games (a tournament pairs them all the
    # same): the game starts adjourned, its clock stopped with its whole time, and resumes
    # when the suspension ends (games.services.adjournments).
    held = next((p.pk for p in (black, white) if games_adjourned_held(user_id=p.pk, now=now)), None)
    if held is not None:
        game.adjourned, game.deadline, game.warn_at = now, None, None
    game.save()
    if held is not None:
        enqueue_on_commit(ADJOURNMENT_TASK, game.pk, "adjourned", held)
        return game
    if announce:
        enqueue_on_commit(
            "games.notify_turn", game.pk, 0, started_by.pk if started_by is not None else None
        )
    bot_turn_queue(game=game)
    return game


def _check_player_to_act(
    game: Game,
    user: User,
    expected_move_number: int | None,
    *,
    now: dt.datetime,
    any_turn: bool = False,
    undone: str = "move",
) -> int:
    """The colour of `user`, who may act now; `undone` ("move", "pass" or "resign") tells a
    stale page what did not happen. Suspended (accounts.moderation) when a moderator
    suspended or banned them."""
    colour = game_player_check(
        game=game, user=user, refusal=gettext("Only the players of this game can do that.")
    )
    moderation_play_check(user=user, now=now)
    if game.is_over:
        raise MoveRefused(rules_refusal(rules.GameOver()), code=rules.GameOver.code)
    if game.adjourned is not None:
        raise MoveRefused(
            gettext("This game is adjourned by the moderators; nobody can play in it for now."),
            code="adjourned",
        )
    if expected_move_number is not None and expected_move_number != game.move_number:
        if undone == "pass":
            stale = gettext(
                "The game has moved on since this page was loaded (move %(move_number)s, "
                "the page showed move %(expected_move_number)s). You have not passed; look at "
                "the board again."
            )
        elif undone == "resign":
            stale = gettext(
                "The game has moved on since this page was loaded (move %(move_number)s, "
                "the page showed move %(expected_move_number)s). You have not resigned; look "
                "at the board again."
            )
        else:
            stale = gettext(
                "The game has moved on since this page was loaded (move %(move_number)s, "
                "the page showed move %(expected_move_number)s). Nothing was played; look at "
                "the board again."
            )
        raise StalePage(
            stale % {"move_number": game.move_number, "expected_move_number": expected_move_number}
        )
    if not any_turn and colour != game.to_move:
        raise MoveRefused(rules_refusal(rules.NotYourTurn()), code=rules.NotYourTurn.code)
    return colour


def _store_state(game: Game, state: rules.Game) -> None:
    game.position_state = position_state_of(moves=game.moves, state=state)
    game.move_number = state.move_number
    game.to_move = state.to_move
    game.black_captures, game.white_captures = state.prisoners


def _write_count(game: Game, position: rules.Position) -> None:
    """Count `position` as it stands (dead stones estimated by the rules core), with the
    count's doubts (`score["doubts"]`). A count whose only doubts a judge engine could clear
    (`judge_can_clear`, on a board with a judge) waits for it: `score["judge"]` "pending"."""
    counted, doubts = position_count(game=game, position=position)
    game.score = {**counted.as_dict(sgf_point=game.topology.sgf), "agreed": False}
    game.score["doubts"] = doubts
    if judge_can_clear(score_json=game.score) and judge_available(topology=game.topology):
        game.score["judge"] = JUDGE_PENDING
    game.result = counted.result


def _count_told(game: Game) -> None:
    """Tell the players the result, unless it is a count waiting for the judge engine, whose
    check tells them once it has decided (`count_judge_check`)."""
    if (game.score or {}).get("judge") != JUDGE_PENDING:
        enqueue_on_commit("games.notify_game_over", game.pk)


def _count_doubts(game: Game, now: dt.datetime) -> None:
    """After the count: the judge's second opinion, in a task, when the count waits for it
    or (square boards with a judge engine) is sure; else the marking phase when the count is
    unsure of a chain."""
    waits = game.score.get("judge") == JUDGE_PENDING
    if waits or (
        marking_unsure_open(game=game, now=now) is None and judge_available(topology=game.topology)
    ):
        enqueue_on_commit("games.check_count", game.pk)


def _finish(game: Game, state: rules.Game, now: dt.datetime) -> None:
    """Write the end of the game. A game ended by passes is counted here; one ended at the
    move cap is counted by the `games.count_at_move_cap` task after the commit (its result
    stays blank until then, and the game-finished hook and mail wait for the count)."""
    game.status = GameStatus.FINISHED
    game.end_reason = state.end_reason
    game.deadline = None
    game.warn_at = None
    game.finished = now
    if getattr(game, "conditional_any", True):  # read by a turn's lock: none, none to delete
        conditional.conditional_moves_end(game=game)
    if state.end_reason == EndReason.MOVE_CAP:
        game.result = ""
        game.score = None
        game.save()
        enqueue_on_commit("games.count_at_move_cap", game.pk)
        return
    if state.end_reason == EndReason.PASSES:
        _write_count(game, state.position)
    else:
        game.result = state.result_code or ""
    game.save()
    hooks.game_finished_run(game=game, now=now)
    _count_told(game)
    watchers_notify_queue(game=game)
    if state.end_reason == EndReason.PASSES:
        _count_doubts(game, now)


def _after_turn(
    game: Game, state: rules.Game, mover: int, now: dt.datetime, *, notify: bool = True
) -> Game:
    """Write the turn `mover` just played on `state`: the game ends, or the opponent's clock
    starts and (`notify`) they are told it is their turn."""
    _store_state(game, state)
    game.last_move_at = now
    if state.over:
        _finish(game, state, now)
    else:
        clock_advance(game=game, mover=mover, now=now)
        game_locked_save(game=game)
        watchers_notify_queue(game=game)
        if notify:
            enqueue_on_commit("games.notify_turn", game.pk, game.move_number)
            bot_turn_queue(game=game)
    return game


def _apply(game: Game, state: rules.Game, colour: int, point: int | None) -> str:
    """Play `point` (None: a pass) for `colour` on `state` and append it to the game's move
    list; returns its code there. MoveRefused, with nothing changed, when the rules refuse it."""
    try:
        if point is None:
            state.pass_turn(colour)
        else:
            state.play(point, colour)
    except rules.IllegalMove as exc:
        raise MoveRefused(rules_refusal(exc), code=exc.code) from exc
    code = PASS_TOKEN if point is None else game.topology.sgf(point)
    game.moves += code
    transaction.on_commit(MOVES.labels(board=f"{game.board_kind} {game.board_size}").inc)
    return code


def _play(game: Game, state: rules.Game, colour: int, point: int | None, now: dt.datetime) -> Game:
    """`colour` plays `point` (None: a pass) on the locked `game`, replayed as `state`. When
    that leaves the turn to a player whose conditional moves answer it, the answer is played at
    once the same way (legality, superko, clock and Fischer increment, move cap, end of the
    game) and its owner is told; an answer the rules now refuse clears their tree and tells
    them. "Your turn" goes only to whoever must move in the end, so the owner of an answer
    is never told to play a move that was already answered."""
    code = _apply(game, state, colour, point)
    owner = rules.other(colour)
    answer = None
    if not state.over:
        owner_id = game.black_id if owner == BLACK else game.white_id
        answer = conditional.conditional_answer_take(game=game, owner_id=owner_id, played=code)
    if answer is None:
        return _after_turn(game, state, colour, now)
    _after_turn(game, state, colour, now, notify=False)
    try:
        _apply(game, state, owner, None if answer == PASS_TOKEN else game.topology.from_sgf(answer))
    except MoveRefused as refused:
        conditional.conditional_answer_refused(game=game, answer=answer, reason=refused.code)
        enqueue_on_commit("games.notify_turn", game.pk, game.move_number)
        return game
    _after_turn(game, state, owner, now)
    enqueue_on_commit("games.notify_conditional_played", game.pk, game.move_number)
    return game


def _end_if_overdue(game: Game, now: dt.datetime) -> bool:
    """End a locked game on time when its deadline passed before `now`; True if it did."""
    if game.deadline is None or game.deadline > now:
        return False
    state = game_state(game)
    state.timeout(game.to_move)
    _finish(game, state, now)
    return True


def _time_ran_out(game: Game) -> TimeRanOut:
    return TimeRanOut(
        gettext(
            "Your time ran out before this move arrived, so the game ended on time "
            "(%(result)s). Nothing was played."
        )
        % {"result": game.result}
    )


def game_move(
    *,
    game_id: int,
    user: User,
    point: int | str,
    expected_move_number: int | None,
    now: dt.datetime,
) -> Game:
    """`user` places a stone at `point`: a point index of the game's topology, or a coordinate
    as players write it ('D4'), read with the game's topology once the row is locked (so the
    move view loads the game once); a coordinate that names no point raises
    rules.CoordinateError before anything else is checked.

    Raises NotAPlayer for anyone but the players, StalePage when `expected_move_number` is not
    the game's move number, MoveRefused (code occupied, suicide, ko, superko, not_your_turn,
    game_over, off_board) when the rules refuse; the game is unchanged in every case. A move
    arriving after the mover's deadline ends the game on time (committed) and raises
    TimeRanOut.
    """
    with transaction.atomic():
        game = game_lock_for_turn(game_id=game_id, now=now)
        if isinstance(point, str):
            point = game.topology.parse(point)
        colour = _check_player_to_act(game, user, expected_move_number, now=now)
        if not _end_if_overdue(game, now):
            state = game_state(game)
            return _play(game, state, colour, point, now)
    raise _time_ran_out(game)


def game_pass(
    *, game_id: int, user: User, expected_move_number: int | None, now: dt.datetime
) -> Game:
    """`user` passes. Two passes in a row end the game, which is then scored automatically
    (dead stones estimated by `rules.deadstones`). Errors as `game_move`."""
    with transaction.atomic():
        game = game_lock_for_turn(game_id=game_id, now=now)
        colour = _check_player_to_act(game, user, expected_move_number, now=now, undone="pass")
        if not _end_if_overdue(game, now):
            state = game_state(game)
            return _play(game, state, colour, None, now)
    raise _time_ran_out(game)


@transaction.atomic
def game_resign(
    *, game_id: int, user: User, expected_move_number: int | None, now: dt.datetime
) -> Game:
    """`user` resigns (on either player's turn); the opponent wins ('B+R' / 'W+R')."""
    game = game_lock(game_id=game_id)
    colour = _check_player_to_act(
        game, user, expected_move_number, now=now, any_turn=True, undone="resign"
    )
    state = game_state(game)
    state.resign(colour)
    _store_state(game, state)
    _finish(game, state, now)
    return game


def game_resign_for_moderators(*, game_id: int, user: User, now: dt.datetime) -> Game | None:
    """Resign `user`'s running game `game_id` for them, as the moderators decided when they
    banned them (the player's own checks do not apply: they may no longer play). None when
    the game is over already or not theirs. Caller holds a transaction."""
    game = game_lock(game_id=game_id)
    colour = game.colour_of(user)
    if game.is_over or colour is None:
        return None
    state = game_state(game)
    state.resign(colour)
    _store_state(game, state)
    _finish(game, state, now)
    return game


@transaction.atomic
def game_timeout(*, game_id: int, now: dt.datetime) -> Game | None:
    """End the game on time if the player to move is past the deadline at `now`.

    Safe to call twice or for a game that moved on: returns None and writes nothing unless the
    game is running and overdue. The opponent wins ('B+T' / 'W+T').
    """
    game = game_lock_for_turn_if_any(game_id=game_id, now=now)
    if game is None or game.is_over or not _end_if_overdue(game, now):
        return None
    return game


@transaction.atomic
def game_count_at_move_cap(*, game_id: int, now: dt.datetime) -> Game | None:
    """Count a game that ended at the move cap as it stands (dead stones estimated by the
    rules core), write the result, run the game-finished hook and tell the players.

    Returns None and writes nothing for a game that is not waiting for that count (already
    counted, ended otherwise, running or gone), so running it twice changes nothing.
    """
    game = game_lock_if_any(game_id=game_id)
    if game is None or not game.awaiting_count:
        return None
    _write_count(game, game_state(game).position)
    game.save(update_fields=["score", "result"])
    hooks.game_finished_run(game=game, now=now)
    _count_told(game)
    watchers_notify_queue(game=game)
    _count_doubts(game, now)
    return game
