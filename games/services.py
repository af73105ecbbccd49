"""Writes for games: challenges, moves, passes, resignation, timeouts and the end of a game.

Every function is keyword-only, takes the clock as `now`, writes nothing when it raises, and
queues mail only through `enqueue_on_commit`. Game actions lock the game row
(SELECT ... FOR UPDATE) for the whole read-check-write, so two requests on the same game run one
after the other; the second then sees the new move number and gets `StalePage`.
"""

from __future__ import annotations

import datetime as dt
import logging
import random
import re
from collections.abc import Collection
from decimal import Decimal, InvalidOperation

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q

import rules
from accounts.models import User
from accounts.selectors import ContactRefused, contact_refusal_reason
from rules import BLACK, WHITE

from . import clock, hooks, selectors, tasks
from .errors import (
    ChallengeClosed,
    GameActionError,
    MoveRefused,
    NotAPlayer,
    StalePage,
    TimeRanOut,
)
from .models import (
    PASS_TOKEN,
    BoardKind,
    Challenge,
    ChallengeStatus,
    ClockKind,
    ColourChoice,
    CorrectionKind,
    DisputeStatus,
    EndReason,
    Game,
    GameChat,
    GameStatus,
    ReportStatus,
    ResultCorrection,
    RuleSetKey,
    ScoreDispute,
    ScoringReport,
    Vacation,
)

logger = logging.getLogger(__name__)

BOARD_SIZES = {BoardKind.SQUARE: (9, 13, 19), BoardKind.HEX: (6, 8, 12)}
CLOCK_DAYS = (1, 2, 3, 5, 7, 14, 21)
FISCHER_INCREMENT_DAYS = (1, 2, 3, 5, 7)
FISCHER_CAP_DAYS = (7, 14, 21, 30, 45, 60)
HANDICAPS = (0, 2, 3, 4, 5, 6, 7, 8, 9)
MAX_KOMI = Decimal("50")
DEFAULT_CHALLENGE_EXPIRY_DAYS = 14
CHAT_MAX_LENGTH = 1000


def challenge_expiry_days() -> int:
    """Days an unanswered challenge stays open: setting GAMES_CHALLENGE_EXPIRY_DAYS (14)."""
    return int(getattr(settings, "GAMES_CHALLENGE_EXPIRY_DAYS", DEFAULT_CHALLENGE_EXPIRY_DAYS))


# Challenges -------------------------------------------------------------------------------------


def _validate_settings(
    *,
    board_kind: str,
    board_size: int,
    ruleset: str,
    komi: Decimal | float | str | None,
    handicap: int,
    clock_kind: str,
    clock_days: int,
    clock_increment_days: int,
    clock_cap_days: int,
) -> Decimal:
    """Check a game's settings; returns the komi to use (the preset's when `komi` is None)."""
    if board_kind not in BoardKind.values:
        raise ValidationError(f"Unknown game '{board_kind}'.")
    sizes = BOARD_SIZES[BoardKind(board_kind)]
    if board_size not in sizes:
        raise ValidationError(
            f"{BoardKind(board_kind).label} is played on sizes {', '.join(map(str, sizes))}."
        )
    if ruleset not in RuleSetKey.values:
        raise ValidationError(f"Unknown rule set '{ruleset}'.")
    if handicap not in HANDICAPS:
        raise ValidationError("Handicap is 0 (none) or 2 to 9 stones.")
    topology = rules.topology_for(board_kind, board_size)
    if handicap:
        try:
            topology.handicap_points(handicap)
        except ValueError as exc:
            raise ValidationError(f"This board cannot take {handicap} handicap stones.") from exc
    if komi is None:
        value = Decimal(str(rules.preset(ruleset, topology, handicap=handicap).komi))
    else:
        try:
            value = Decimal(str(komi))
        except InvalidOperation as exc:
            raise ValidationError(f"Komi '{komi}' is not a number.") from exc
        if (value * 2) != (value * 2).to_integral() or abs(value) > MAX_KOMI:
            raise ValidationError("Komi is a number of half points between -50 and 50.")
    if clock_kind not in ClockKind.values:
        raise ValidationError(f"Unknown time control '{clock_kind}'.")
    if clock_days not in CLOCK_DAYS:
        raise ValidationError(f"Time is one of {', '.join(map(str, CLOCK_DAYS))} days.")
    if clock_kind == ClockKind.FISCHER:
        if clock_increment_days not in FISCHER_INCREMENT_DAYS:
            raise ValidationError("The Fischer increment is 1, 2, 3, 5 or 7 days.")
        if clock_cap_days < clock_days or clock_cap_days not in FISCHER_CAP_DAYS:
            raise ValidationError("The Fischer maximum must be at least the initial time.")
    elif clock_increment_days or clock_cap_days:
        raise ValidationError("Increment and maximum only apply to a Fischer clock.")
    return value


@transaction.atomic
def challenge_create(
    *,
    creator: User,
    now: dt.datetime,
    board_kind: str,
    board_size: int,
    ruleset: str,
    komi: Decimal | float | str | None = None,
    handicap: int = 0,
    creator_colour: str = ColourChoice.RANDOM,
    clock_kind: str = ClockKind.PER_MOVE,
    clock_days: int = 3,
    clock_increment_days: int = 0,
    clock_cap_days: int = 0,
    weekend_pause: bool = False,
    vacation_allowed: bool = True,
    rated: bool = True,
    message: str = "",
    recipient: User | None = None,
) -> Challenge:
    """Create an open challenge (`recipient` None) or a direct invitation.

    Raises ValidationError for impossible settings and ContactRefused when either player ignores
    the other. The recipient of an invitation is mailed after the commit.
    """
    komi_value = _validate_settings(
        board_kind=board_kind,
        board_size=board_size,
        ruleset=ruleset,
        komi=komi,
        handicap=handicap,
        clock_kind=clock_kind,
        clock_days=clock_days,
        clock_increment_days=clock_increment_days,
        clock_cap_days=clock_cap_days,
    )
    if creator_colour not in ColourChoice.values:
        raise ValidationError(f"Unknown colour '{creator_colour}'.")
    if len(message) > 500:
        raise ValidationError("The message is at most 500 characters.")
    if recipient is not None:
        reason = contact_refusal_reason(sender=creator, recipient=recipient)
        if reason is not None:
            raise ContactRefused(reason)
    challenge = Challenge.objects.create(
        creator=creator,
        recipient=recipient,
        board_kind=board_kind,
        board_size=board_size,
        ruleset=ruleset,
        komi=komi_value,
        handicap=handicap,
        creator_colour=creator_colour,
        clock_kind=clock_kind,
        clock_days=clock_days,
        clock_increment_days=clock_increment_days,
        clock_cap_days=clock_cap_days,
        weekend_pause=weekend_pause,
        vacation_allowed=vacation_allowed,
        rated=rated,
        message=message.strip(),
        created=now,
        expires=now + dt.timedelta(days=challenge_expiry_days()),
    )
    if recipient is not None:
        tasks.enqueue_on_commit(tasks.notify_challenge, challenge.pk)
    return challenge


def _locked_open_challenge(challenge_id: int, now: dt.datetime) -> Challenge:
    challenge = (
        Challenge.objects.select_for_update(of=("self",))
        .select_related("creator", "recipient")
        .get(pk=challenge_id)
    )
    if challenge.status == ChallengeStatus.OPEN and challenge.expires <= now:
        challenge.status = ChallengeStatus.EXPIRED
        challenge.closed = now
        challenge.save(update_fields=["status", "closed"])
    if challenge.status != ChallengeStatus.OPEN:
        label = ChallengeStatus(challenge.status).label.lower()
        raise ChallengeClosed(f"This challenge is no longer open: it was {label}.")
    return challenge


def challenge_accept(
    *,
    challenge_id: int,
    user: User,
    now: dt.datetime,
    rng: random.Random | None = None,
    acceptor_colour: str | None = None,
) -> Game:
    """Accept a challenge and start the game. Atomic: of two players accepting the same open
    challenge at once exactly one gets the game; the other gets ChallengeClosed.

    Raises NotAPlayer when an invitation is meant for someone else, ContactRefused when either
    player ignores the other, ChallengeClosed when it is no longer open (a ChallengeClosed for an
    expired challenge still records the expiry). `rng` decides a random colour (tests);
    `acceptor_colour` ('black'/'white') is honoured when the creator left the colour random.
    """
    try:
        with transaction.atomic():
            challenge = _locked_open_challenge(challenge_id, now)
            return _accept_locked(
                challenge, user, now, rng or random.SystemRandom(), acceptor_colour
            )
    except ChallengeClosed:
        # The expiry may just have been written; keep it even though we refuse.
        _expire_if_due(challenge_id, now)
        raise


def _expire_if_due(challenge_id: int, now: dt.datetime) -> None:
    Challenge.objects.filter(pk=challenge_id, status=ChallengeStatus.OPEN, expires__lte=now).update(
        status=ChallengeStatus.EXPIRED, closed=now
    )


def _accept_locked(
    challenge: Challenge, user: User, now: dt.datetime, rng, acceptor_colour: str | None
) -> Game:
    if challenge.creator_id == user.pk:
        raise ChallengeClosed("You cannot accept your own challenge.", code="own_challenge")
    if challenge.recipient_id is not None and challenge.recipient_id != user.pk:
        raise NotAPlayer("This invitation is for another player.")
    reason = contact_refusal_reason(sender=user, recipient=challenge.creator)
    if reason is not None:
        raise ContactRefused(reason)
    colour = challenge.creator_colour
    if colour == ColourChoice.RANDOM and acceptor_colour == ColourChoice.BLACK:
        colour = ColourChoice.WHITE
    elif colour == ColourChoice.RANDOM and acceptor_colour == ColourChoice.WHITE:
        colour = ColourChoice.BLACK
    elif colour == ColourChoice.RANDOM:
        colour = rng.choice((ColourChoice.BLACK, ColourChoice.WHITE))
    if colour == ColourChoice.BLACK:
        black, white = challenge.creator, user
    else:
        black, white = user, challenge.creator
    game = game_start(
        black=black,
        white=white,
        now=now,
        board_kind=challenge.board_kind,
        board_size=challenge.board_size,
        ruleset=challenge.ruleset,
        komi=challenge.komi,
        handicap=challenge.handicap,
        clock_kind=challenge.clock_kind,
        clock_days=challenge.clock_days,
        clock_increment_days=challenge.clock_increment_days,
        clock_cap_days=challenge.clock_cap_days,
        weekend_pause=challenge.weekend_pause,
        vacation_allowed=challenge.vacation_allowed,
        rated=challenge.rated,
    )
    challenge.status = ChallengeStatus.ACCEPTED
    challenge.closed = now
    challenge.game = game
    if challenge.recipient_id is None:
        challenge.recipient = user
    challenge.save(update_fields=["status", "closed", "game", "recipient"])
    tasks.enqueue_on_commit(tasks.notify_challenge_answered, challenge.pk)
    return game


@transaction.atomic
def challenge_decline(*, challenge_id: int, user: User, now: dt.datetime) -> Challenge:
    """The recipient declines an invitation; the creator is told by mail after the commit."""
    challenge = _locked_open_challenge(challenge_id, now)
    if challenge.recipient_id != user.pk:
        raise NotAPlayer("Only the invited player can decline this invitation.")
    challenge.status = ChallengeStatus.DECLINED
    challenge.closed = now
    challenge.save(update_fields=["status", "closed"])
    tasks.enqueue_on_commit(tasks.notify_challenge_answered, challenge.pk)
    return challenge


@transaction.atomic
def challenge_cancel(*, challenge_id: int, user: User, now: dt.datetime) -> Challenge:
    """The creator withdraws an open challenge or invitation."""
    challenge = _locked_open_challenge(challenge_id, now)
    if challenge.creator_id != user.pk:
        raise NotAPlayer("Only the player who made this challenge can cancel it.")
    challenge.status = ChallengeStatus.CANCELLED
    challenge.closed = now
    challenge.save(update_fields=["status", "closed"])
    return challenge


def challenges_expire(*, now: dt.datetime) -> int:
    """Mark every open challenge past its expiry as expired; returns how many."""
    return Challenge.objects.filter(status=ChallengeStatus.OPEN, expires__lte=now).update(
        status=ChallengeStatus.EXPIRED, closed=now
    )


# Games ------------------------------------------------------------------------------------------


def game_start(
    *,
    black: User,
    white: User,
    now: dt.datetime,
    board_kind: str,
    board_size: int,
    ruleset: str,
    komi: Decimal | float | str | None = None,
    handicap: int = 0,
    clock_kind: str = ClockKind.PER_MOVE,
    clock_days: int = 3,
    clock_increment_days: int = 0,
    clock_cap_days: int = 0,
    weekend_pause: bool = False,
    vacation_allowed: bool = True,
    rated: bool = True,
) -> Game:
    """Create a running game between two players; the first mover's clock starts at `now`
    (stopped instead while they are on vacation and the game allows it).

    With a handicap, Black's stones stand on their fixed points and White moves first.
    """
    komi_value = _validate_settings(
        board_kind=board_kind,
        board_size=board_size,
        ruleset=ruleset,
        komi=komi,
        handicap=handicap,
        clock_kind=clock_kind,
        clock_days=clock_days,
        clock_increment_days=clock_increment_days,
        clock_cap_days=clock_cap_days,
    )
    if black.pk == white.pk:
        raise ValidationError("A game needs two different players.")
    first = WHITE if handicap >= 2 else BLACK
    bank = dt.timedelta(days=clock_days) if clock_kind == ClockKind.FISCHER else None
    game = Game(
        black=black,
        white=white,
        board_kind=board_kind,
        board_size=board_size,
        ruleset=ruleset,
        komi=komi_value,
        handicap=handicap,
        clock_kind=clock_kind,
        clock_days=clock_days,
        clock_increment_days=clock_increment_days,
        clock_cap_days=clock_cap_days,
        weekend_pause=weekend_pause,
        vacation_allowed=vacation_allowed,
        rated=rated,
        first_to_move=first,
        to_move=first,
        black_bank=bank,
        white_bank=bank,
        created=now,
    )
    _start_clock(game, first, now, game.turn_budget(first))
    game.save()
    tasks.enqueue_on_commit(tasks.notify_turn, game.pk, 0)
    return game


def game_replay(game: Game) -> rules.Game:
    """The rules' view of a stored game, every stored move replayed (no database access)."""
    topology = game.topology
    state = rules.Game.new(topology, game.rule_set, handicap=game.handicap)
    colour = game.first_to_move
    state.to_move = colour
    for code in game.move_codes():
        if code == PASS_TOKEN:
            state.pass_turn(colour)
        else:
            state.play(topology.from_sgf(code), colour)
        colour = 3 - colour
    return state


def _locked_game(game_id: int) -> Game:
    return Game.objects.select_for_update(of=("self",)).get(pk=game_id)


def _check_player_to_act(
    game: Game, user: User, expected_move_number: int | None, *, any_turn: bool = False
) -> int:
    colour = game.colour_of(user)
    if colour is None:
        raise NotAPlayer("Only the players of this game can do that.")
    if game.is_over:
        raise MoveRefused(rules.GameOver.reason, code=rules.GameOver.code)
    if expected_move_number is not None and expected_move_number != game.move_number:
        raise StalePage(
            "The game has moved on since this page was loaded "
            f"(move {game.move_number}, the page showed move {expected_move_number}). "
            "Nothing was played; look at the board again."
        )
    if not any_turn and colour != game.to_move:
        raise MoveRefused(rules.NotYourTurn.reason, code=rules.NotYourTurn.code)
    return colour


def _player_on_vacation(game: Game, colour: int, now: dt.datetime) -> bool:
    """Whether `colour`'s clock should stand still at `now` because of their vacation."""
    if not game.vacation_allowed:
        return False
    user_id = game.black_id if colour == BLACK else game.white_id
    return Vacation.objects.filter(user_id=user_id, started__lte=now, until__gt=now).exists()


def _schedule_clock(game: Game, colour: int) -> None:
    """Set the deadline and warning time of `colour`'s running clock from clock_started and
    clock_left (no warning when this move was already warned about)."""
    tz = selectors.clock_zone(game=game, colour=colour)
    game.deadline = clock.add_counted_time(
        game.clock_started, game.clock_left, tz=tz, weekend_pause=game.weekend_pause
    )
    if game.warned_move == game.move_number:
        game.warn_at = None
    else:
        game.warn_at = clock.warn_at(
            budget=game.turn_budget(colour),
            left_at_start=game.clock_left,
            started=game.clock_started,
            tz=tz,
            weekend_pause=game.weekend_pause,
        )


def _start_clock(game: Game, colour: int, now: dt.datetime, left: dt.timedelta) -> None:
    """Start `colour`'s clock at `now` with `left`, or keep it stopped while they are on
    vacation (deadline None, `left` kept for when they come back)."""
    game.clock_started = now
    game.clock_left = left
    if _player_on_vacation(game, colour, now):
        game.deadline = None
        game.warn_at = None
    else:
        _schedule_clock(game, colour)


def _advance_clock(game: Game, mover: int, now: dt.datetime) -> None:
    """After `mover` moved at `now`: bank their time (Fischer: what was left plus the
    increment, at most the cap) and start the opponent's clock with their full time."""
    if game.clock_kind == ClockKind.FISCHER:
        bank = clock.fischer_bank(
            left=selectors.clock_time_left(game=game, colour=mover, now=now),
            increment=dt.timedelta(days=game.clock_increment_days),
            cap=dt.timedelta(days=game.clock_cap_days),
        )
        if mover == BLACK:
            game.black_bank = bank
        else:
            game.white_bank = bank
    nxt = 3 - mover
    _start_clock(game, nxt, now, game.turn_budget(nxt))


def _store_state(game: Game, state: rules.Game) -> None:
    game.move_number = state.move_number
    game.to_move = state.to_move
    game.black_captures, game.white_captures = state.prisoners


def _finish(game: Game, state: rules.Game, now: dt.datetime) -> None:
    """Write the end of the game. A game ended by passes is counted here; one ended at the
    move cap is counted by the `count_at_move_cap` task after the commit (its result stays
    blank until then, and the game-finished hook and mail wait for the count)."""
    game.status = GameStatus.FINISHED
    game.end_reason = state.end_reason
    game.deadline = None
    game.warn_at = None
    game.finished = now
    if state.end_reason == EndReason.MOVE_CAP:
        game.result = ""
        game.score = None
        game.save()
        tasks.enqueue_on_commit(tasks.count_at_move_cap, game.pk)
        return
    if state.end_reason == EndReason.PASSES:
        _write_count(game, state.position)
    else:
        game.result = state.result_code or ""
    game.save()
    hooks.game_finished_run(game=game, now=now)
    tasks.enqueue_on_commit(tasks.notify_game_over, game.pk)


def _write_count(game: Game, position: rules.Position) -> None:
    """Count `position` as it stands (dead stones estimated by the rules core)."""
    from rules.deadstones import estimate_dead
    from rules.scoring import score

    dead = estimate_dead(position, game.rule_set)
    counted = score(position, game.rule_set, dead)
    game.score = counted.as_dict(sgf_point=game.topology.sgf)
    game.result = counted.result


def _after_turn(game: Game, state: rules.Game, mover: int, now: dt.datetime) -> Game:
    _store_state(game, state)
    game.last_move_at = now
    if state.over:
        _finish(game, state, now)
    else:
        _advance_clock(game, mover, now)
        game.save()
        tasks.enqueue_on_commit(tasks.notify_turn, game.pk, game.move_number)
    return game


def _end_if_overdue(game: Game, now: dt.datetime) -> bool:
    """End a locked game on time when its deadline passed before `now`; True if it did."""
    if game.deadline is None or game.deadline > now:
        return False
    state = game_replay(game)
    state.timeout(game.to_move)
    _finish(game, state, now)
    return True


def _time_ran_out(game: Game) -> TimeRanOut:
    return TimeRanOut(
        "Your time ran out before this move arrived, so the game ended on time "
        f"({game.result}). Nothing was played."
    )


def game_move(
    *, game_id: int, user: User, point: int, expected_move_number: int | None, now: dt.datetime
) -> Game:
    """`user` places a stone at `point` (a point index of the game's topology).

    Raises NotAPlayer for anyone but the players, StalePage when `expected_move_number` is not
    the game's move number, MoveRefused (code occupied, suicide, ko, superko, not_your_turn,
    game_over, off_board) when the rules refuse; the game is unchanged in every case. A move
    arriving after the mover's deadline ends the game on time (committed) and raises
    TimeRanOut.
    """
    with transaction.atomic():
        game = _locked_game(game_id)
        colour = _check_player_to_act(game, user, expected_move_number)
        if not _end_if_overdue(game, now):
            state = game_replay(game)
            try:
                state.play(point, colour)
            except rules.IllegalMove as exc:
                raise MoveRefused(str(exc), code=exc.code) from exc
            game.moves += game.topology.sgf(point)
            return _after_turn(game, state, colour, now)
    raise _time_ran_out(game)


def game_pass(
    *, game_id: int, user: User, expected_move_number: int | None, now: dt.datetime
) -> Game:
    """`user` passes. Two passes in a row end the game, which is then scored automatically
    (dead stones estimated by `rules.deadstones`). Errors as `game_move`."""
    with transaction.atomic():
        game = _locked_game(game_id)
        colour = _check_player_to_act(game, user, expected_move_number)
        if not _end_if_overdue(game, now):
            state = game_replay(game)
            try:
                state.pass_turn(colour)
            except rules.IllegalMove as exc:
                raise MoveRefused(str(exc), code=exc.code) from exc
            game.moves += PASS_TOKEN
            return _after_turn(game, state, colour, now)
    raise _time_ran_out(game)


@transaction.atomic
def game_resign(
    *, game_id: int, user: User, expected_move_number: int | None, now: dt.datetime
) -> Game:
    """`user` resigns (on either player's turn); the opponent wins ('B+R' / 'W+R')."""
    game = _locked_game(game_id)
    colour = _check_player_to_act(game, user, expected_move_number, any_turn=True)
    state = game_replay(game)
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
    game = Game.objects.select_for_update(of=("self",)).filter(pk=game_id).first()
    if game is None or game.is_over or not _end_if_overdue(game, now):
        return None
    return game


@transaction.atomic
def game_count_at_move_cap(*, game_id: int, now: dt.datetime) -> Game | None:
    """Count a game that ended at the move cap as it stands (dead stones estimated by the
    rules core), write the result, run the game-finished hook and mail the players.

    Returns None and writes nothing for a game that is not waiting for that count (already
    counted, ended otherwise, running or gone), so running it twice changes nothing.
    """
    game = Game.objects.select_for_update(of=("self",)).filter(pk=game_id).first()
    if game is None or not game.awaiting_count:
        return None
    _write_count(game, game_replay(game).position)
    game.save(update_fields=["score", "result"])
    hooks.game_finished_run(game=game, now=now)
    tasks.enqueue_on_commit(tasks.notify_game_over, game.pk)
    return game


# The clock sweep ---------------------------------------------------------------------------------

SWEEP_BATCH = 100
SWEEP_MAX_BATCHES = 50  # at most 5000 games a sweep; the next sweep, a minute later, goes on
COUNT_RETRY_WINDOW = dt.timedelta(days=2)


def games_time_out_overdue(
    *, now: dt.datetime, batch_size: int = SWEEP_BATCH, max_batches: int = SWEEP_MAX_BATCHES
) -> int:
    """End every running game whose deadline passed at `now`, through `game_timeout`.

    Each batch is one transaction that locks up to `batch_size` overdue rows with
    SELECT ... FOR UPDATE SKIP LOCKED in deadline order (the deadline index), so a concurrent
    sweep or a move in progress is skipped, not waited for; the next sweep picks up what is
    left. A game whose ending fails is logged and skipped. Returns how many games ended.
    """
    ended = 0
    failed: list[int] = []
    for _ in range(max_batches):
        with transaction.atomic():
            ids = list(
                Game.objects.select_for_update(skip_locked=True, of=("self",))
                .filter(status=GameStatus.PLAYING, deadline__lte=now)
                .exclude(pk__in=failed)
                .order_by("deadline")
                .values_list("pk", flat=True)[:batch_size]
            )
            for game_id in ids:
                try:
                    ended += game_timeout(game_id=game_id, now=now) is not None
                except Exception:  # one broken game must not stop every other timeout
                    logger.exception("Could not end game %s on time", game_id)
                    failed.append(game_id)
        if len(ids) < batch_size:
            break
    return ended


def games_warn_due(*, now: dt.datetime, batch_size: int = SWEEP_BATCH) -> int:
    """Queue `notify_timeout_warning` for every running game whose mover has used 80 % of this
    move's time, once per move (warn_at is cleared and warned_move recorded in the same
    transaction). Returns how many warnings were queued."""
    queued = 0
    for _ in range(SWEEP_MAX_BATCHES):
        with transaction.atomic():
            games = list(
                Game.objects.select_for_update(skip_locked=True, of=("self",))
                .filter(status=GameStatus.PLAYING, warn_at__lte=now, deadline__gt=now)
                .order_by("warn_at")[:batch_size]
            )
            for game in games:
                game.warn_at = None
                game.warned_move = game.move_number
                game.save(update_fields=["warn_at", "warned_move"])
                tasks.enqueue_on_commit(tasks.notify_timeout_warning, game.pk, game.move_number)
            queued += len(games)
        if len(games) < batch_size:
            break
    return queued


def games_count_pending(*, now: dt.datetime) -> int:
    """Queue the count again for games that ended at the move cap in the last two days and
    still have no result (their task was lost, e.g. the broker was down at the commit)."""
    ids = list(
        Game.objects.filter(
            status=GameStatus.FINISHED,
            finished__gte=now - COUNT_RETRY_WINDOW,
            finished__lte=now - dt.timedelta(minutes=1),
            end_reason=EndReason.MOVE_CAP,
            result="",
        ).values_list("pk", flat=True)
    )
    for game_id in ids:
        tasks.count_at_move_cap.delay(game_id)
    return len(ids)


def clocks_sweep(*, now: dt.datetime) -> dict[str, int]:
    """The once-a-minute sweep: end used-up vacations, end overdue games on time, queue the
    80 % warnings and any lost move-cap counts. Returns how many of each."""
    return {
        "vacations_ended": vacations_end_due(now=now),
        "timed_out": games_time_out_overdue(now=now),
        "warned": games_warn_due(now=now),
        "counts_queued": games_count_pending(now=now),
    }


# Vacation ---------------------------------------------------------------------------------------


def _locked_vacation(user_id: int, now: dt.datetime) -> Vacation:
    row = Vacation.objects.select_for_update().filter(user_id=user_id).first()
    if row is not None:
        return row
    joined = User.objects.values_list("date_joined", flat=True).get(pk=user_id)
    Vacation.objects.get_or_create(
        user_id=user_id,
        defaults={"balance": clock.vacation_initial(), "balance_at": min(joined, now)},
    )
    return Vacation.objects.select_for_update().get(user_id=user_id)


def _games_to_move(user_id: int):
    return Game.objects.select_for_update(of=("self",)).filter(
        Q(black_id=user_id, to_move=BLACK) | Q(white_id=user_id, to_move=WHITE),
        status=GameStatus.PLAYING,
        vacation_allowed=True,
    )


@transaction.atomic
def vacation_start(*, user: User, now: dt.datetime) -> Vacation:
    """`user` goes on vacation at `now`: their clocks stop, with the time each had left, in
    every running game that allows vacations (overdue games are left to the sweep). The
    vacation lasts until they stop it or their balance is used up.

    Raises GameActionError when already on vacation, ValidationError with less than one day
    of balance.
    """
    row = _locked_vacation(user.pk, now)
    if row.active:
        raise GameActionError("You are already on vacation.", code="on_vacation")
    balance = clock.vacation_accrued(balance=row.balance, since=row.balance_at, now=now)
    if balance < clock.VACATION_MIN_START:
        raise ValidationError(
            "A vacation needs at least one day of balance; you have "
            f"{selectors.duration_label(balance)}."
        )
    row.balance, row.balance_at = balance, now
    row.started, row.until = now, now + balance
    row.save()
    for game in _games_to_move(user.pk).filter(deadline__gt=now):
        game.clock_left = selectors.clock_time_left(game=game, colour=game.to_move, now=now)
        game.clock_started = now
        game.deadline = None
        game.warn_at = None
        game.save(update_fields=["clock_left", "clock_started", "deadline", "warn_at"])
    return row


@transaction.atomic
def vacation_stop(*, user: User, now: dt.datetime) -> Vacation:
    """End `user`'s vacation at `now`, or at its planned end if that came first (the sweep is
    late by up to a minute). The days used are deducted and every stopped clock restarts
    from that moment with the time it had left. Raises GameActionError when not on vacation."""
    row = _locked_vacation(user.pk, now)
    if not row.active:
        raise GameActionError("You are not on vacation.", code="not_on_vacation")
    end = min(now, row.until)
    row.balance = max(row.balance - (end - row.started), clock.ZERO)
    row.balance_at = end
    row.started = row.until = None
    row.save()
    for game in _games_to_move(user.pk).filter(deadline__isnull=True):
        game.clock_started = end
        _schedule_clock(game, game.to_move)
        game.save(update_fields=["clock_started", "deadline", "warn_at"])
    return row


def vacations_end_due(*, now: dt.datetime) -> int:
    """End every vacation whose balance ran out by `now`; returns how many."""
    ended = 0
    due = Vacation.objects.filter(started__isnull=False, until__lte=now).select_related("user")
    for row in due:
        try:
            vacation_stop(user=row.user, now=now)
        except GameActionError:  # stopped by the player meanwhile
            continue
        ended += 1
    return ended


@transaction.atomic
def game_chat_post(*, game_id: int, user: User, text: str, now: dt.datetime) -> GameChat:
    """A player adds a line to the game's chat (spectators cannot)."""
    game = Game.objects.get(pk=game_id)
    if game.colour_of(user) is None:
        raise NotAPlayer("Only the players of this game can write in its chat.")
    text = text.strip()
    if not text:
        raise ValidationError("Write something first.")
    if len(text) > CHAT_MAX_LENGTH:
        raise ValidationError(f"A chat line is at most {CHAT_MAX_LENGTH} characters.")
    line = GameChat.objects.create(
        game=game, author=user, move_number=game.move_number, text=text, created=now
    )
    tasks.enqueue_on_commit(tasks.notify_chat, line.pk)
    return line


# Auto-match -------------------------------------------------------------------------------------

# What the auto-match page asks for: only the game and size; everything else is the default.
AUTO_MATCH_RULESETS = {BoardKind.SQUARE: RuleSetKey.GO_AREA, BoardKind.HEX: RuleSetKey.BADUX}

_MATCH_FIELDS = (
    "board_kind",
    "board_size",
    "ruleset",
    "komi",
    "handicap",
    "clock_kind",
    "clock_days",
    "clock_increment_days",
    "clock_cap_days",
    "weekend_pause",
    "vacation_allowed",
    "rated",
)
_COMPATIBLE_COLOURS = {
    ColourChoice.BLACK: (ColourChoice.WHITE, ColourChoice.RANDOM),
    ColourChoice.WHITE: (ColourChoice.BLACK, ColourChoice.RANDOM),
    ColourChoice.RANDOM: (ColourChoice.BLACK, ColourChoice.WHITE, ColourChoice.RANDOM),
}


def challenge_auto_match(
    *, user: User, now: dt.datetime, creator_colour: str = ColourChoice.RANDOM, **game_settings
) -> Game | Challenge:
    """The auto-match queue: join the longest-waiting open challenge with exactly these
    settings and a compatible colour, or wait in the queue (an open challenge in the Waiting
    Room) when none fits. Leaving the queue is `challenge_cancel`.

    Ratings do not exist yet, so the longest-waiting player is paired, not the closest-rated.
    Returns the started Game or the waiting Challenge; a player already waiting with the same
    settings and colour gets that challenge back instead of a second place in the queue.
    Challenges of players who ignore `user` (or whom `user` ignores) are skipped; one taken by
    someone else meanwhile is skipped too. `game_settings` are the keyword arguments of
    `challenge_create` (komi None = the preset's).
    """
    komi = _validate_settings(
        komi=game_settings.get("komi"),
        board_kind=game_settings["board_kind"],
        board_size=game_settings["board_size"],
        ruleset=game_settings["ruleset"],
        handicap=game_settings.get("handicap", 0),
        clock_kind=game_settings.get("clock_kind", ClockKind.PER_MOVE),
        clock_days=game_settings.get("clock_days", 3),
        clock_increment_days=game_settings.get("clock_increment_days", 0),
        clock_cap_days=game_settings.get("clock_cap_days", 0),
    )
    if creator_colour not in ColourChoice.values:
        raise ValidationError(f"Unknown colour '{creator_colour}'.")
    wanted = {
        "handicap": 0,
        "clock_kind": ClockKind.PER_MOVE,
        "clock_days": 3,
        "clock_increment_days": 0,
        "clock_cap_days": 0,
        "weekend_pause": False,
        "vacation_allowed": True,
        "rated": True,
        **{k: v for k, v in game_settings.items() if k in _MATCH_FIELDS},
        "komi": komi,
    }
    candidates = (
        Challenge.objects.filter(
            status=ChallengeStatus.OPEN,
            recipient__isnull=True,
            expires__gt=now,
            creator_colour__in=_COMPATIBLE_COLOURS[ColourChoice(creator_colour)],
            **wanted,
        )
        .exclude(creator=user)
        .select_related("creator")
        .order_by("created", "pk")[:20]
    )
    for candidate in candidates:
        if contact_refusal_reason(sender=user, recipient=candidate.creator) is not None:
            continue
        try:
            return challenge_accept(
                challenge_id=candidate.pk, user=user, now=now, acceptor_colour=creator_colour
            )
        except ChallengeClosed:
            continue
    waiting = (
        Challenge.objects.filter(
            creator=user,
            status=ChallengeStatus.OPEN,
            recipient__isnull=True,
            expires__gt=now,
            creator_colour=creator_colour,
            **wanted,
        )
        .order_by("created", "pk")
        .first()
    )
    if waiting is not None:
        return waiting
    return challenge_create(
        creator=user,
        now=now,
        creator_colour=creator_colour,
        message=game_settings.get("message", ""),
        **wanted,
    )


# End of game: disputes of the count, reports to staff, corrections ------------------------------
#
# The rule (also in README.md, "End of game and scoring"):
#
# 1. A game that ends by two passes or the move cap is counted at once with the estimated dead
#    stones (`_finish`). That result stands unless it is changed as below. Resigned and
#    timed-out games have no count; a player who thinks their result wrong reports it to staff.
# 2. Either player may dispute the count until `finished + W`, W = GAMES_DISPUTE_WINDOW_DAYS
#    (default 3 days). Once per game: a game has at most one dispute, whoever opened it and
#    however it ended.
# 3. The dispute opens a marking phase that ends for good at `opened + W`; nothing extends it.
#    The marking starts from the automatic dead stones. Either player toggles a chain: a stone
#    marks or unmarks its whole chain (the stones connected to it). Every toggle, by either
#    player, clears BOTH players' acceptances and bumps the marking's version.
# 4. A player accepts the marking their page showed (its version). When both accept the same
#    marking the game is recounted with `rules.scoring.score` and that result is final.
# 5. At the deadline without both acceptances the phase closes ("expired") and the automatic
#    result stands. Silence, endless toggling or never accepting therefore all end in the
#    automatic result, at most 2W after the end of the game.
# 6. Afterwards only staff change a result (`result_correct`, from a report in the admin). A
#    staff correction during a marking phase closes the phase.
#
# Every change of a stored result after the automatic count writes one `ResultCorrection` row
# (who, when, old -> new result and count, note) and runs `hooks.result_corrected_run`; the
# game-finished hook itself runs exactly once, when the game ends, with the automatic result.

DISPUTE_MAX_LENGTH = 2000
DEFAULT_DISPUTE_WINDOW_DAYS = 3
COUNTED_END_REASONS = (EndReason.PASSES, EndReason.MOVE_CAP)
RESULT_PATTERN = re.compile(r"[BW]\+(?:R|T|\d{1,3}(?:\.5)?)|0")


def dispute_window() -> dt.timedelta:
    """How long a count may be disputed after the game, and how long the marking phase lasts:
    setting GAMES_DISPUTE_WINDOW_DAYS (3)."""
    days = getattr(settings, "GAMES_DISPUTE_WINDOW_DAYS", DEFAULT_DISPUTE_WINDOW_DAYS)
    return dt.timedelta(days=int(days))


def _date(value: dt.datetime) -> str:
    return value.strftime("%d %b %Y, %H:%M UTC")


def dispute_check(*, game: Game, now: dt.datetime) -> None:
    """Raise GameActionError unless `game` is a finished, counted game whose dispute window is
    open at `now` (whether it was already disputed is checked by `dispute_open`)."""
    if not game.is_over:
        raise GameActionError("The game is still running; only a finished count can be disputed.")
    if game.end_reason not in COUNTED_END_REASONS or not game.score:
        raise GameActionError(
            f"This game was not counted (it ended by {game.get_end_reason_display().lower()}), "
            "so there are no dead stones to mark. Report it to the site staff if the result "
            "is wrong.",
            code="not_counted",
        )
    until = game.finished + dispute_window()
    if now >= until:
        raise GameActionError(
            f"The count could be disputed until {_date(until)}; the result is final.",
            code="window_over",
        )


@transaction.atomic
def dispute_open(*, game_id: int, user: User, now: dt.datetime) -> ScoreDispute:
    """A player disputes the automatic count: the marking phase starts from the estimated dead
    stones and ends at `now + dispute_window()`. The opponent is mailed after the commit.

    Raises NotAPlayer for anyone else; GameActionError while the game runs, for a game that was
    not counted, after the window, when the count was already disputed once or staff have set
    the result.
    """
    game = _locked_game(game_id)
    if game.colour_of(user) is None:
        raise NotAPlayer("Only the players of this game can dispute its count.")
    dispute_check(game=game, now=now)
    if ScoreDispute.objects.filter(game=game).exists():
        raise GameActionError(
            "This count was already disputed once; a game has only one marking phase.",
            code="already_disputed",
        )
    if ResultCorrection.objects.filter(game=game, kind=CorrectionKind.STAFF).exists():
        raise GameActionError(
            "The site staff have set this result; it can no longer be disputed.", code="corrected"
        )
    dispute = ScoreDispute.objects.create(
        game=game,
        opened_by=user,
        opened=now,
        deadline=now + dispute_window(),
        dead=sorted(game.score.get("dead", [])),
    )
    tasks.enqueue_on_commit(tasks.notify_dispute, dispute.pk, "opened", dispute.version)
    return dispute


def _locked_marking(
    game_id: int, user: User, expected_version: int | None, now: dt.datetime
) -> tuple[Game, ScoreDispute, int]:
    """Lock the game; return it, its dispute (still marking) and the player's colour."""
    game = _locked_game(game_id)
    colour = game.colour_of(user)
    if colour is None:
        raise NotAPlayer("Only the players of this game can mark dead stones.")
    dispute = ScoreDispute.objects.filter(game=game).first()
    if dispute is None:
        raise GameActionError("Nobody has disputed this count.", code="no_dispute")
    if dispute.status == DisputeStatus.AGREED:
        raise GameActionError(
            "Both players already accepted the marking; the result is final.", code="agreed"
        )
    if dispute.status == DisputeStatus.STAFF:
        raise GameActionError(
            f"The site staff closed the marking phase and set the result {game.result}.",
            code="marking_over",
        )
    if not dispute.is_open(now):
        raise GameActionError(
            f"The marking phase ended on {_date(min(dispute.deadline, dispute.closed or now))}; "
            f"the result {game.result} stands.",
            code="marking_over",
        )
    if expected_version is not None and expected_version != dispute.version:
        raise StalePage(
            "The marking has changed since this page was loaded. Nothing was changed; look at "
            "the board again."
        )
    return game, dispute, colour


def stone_chain(position: rules.Position, point: int) -> set[int]:
    """The stones connected to the stone at `point`."""
    colour = position.stones[point]
    nbrs = position.topology.neighbours
    chain = {point}
    todo = [point]
    while todo:
        for q in nbrs[todo.pop()]:
            if q not in chain and position.stones[q] == colour:
                chain.add(q)
                todo.append(q)
    return chain


@transaction.atomic
def dispute_toggle(
    *, game_id: int, user: User, point: int, expected_version: int | None, now: dt.datetime
) -> ScoreDispute:
    """Mark the chain at `point` dead, or alive again if it was marked; clears both players'
    acceptances. Caller needs nothing locked (this locks the game row).

    Raises NotAPlayer, GameActionError (no open marking phase, no stone at `point`),
    StalePage when `expected_version` is not the marking's version, ValidationError for a point
    off the board. Nothing changes when it raises.
    """
    game, dispute, _colour = _locked_marking(game_id, user, expected_version, now)
    topology = game.topology
    if type(point) is not int or not 0 <= point < topology.size:
        raise ValidationError(f"{point!r} is not a point of this board.")
    position = game_replay(game).position
    if position.stones[point] == rules.EMPTY:
        raise GameActionError(
            f"There is no stone at {topology.name(point)} to mark.", code="no_stone"
        )
    dead = {topology.from_sgf(p) for p in dispute.dead}
    chain = stone_chain(position, point)
    dead = dead - chain if point in dead else dead | chain
    dispute.dead = sorted(topology.sgf(p) for p in dead)
    dispute.version += 1
    dispute.black_accepted = dispute.white_accepted = False
    dispute.save(update_fields=["dead", "version", "black_accepted", "white_accepted"])
    return dispute


def dispute_count(*, game: Game, dispute: ScoreDispute) -> rules.scoring.Score:
    """The count of `game` with the dispute's current marking (no database access)."""
    from rules.scoring import score

    topology = game.topology
    dead = [topology.from_sgf(p) for p in dispute.dead]
    return score(game_replay(game).position, game.rule_set, dead)


@transaction.atomic
def dispute_accept(
    *, game_id: int, user: User, expected_version: int | None, now: dt.datetime
) -> ScoreDispute:
    """`user` accepts the marking of version `expected_version`. When the other player already
    accepts it too, the game is recounted with it and the result is final (status agreed).
    Accepting twice changes nothing. Errors as `dispute_toggle`."""
    game, dispute, colour = _locked_marking(game_id, user, expected_version, now)
    if dispute.accepted_by(colour):
        return dispute
    if colour == BLACK:
        dispute.black_accepted = True
    else:
        dispute.white_accepted = True
    if dispute.black_accepted and dispute.white_accepted:
        counted = dispute_count(game=game, dispute=dispute)
        dispute.status = DisputeStatus.AGREED
        dispute.closed = now
        _result_change(
            game=game,
            result=counted.result,
            score=counted.as_dict(sgf_point=game.topology.sgf),
            kind=CorrectionKind.AGREED,
            by=None,
            report=None,
            note=f"Dead stones marked by both players (marking {dispute.version}).",
            now=now,
        )
        event = "agreed"
    else:
        event = "accepted"
    dispute.save()
    tasks.enqueue_on_commit(tasks.notify_dispute, dispute.pk, event, dispute.version)
    return dispute


def disputes_expire(*, now: dt.datetime) -> int:
    """Close every marking phase past its deadline (the automatic result stands) and mail the
    players; returns how many. Safe to run twice or alongside players' actions: each dispute is
    rechecked under its game's row lock."""
    overdue = ScoreDispute.objects.filter(status=DisputeStatus.MARKING, deadline__lte=now)
    closed = 0
    for dispute_id, game_id in overdue.values_list("pk", "game_id"):
        with transaction.atomic():
            _locked_game(game_id)
            dispute = ScoreDispute.objects.get(pk=dispute_id)
            if dispute.status != DisputeStatus.MARKING or dispute.deadline > now:
                continue
            dispute.status = DisputeStatus.EXPIRED
            dispute.closed = dispute.deadline
            dispute.save(update_fields=["status", "closed"])
            tasks.enqueue_on_commit(tasks.notify_dispute, dispute.pk, "expired", dispute.version)
            closed += 1
    return closed


def _result_change(
    *,
    game: Game,
    result: str,
    score: dict | None,
    kind: str,
    by: User | None,
    report: ScoringReport | None,
    note: str,
    now: dt.datetime,
) -> ResultCorrection | None:
    """Store a new result and count with its audit row and run the result-corrected hook;
    None (nothing written) when both are unchanged. Caller holds the game's row lock."""
    if result == game.result and score == game.score:
        return None
    correction = ResultCorrection.objects.create(
        game=game,
        kind=kind,
        by=by,
        report=report,
        created=now,
        old_result=game.result,
        new_result=result,
        old_score=game.score,
        new_score=score,
        note=note,
    )
    game.result = result
    game.score = score
    game.save(update_fields=["result", "score"])
    hooks.result_corrected_run(game=game, correction=correction, now=now)
    return correction


@transaction.atomic
def scoring_report_file(
    *, game_id: int, user: User, reason: str, now: dt.datetime
) -> ScoringReport:
    """A player of a finished game reports its result to the site staff (mailed after the
    commit). Raises NotAPlayer for anyone else, GameActionError while the game runs or when this
    player already has an open report on it, ValidationError for an empty or too long reason."""
    game = _locked_game(game_id)
    if game.colour_of(user) is None:
        raise NotAPlayer("Only the players of this game can report its result.")
    if not game.is_over:
        raise GameActionError("The game is still running; only a result can be reported.")
    reason = reason.strip()
    if not reason:
        raise ValidationError("Say what is wrong with the result.")
    if len(reason) > DISPUTE_MAX_LENGTH:
        raise ValidationError(f"Keep it under {DISPUTE_MAX_LENGTH} characters.")
    if ScoringReport.objects.filter(game=game, raised_by=user, status=ReportStatus.OPEN).exists():
        raise GameActionError("You already reported this result; the staff will answer.")
    report = ScoringReport.objects.create(game=game, raised_by=user, reason=reason, created=now)
    tasks.enqueue_on_commit(tasks.notify_report, report.pk)
    return report


def result_parse(text: str) -> str:
    """A result typed by staff, normalised ('b+3.5' -> 'B+3.5'); ValidationError otherwise."""
    value = text.strip().upper()
    if not RESULT_PATTERN.fullmatch(value):
        raise ValidationError(
            f"'{text}' is not a result: write B+R or W+R (resignation), B+T or W+T (time), "
            "B+3.5 or W+12 (points) or 0 (a draw)."
        )
    return value


def dead_parse(*, game: Game, text: str) -> list[int]:
    """Coordinates typed by staff ('C3 D4, E5') as points holding stones of `game`'s final
    position; ValidationError naming the first bad one."""
    topology = game.topology
    stones = game_replay(game).position.stones
    points = []
    for word in re.split(r"[\s,;]+", text.strip()):
        if not word:
            continue
        try:
            point = topology.parse(word)
        except rules.CoordinateError as exc:
            raise ValidationError(f"'{word}': {exc}.") from exc
        if stones[point] == rules.EMPTY:
            raise ValidationError(f"There is no stone at {topology.name(point)}.")
        points.append(point)
    return sorted(set(points))


@transaction.atomic
def result_correct(
    *,
    game_id: int,
    staff: User,
    now: dt.datetime,
    note: str,
    dead: Collection[int] | None = None,
    result: str | None = None,
    report_id: int | None = None,
) -> ResultCorrection:
    """Staff set a finished game's result: either recount it with the `dead` stones (counted
    games only) or set the `result` text ('B+R', 'W+T', 'B+3.5', '0'); the count is kept only
    if it still gives that result. Writes one ResultCorrection (the audit row), closes a marking
    phase still open, resolves `report_id` with `note`, runs the result-corrected hook and mails
    both players after the commit.

    Raises PermissionDenied for non-staff, ValidationError for a missing note, both or neither
    of `dead`/`result`, a bad point or result, or no change; GameActionError while the game
    runs. Nothing changes when it raises.
    """
    if not (staff.is_active and staff.is_staff):
        raise PermissionDenied("Only the site staff can correct a result.")
    note = note.strip()
    if not note:
        raise ValidationError("Write a note: why the result changes (it is kept in the audit).")
    if (dead is None) == (result is None):
        raise ValidationError("Give either the dead stones or the result.")
    game = _locked_game(game_id)
    if not game.is_over:
        raise GameActionError("The game is still running.")
    report = None
    if report_id is not None:
        report = ScoringReport.objects.select_for_update().filter(pk=report_id, game=game).first()
        if report is None:
            raise ValidationError(f"Report {report_id} is not about game {game.pk}.")
    if dead is not None:
        if game.end_reason not in COUNTED_END_REASONS:
            raise ValidationError(
                "This game was not counted (no passes at the end); set its result instead."
            )
        from rules.scoring import score

        size = game.topology.size
        bad = [p for p in dead if type(p) is not int or not 0 <= p < size]
        if bad:
            raise ValidationError(f"{bad[0]!r} is not a point of this board.")
        try:
            counted = score(game_replay(game).position, game.rule_set, dead)
        except (ValueError, IndexError) as exc:
            raise ValidationError(f"These dead stones cannot be counted: {exc}.") from exc
        new_result = counted.result
        new_score = counted.as_dict(sgf_point=game.topology.sgf)
    else:
        new_result = result_parse(result)
        keep = game.score and game.score.get("result") == new_result
        new_score = game.score if keep else None
    correction = _result_change(
        game=game,
        result=new_result,
        score=new_score,
        kind=CorrectionKind.STAFF,
        by=staff,
        report=report,
        note=note,
        now=now,
    )
    if correction is None:
        raise ValidationError(f"{new_result} with this count is already the result.")
    ScoreDispute.objects.filter(game=game, status=DisputeStatus.MARKING).update(
        status=DisputeStatus.STAFF, closed=now
    )
    if report is not None and report.status == ReportStatus.OPEN:
        report.status = ReportStatus.RESOLVED
        report.resolved = now
        report.staff_note = note
        report.save(update_fields=["status", "resolved", "staff_note"])
    tasks.enqueue_on_commit(tasks.notify_result_corrected, correction.pk)
    return correction
