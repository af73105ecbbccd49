"""The row lock a move takes (games.services.locking): with the game it says, in the same query,
whether anyone has conditional moves in the game and which player is on vacation at `now`."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import DatabaseError, transaction
from django.db.models.signals import post_save

from games.models import ConditionalMoves, Game, Vacation
from games.services.locking import game_lock, game_lock_for_turn, game_locked_save
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


def test_a_locked_game_saves_the_columns_it_changed_and_no_other(game_factory):
    game = game_factory(moves=("E5",))
    seen = []

    def saved(sender, instance, update_fields, created, **kwargs):
        seen.append((instance.pk, update_fields, created))

    post_save.connect(saved, sender=Game)
    try:
        with transaction.atomic():
            locked = game_lock(game_id=game.pk)
            # Written behind the lock's back: a save of other columns leaves it alone.
            Game.objects.filter(pk=game.pk).update(public=False)
            locked.moves += "dd"
            locked.move_number += 1
            locked.score = {"black": 1}
            game_locked_save(game=locked)
            locked.score["black"] = 2  # changed in place: still seen as a change
            game_locked_save(game=locked)
            game_locked_save(game=locked)  # nothing changed: nothing written, no signal
    finally:
        post_save.disconnect(saved, sender=Game)
    stored = Game.objects.get(pk=game.pk)
    assert (stored.moves, stored.move_number, stored.score) == (
        game.moves + "dd",
        game.move_number + 1,
        {"black": 2},
    )
    assert stored.public is False
    assert seen == [
        (game.pk, frozenset({"moves", "move_number", "score"}), False),
        (game.pk, frozenset({"score"}), False),
    ]


def test_saving_a_locked_game_that_is_gone_raises_as_model_save_does(game_factory):
    game = game_factory()
    with transaction.atomic():
        locked = game_lock(game_id=game.pk)
        Game.objects.filter(pk=game.pk).update(id=game.pk + 1000)
        locked.moves = "dd"
        with pytest.raises(DatabaseError), transaction.atomic():
            game_locked_save(game=locked)
