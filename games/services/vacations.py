"""Vacations: a player on vacation has their clock stopped in every game that allows it."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils.translation import gettext

from accounts.models import User
from games import clock
from games.errors import GameActionError
from games.models import Game, GameStatus, Vacation
from games.selectors import play as selectors
from games.services.clocks import clock_schedule
from rules import BLACK, WHITE


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


def _games_to_move(user_id: int) -> QuerySet[Game]:
    return Game.objects.select_for_update(of=("self",)).filter(
        Q(black_id=user_id, to_move=BLACK) | Q(white_id=user_id, to_move=WHITE),
        status=GameStatus.PLAYING,
        vacation_allowed=True,
        adjourned__isnull=True,  # an adjourned game's clock waits for the suspension's end
    )


@transaction.atomic
def vacation_start(*, user: User, now: dt.datetime) -> Vacation:
    """`user` goes on vacation at `now`: their clocks stop, with the time each had left, in
    every running game that allows vacations (overdue games are left to the sweep). The
    vacation lasts until they stop it or their balance is used up.

    Raises GameActionError when already on vacation, ValidationError with less than one day
    of balance, and for a bot (bots never take vacations).
    """
    if user.is_bot:
        raise ValidationError(gettext("Bots never take vacations: their clocks never run."))
    row = _locked_vacation(user.pk, now)
    if row.active:
        raise GameActionError(gettext("You are already on vacation."), code="on_vacation")
    balance = clock.vacation_accrued(balance=row.balance, since=row.balance_at, now=now)
    if balance < clock.VACATION_MIN_START:
        raise ValidationError(
            gettext("A vacation needs at least one day of balance; you have %(value)s.")
            % {"value": selectors.duration_label(balance)}
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
        raise GameActionError(gettext("You are not on vacation."), code="not_on_vacation")
    end = min(now, row.until)
    row.balance = max(row.balance - (end - row.started), clock.ZERO)
    row.balance_at = end
    row.started = row.until = None
    row.save()
    for game in _games_to_move(user.pk).filter(deadline__isnull=True):
        game.clock_started = end
        clock_schedule(game=game, colour=game.to_move)
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
