"""The game with its players in one statement written once (games.selectors.game_row): the same
instances, column for column and type for type, as the ORM's `select_related` read, in one
query, on whichever database the suite runs."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.errors import NoSuchGame
from games.models import Game
from games.reviews.services import game_note_save
from games.selectors.game_row import game_row_get
from games.selectors.play import game_page_get
from games.services import play as play_service
from games.services.chat import game_chat_post
from tests.games.conftest import NOW

pytestmark = pytest.mark.django_db


def columns(row) -> dict:
    """Every loaded column of `row` with its value's type (a memoryview compared by content)."""
    out = {}
    for field in row._meta.concrete_fields:
        value = row.__dict__[field.attname]
        if isinstance(value, memoryview):
            value = bytes(value)
        out[field.attname] = (type(row.__dict__[field.attname]).__name__, value)
    return out


def orm_read(game_id: int) -> Game:
    return Game.objects.select_related("black", "white").get(pk=game_id)


def assert_same(found: Game, expected: Game) -> None:
    assert columns(found) == columns(expected)
    for name in ("black", "white"):
        assert Game._meta.get_field(name).is_cached(found)
        assert columns(getattr(found, name)) == columns(getattr(expected, name))
    assert found._state.db == expected._state.db
    assert found._state.adding is False


def test_a_running_game_reads_as_the_orm_reads_it(game_factory):
    game = game_factory(
        moves=("E5", "D4", "pass"),
        komi=Decimal("5.5"),
        clock_kind="fischer",
        clock_days=3,
        clock_increment_days=1,
        clock_cap_days=7,
    )
    assert game.black_bank  # a duration column holding a value
    assert_same(game_row_get(game_id=game.pk), orm_read(game.pk))


def test_a_finished_game_with_its_count_and_a_hex_board_read_as_the_orm_reads_them(
    game_factory, black, white
):
    finished = game_factory(moves=("E5", "pass", "pass"))
    assert finished.score  # a JSON column holding a value
    assert_same(game_row_get(game_id=finished.pk), orm_read(finished.pk))
    hexagonal = game_factory(board_kind="hex", board_size=6, ruleset="badux", moves=("pass",))
    resigned = play_service.game_resign(
        game_id=hexagonal.pk, user=white, expected_move_number=1, now=NOW
    )
    assert_same(game_row_get(game_id=resigned.pk), orm_read(resigned.pk))


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
    assert_same(locked, orm_read(game.pk))
    if connection.features.has_select_for_update:
        with pytest.raises(TransactionManagementError):
            game_row_get(game_id=game.pk, lock=True)
    else:  # SQLite locks the whole database at the write; the ORM does not refuse either
        assert game_row_get(game_id=game.pk, lock=True).pk == game.pk


def test_extra_columns_come_as_booleans_with_their_parameters(game_factory):
    game = game_factory()
    found = game_row_get(
        game_id=game.pk,
        extra=(("old", "(%s < %s)"), ("young", "(%s > %s)")),
        params=(1, 2, 1, 2),
    )
    assert (found.old, found.young) == (True, False)


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
    assert_same(game_page_get(game_id=game.pk, viewer=black), orm_read(game.pk))
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
