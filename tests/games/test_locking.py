"""The row lock a move takes (games.services.locking): with the game it says, in the same query,
whether anyone has conditional moves in the game and which player is on vacation at `now`."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import transaction

from games.models import ConditionalMoves, Vacation
from games.services.locking import game_lock_for_turn
from tests.games.conftest import NOW

pytestmark = pytest.mark.django_db

DAY = dt.timedelta(days=1)


def lock(game, now=NOW):
    with transaction.atomic():
        return game_lock_for_turn(game_id=game.pk, now=now)


def test_a_game_without_plans_or_vacations_says_so(game_factory):
    game = game_factory(moves=("E5",))
    locked = lock(game)
    assert (locked.conditional_any, locked.black_away, locked.white_away) == (False, False, False)
    assert locked.away_at == NOW
    assert locked.black.username == game.black.username  # the players come with it


def test_a_player_is_away_from_the_start_of_their_vacation_until_its_end(game_factory, black):
    game = game_factory()
    Vacation.objects.create(
        user=black, balance=3 * DAY, balance_at=NOW, started=NOW - DAY, until=NOW + DAY
    )
    assert (lock(game).black_away, lock(game).white_away) == (True, False)
    assert lock(game, now=NOW - 2 * DAY).black_away is False  # before it started
    assert lock(game, now=NOW + DAY).black_away is False  # it ended at `until`
    Vacation.objects.filter(user=black).update(started=None, until=None)
    assert lock(game).black_away is False  # a balance row without a vacation


def test_stored_conditional_moves_are_seen_by_the_lock(game_factory, white):
    game = game_factory(moves=("E5",))
    ConditionalMoves.objects.create(game=game, owner=white, tree=[], created=NOW, updated=NOW)
    assert lock(game).conditional_any is True
