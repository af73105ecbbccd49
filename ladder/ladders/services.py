"""Ladders: joining, leaving, challenging, results and removals.

Every change of positions holds the ladder row lock (`positions.ladder_lock`) and writes the
whole new order once (`positions.positions_write`). A challenge starts its game at once with
the ladder's `GameSettings` (the challenger, lower in the ladder, takes Black): there is no
accepting, declining or cancelling, so a defender cannot dodge and a challenger cannot hold a
place by cancelling. The game's end reaches `ladder_game_apply` through the game-finished hook
(ladder/receivers.py), inside the game's transaction, for moves, resignations and the clock
sweep's timeouts alike; a challenge is applied once (its status leaves RUNNING).

What results do (the ladder's rules, see `Ladder`):
* the challenger wins: `win_action` (default: takes the defender's place, those between move
  down one); by the defender's timeout: `timeout_win_action`, except that a timeout before move
  `MIN_TIMEOUT_MOVES` gives the challenger nothing (no climbing on abandoned players);
* jigo: `jigo_action` (default nothing); the defender wins: nothing moves;
* whoever runs out of time drops `timeout_penalty` places and after `timeout_removal` timeouts
  is removed;
* an annulled game (no result, the moderators' decision) moves nobody and frees the challenge;
* leaving (`withdrawal`): by default each running ladder game is resigned first, so it counts
  as a loss; rejoining starts again at the bottom (or by rating)."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models.functions import JSONArray
from django.utils.translation import gettext

from accounts.models import User
from accounts.moderation.selectors import moderation_play_check
from accounts.selectors import user_may_compete
from core.limits import limit_enforce
from core.outbox import enqueue_many_on_commit, enqueue_on_commit, enqueue_select_on_commit
from games.errors import MoveRefused
from games.models import EndReason, Game, GameOrigin
from games.services.play import game_resign, game_start
from ladder.groups.selectors import member_require
from ladder.ladders.models import (
    JoinAt,
    Ladder,
    LadderChallenge,
    LadderChallengeStatus,
    LadderEntry,
    LadderOutcome,
    LastOutcome,
    PositionChange,
    WinAction,
    Withdrawal,
)
from ladder.ladders.positions import (
    ladder_lock,
    ladder_order,
    positions_remove,
    positions_write,
)
from ladder.ladders.selectors import challenge_context, ladder_ratings, refusal_reason
from ladder.ratings.models import Rating
from ladder.ratings.services import MIN_TIMEOUT_MOVES, score_for_black, start_values


class LadderRefused(ValidationError):
    """A ladder action that the rules do not allow; the message says why."""


def _notify_positions(changes: list[int]) -> None:
    """Tell every player whose position changed, by their PositionChange ids (the kind
    defaults to the daily digest, so a player pushed down one place by others' game hears of
    it without a mail of its own)."""
    enqueue_many_on_commit("ladder.notify_position", [(change,) for change in changes])


@transaction.atomic
def ladder_join(*, ladder_id: int, user: User, now: dt.datetime) -> LadderEntry:
    """Put `user` in the ladder: at the bottom, or by rating (above the first player rated
    lower) when the ladder says so. Joining again while in it changes nothing. Raises
    LadderRefused when the ladder is closed, Suspended for a player a moderator suspended."""
    moderation_play_check(user=user, now=now)
    ladder = ladder_lock(ladder_id=ladder_id)
    entry = LadderEntry.objects.filter(ladder=ladder, user=user).first()
    if entry is not None and entry.position is not None:
        return entry
    if not ladder.open:
        raise LadderRefused(gettext("This ladder is closed."))
    member_require(group_id=ladder.group_id, user=user)
    if not user_may_compete(user=user):
        raise LadderRefused(gettext("Bots stay out of ladders unless the staff let them in."))
    if entry is None:
        entry = LadderEntry(ladder=ladder, user=user, joined=now, last_active=now)
    entry.joined = entry.last_active = now
    entry.save()
    order = ladder_order(ladder=ladder)
    at = len(order)
    if ladder.join_at == JoinAt.RATING:
        ratings = ladder_ratings(ladder=ladder)
        mine = ratings.get(user.pk) or _rating_of(ladder, user)
        at = next((i for i, e in enumerate(order) if ratings[e.user_id] < mine), len(order))
    order.insert(at, entry)
    positions_write(ladder=ladder, order=order, reasons={user.pk: "joined"}, now=now)
    return entry


def _rating_of(ladder: Ladder, user: User) -> float:
    row = Rating.objects.filter(user=user, family=ladder.board_kind).first()
    return row.rating if row is not None else start_values()[0]


def ladder_leave(*, ladder_id: int, user: User, now: dt.datetime) -> None:
    """Take `user` out of the ladder; those below move up. With the default withdrawal rule
    each running ladder game of theirs is resigned first (each in its own transaction, so the
    game-finished hook applies it as a loss); with "void" the challenges are closed without
    effect. Leaving when not in the ladder changes nothing."""
    ladder = Ladder.objects.get(pk=ladder_id)
    if ladder.withdrawal == Withdrawal.LOSS:
        for game_id in _running_games(ladder, user):
            try:
                game_resign(game_id=game_id, user=user, expected_move_number=None, now=now)
            except MoveRefused:  # it ended meanwhile: its result stands
                continue
    with transaction.atomic():
        ladder = ladder_lock(ladder_id=ladder_id)
        LadderChallenge.objects.filter(
            ladder=ladder,
            status=LadderChallengeStatus.RUNNING,
            game__in=_running_games(ladder, user),
        ).update(status=LadderChallengeStatus.VOID, finished=now, outcome=LadderOutcome.WITHDRAWN)
        positions_remove(ladder=ladder, gone={user.pk}, reason="left", now=now)


def _running_games(ladder: Ladder, user: User) -> list[int]:
    running = LadderChallenge.objects.filter(ladder=ladder, status=LadderChallengeStatus.RUNNING)
    return list(
        (running.filter(challenger=user) | running.filter(defender=user)).values_list(
            "game_id", flat=True
        )
    )


@transaction.atomic
def ladder_challenge(
    *, ladder_id: int, challenger: User, defender_id: int, now: dt.datetime
) -> LadderChallenge:
    """`challenger` challenges the player `defender_id` and their game starts at once with the
    ladder's settings (challenger Black). Raises LadderRefused with the plain reason (outside
    your range, rematch wait, too many challenges ...) when the rules forbid it, and
    RateLimited past the flood limit "ladder_challenge" (20 a day over all ladders). The
    defender is told after the commit."""
    if not 0 < defender_id < 2**63:  # no id is that big; databases refuse such numbers
        raise LadderRefused(gettext("That player is not in this ladder."))
    moderation_play_check(user=challenger, now=now)
    limit_enforce(
        name="ladder_challenge",
        rows=LadderChallenge.objects.filter(challenger=challenger),
        now=now,
        sender=challenger,
    )
    ladder = ladder_lock(ladder_id=ladder_id)
    target = (
        LadderEntry.objects.select_related("user")
        .filter(ladder=ladder, user_id=defender_id, position__isnull=False)
        .first()
    )
    if target is None:
        raise LadderRefused(gettext("That player is not in this ladder."))
    if not (user_may_compete(user=target.user) and user_may_compete(user=challenger)):
        raise LadderRefused(gettext("Bots play ladder games only when the staff let them in."))
    ctx = challenge_context(ladder=ladder, user=challenger, now=now)
    reason = refusal_reason(ctx, target)
    if reason is not None:
        raise LadderRefused(
            gettext("You cannot challenge %(user_username)s: %(reason)s.")
            % {"user_username": target.user.username, "reason": reason}
        )
    game = game_start(
        black=challenger,
        white=target.user,
        settings=ladder.settings,
        now=now,
        started_by=challenger,
        origin=GameOrigin.LADDER,
    )
    challenge = LadderChallenge.objects.create(
        ladder=ladder, challenger=challenger, defender=target.user, game=game, created=now
    )
    LadderEntry.objects.filter(ladder=ladder, user_id__in=[challenger.pk, defender_id]).update(
        last_active=now
    )
    enqueue_on_commit("ladder.notify_challenge", challenge.pk)
    return challenge


def _challenger_score(challenge: LadderChallenge, game: Game) -> float | None:
    black = score_for_black(game.result)
    if black is None:
        return None
    return black if challenge.challenger_id == game.black_id else 1.0 - black


def _move(order: list[LadderEntry], entry: LadderEntry, to_index: int) -> None:
    order.remove(entry)
    order.insert(max(0, min(to_index, len(order))), entry)


def _apply_action(action: str, order: list[LadderEntry], up: LadderEntry, down: LadderEntry):
    """`up` (the challenger) gains on `down` (the defender) by `action`, if still below."""
    if action == WinAction.NOTHING or order.index(up) < order.index(down):
        return
    target = order.index(down)
    if action == WinAction.SWAP:
        here = order.index(up)
        order[target], order[here] = up, down
    else:
        _move(order, up, target)


def ladder_game_apply(*, game: Game, now: dt.datetime) -> LadderChallenge | None:
    """Apply a finished ladder game to its ladder's positions (see the module docstring); None
    for a game that is not a running ladder challenge, so applying twice changes nothing. Runs
    inside the game's transaction (the game-finished hook): it takes the ladder lock after the
    game lock, the order every ladder write that touches a game keeps."""
    found = LadderChallenge.objects.filter(game=game, status=LadderChallengeStatus.RUNNING).first()
    if found is None:
        return None
    ladder = ladder_lock(ladder_id=found.ladder_id)
    challenge = LadderChallenge.objects.select_for_update().get(pk=found.pk)
    if challenge.status != LadderChallengeStatus.RUNNING:
        return None
    if game.end_reason == EndReason.ANNULLED:
        # No result (a moderator's decision): no position moves, nobody's "last result"
        # changes, and the challenge is over, so either player may challenge again.
        challenge.status, challenge.finished = LadderChallengeStatus.DONE, now
        challenge.outcome = LadderOutcome.ANNULLED
        challenge.save(update_fields=["status", "finished", "outcome"])
        return challenge
    score = _challenger_score(challenge, game)
    order = ladder_order(ladder=ladder)
    by_user = {e.user_id: e for e in order}
    up, down = by_user.get(challenge.challenger_id), by_user.get(challenge.defender_id)
    timeout = game.end_reason == EndReason.TIMEOUT
    leaving = []
    if score == 1.0:
        action = ladder.timeout_win_action if timeout else ladder.win_action
        if timeout and game.move_number < MIN_TIMEOUT_MOVES:
            action = WinAction.NOTHING
        outcome = LadderOutcome.WON_ON_TIME if timeout else LadderOutcome.WON
    elif score == 0.5:
        action, outcome = ladder.jigo_action, LadderOutcome.JIGO
    else:
        action = WinAction.NOTHING
        outcome = LadderOutcome.LOST_ON_TIME if timeout else LadderOutcome.LOST
    if up is not None and down is not None:
        _apply_action(action, order, up, down)
    if timeout and score in (0.0, 1.0):
        loser = down if score == 1.0 else up
        if loser is not None:
            loser.timeouts += 1
            if ladder.timeout_removal and loser.timeouts >= ladder.timeout_removal:
                order.remove(loser)
                leaving.append(loser)
            else:
                _move(order, loser, order.index(loser) + ladder.timeout_penalty)
            loser.save(update_fields=["timeouts"])
    _results_note(challenge, game, up, down, score)
    changes = positions_write(
        ladder=ladder,
        order=order,
        leaving=leaving,
        reasons={
            challenge.challenger_id: f"game {game.pk}",
            challenge.defender_id: f"game {game.pk}",
        },
        now=now,
    )
    challenge.status, challenge.finished, challenge.outcome = (
        LadderChallengeStatus.DONE,
        now,
        outcome,
    )
    challenge.save(update_fields=["status", "finished", "outcome"])
    _notify_positions([change.pk for change in changes])
    return challenge


def _results_note(challenge, game, up, down, score) -> None:
    """Write each player's "last result" and mark them active."""
    names = {
        challenge.challenger_id: challenge.defender,
        challenge.defender_id: challenge.challenger,
    }
    for entry, mine in ((up, score), (down, None if score is None else 1.0 - score)):
        if entry is None:
            continue
        word = {1.0: "won against", 0.5: "jigo with", 0.0: "lost to"}.get(mine, "played")
        entry.last_result = f"{word} {names[entry.user_id].username}"
        entry.last_outcome = {
            1.0: LastOutcome.WON,
            0.5: LastOutcome.JIGO,
            0.0: LastOutcome.LOST,
        }.get(mine, "")
        entry.last_opponent = names[entry.user_id]
        entry.last_active = game.finished or entry.last_active
        entry.save(update_fields=["last_result", "last_outcome", "last_opponent", "last_active"])


def ladders_remove_inactive(*, now: dt.datetime) -> int:
    """Remove from every ladder the players without a ladder game (challenge made, received or
    finished) for the ladder's `inactive_days` and with none running, and tell them; returns
    how many. Each ladder is one transaction; safe to run twice. A fixed number of statements
    per ladder however many leave (the idle are found by `last_active`'s index first: a
    ladder nobody leaves is not read whole)."""
    removed = 0
    for ladder_id in Ladder.objects.exclude(inactive_days=0).values_list("pk", flat=True):
        with transaction.atomic():
            ladder = ladder_lock(ladder_id=ladder_id)
            cutoff = now - dt.timedelta(days=ladder.inactive_days)
            candidates = LadderEntry.objects.filter(
                ladder=ladder, position__isnull=False, last_active__lt=cutoff
            )
            running = LadderChallenge.objects.filter(
                ladder=ladder, status=LadderChallengeStatus.RUNNING
            )
            gone = set(
                candidates.exclude(user_id__in=running.values("challenger_id"))
                .exclude(user_id__in=running.values("defender_id"))
                .values_list("user_id", flat=True)
            )
            if not gone:
                continue
            changes = positions_remove(ladder=ladder, gone=gone, reason="inactive", now=now)
            if changes:
                # The ladder's changes from the first to the last id of that one INSERT are its
                # own: every change of this ladder's positions holds the lock held here.
                told = PositionChange.objects.filter(
                    ladder=ladder, pk__range=(changes[0], changes[-1])
                )
                enqueue_select_on_commit("ladder.notify_position", rows=told, args=JSONArray("pk"))
            removed += len(gone)
    return removed
