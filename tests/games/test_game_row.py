"""The game with its players in one statement written once (games.selectors.game_row): one
query, None for any id that names no game, the lock only inside a transaction, and the game
page's EXISTS columns. (The statement against the ORM's read: tests/games/test_sql.py.)"""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.errors import NoSuchGame
from games.reviews.services import game_note_save
from games.selectors.game_row import game_row_get
from games.selectors.play import game_page_get
from games.services.chat import game_chat_post
from tests.games.conftest import NOW

pytestmark = pytest.mark.django_db


def test_the_players_come_in_the_same_single_query(game_factory):
    game = game_factory(moves=("E5",))
    with CaptureQueriesContext(connection) as queries:
        found = game_row_get(game_id=game.pk)
        names = (found.black.username, found.white.username)
    assert names == (game.black.username, game.white.username)
    assert len(queries) == 1


def test_a_missing_game_is_none(game_factory):
    game = game_factory()
    assert game_row_get(game_id=game.pk + 1000) is None


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game_id=st.one_of(st.integers(), st.integers(min_value=2**62, max_value=2**200)))
def test_any_id_is_a_game_or_none_never_an_error(game_id):
    """Ids past the column's range (a URL's <int:...> takes any digits) answer None, as the
    ORM's lookup does, instead of the database's out-of-range error."""
    assert game_row_get(game_id=game_id) is None


@pytest.mark.django_db(transaction=True)
def test_the_locking_read_needs_a_transaction_where_the_database_locks(game_factory):
    game = game_factory()
    with transaction.atomic():
        locked = game_row_get(game_id=game.pk, lock=True)
    assert (locked.pk, locked.black.pk) == (game.pk, game.black_id)
    if connection.features.has_select_for_update:
        with pytest.raises(TransactionManagementError):
            game_row_get(game_id=game.pk, lock=True)
    else:  # SQLite locks the whole database at the write; the ORM does not refuse either
        assert game_row_get(game_id=game.pk, lock=True).pk == game.pk


def test_the_game_page_read_says_whether_there_is_chat_and_whether_the_viewer_has_notes(
    game_factory, black, white, user_factory
):
    game = game_factory(moves=("E5",))
    kibitzer = user_factory(username="kibitzer")
    found = game_page_get(game_id=game.pk, viewer=black)
    assert (found.chat_any, found.note_any) == (False, False)
    game_chat_post(game_id=game.pk, user=white, text="Have a good game", now=NOW)
    game_note_save(game=game, user=black, text="Attack the C3 stone", now=NOW)
    for viewer, notes in ((black, True), (white, False), (kibitzer, False), (None, False)):
        found = game_page_get(game_id=game.pk, viewer=viewer)
        assert (found.chat_any, found.note_any) == (True, notes)
    with pytest.raises(NoSuchGame):
        game_page_get(game_id=game.pk + 1000, viewer=black)


def test_the_game_page_shows_chat_and_notes_with_a_query_each_only_when_there_are_some(
    client, game_factory, black, white, django_assert_num_queries
):
    game = game_factory(now=timezone.now())  # Black to move: no planned answers to read
    client.force_login(black)
    url = reverse("games:board", args=[game.pk])
    client.get(url)  # the session and the ladder lookup, warm
    with django_assert_num_queries(3):  # user, game, unread counts
        assert client.get(url).status_code == 200
    game_chat_post(game_id=game.pk, user=white, text="Have a good game", now=timezone.now())
    game_note_save(game=game, user=black, text="Attack the C3 stone", now=timezone.now())
    with django_assert_num_queries(5):
        page = client.get(url).content.decode()
    assert "Have a good game" in page
    assert "Attack the C3 stone" in page
