"""The row lock a move takes (games.services.locking): with the game it says, in the same query,
whether anyone has conditional moves in the game and which player is on vacation at `now`; the
write under it sends only what changed, and renews the players' status stamps."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import DatabaseError, connection, transaction
from django.db.models.signals import post_save, pre_save
from django.test.utils import CaptureQueriesContext

from core.http_cache.stamps import status_stamp_get
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


def test_a_locked_game_writes_the_columns_it_changed_and_no_other(game_factory):
    game = game_factory(moves=("E5",))
    with CaptureQueriesContext(connection) as queries, transaction.atomic():
        locked = game_lock(game_id=game.pk)
        # Written behind the lock's back: a write of other columns leaves it alone.
        Game.objects.filter(pk=game.pk).update(public=False)
        locked.moves += "dd"
        locked.move_number += 1
        locked.score = {"black": 1}
        game_locked_save(game=locked)
        locked.score["black"] = 2  # changed in place: still seen as a change
        game_locked_save(game=locked)
        game_locked_save(game=locked)  # nothing changed: nothing written
    updates = [q["sql"] for q in queries if q["sql"].startswith("UPDATE")][1:]
    column = Game._meta.get_field
    assert [
        sorted(
            c
            for c in ("moves", "move_number", "score", "public")
            if f'"{column(c).column}" =' in sql
        )
        for sql in updates
    ] == [
        ["move_number", "moves", "score"],
        ["score"],
    ]
    stored = Game.objects.get(pk=game.pk)
    assert (stored.moves, stored.move_number, stored.score) == (
        game.moves + "dd",
        game.move_number + 1,
        {"black": 2},
    )
    assert stored.public is False


def test_a_locked_write_renews_both_players_status_stamps_at_the_commit(
    game_factory, django_capture_on_commit_callbacks
):
    game = game_factory(moves=("E5",))
    stamps = [status_stamp_get(user_id=uid) for uid in (game.black_id, game.white_id)]
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        locked = game_lock(game_id=game.pk)
        locked.moves += "dd"
        game_locked_save(game=locked)
        assert [status_stamp_get(user_id=u) for u in (game.black_id, game.white_id)] == stamps
    renewed = [status_stamp_get(user_id=u) for u in (game.black_id, game.white_id)]
    assert all(new != old for new, old in zip(renewed, stamps, strict=True))


def _receivers(signal, sender) -> list[str]:
    return [key[0] for key, *_ in signal.receivers if key[1] == id(sender)]


def test_what_game_s_save_signals_would_do_the_locked_write_does():
    """`game_locked_save` sends no signal and renews the status stamps itself, as the one
    receiver of Game's saves does: a new receiver must be looked at there too."""
    assert _receivers(pre_save, Game) == []
    assert _receivers(post_save, Game) == ["games.status_stamp_game_saved"]


def test_saving_a_locked_game_that_is_gone_raises_as_model_save_does(game_factory):
    game = game_factory()
    with transaction.atomic():
        locked = game_lock(game_id=game.pk)
        Game.objects.filter(pk=game.pk).update(id=game.pk + 1000)
        locked.moves = "dd"
        with pytest.raises(DatabaseError), transaction.atomic():
            game_locked_save(game=locked)
