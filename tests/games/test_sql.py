"""The games app's statements written once (games.sql, declared with core.sql's JoinedRow and
row_update), each against the ORM's answer for the same read or write, on whichever database the
suite runs: the game row read (with its EXISTS columns) and the game row update."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.db import transaction
from django.db.models import Exists, OuterRef, Q

from games.models import ConditionalMoves, Game, GameChat, Vacation
from games.reviews.models import GameNote
from games.reviews.services import game_note_save
from games.services import play as play_service
from games.services.chat import game_chat_post
from games.sql import game_row_select, game_row_update
from games.watching.models import GameWatch, Kibitz, KibitzHidden
from games.watching.services import kibitz_hidden_set, kibitz_post, watch_start
from tests.games.conftest import NOW

pytestmark = pytest.mark.django_db

DAY = dt.timedelta(days=1)


def columns(row) -> dict:
    """Every loaded column of `row` with its value's type (a memoryview compared by content)."""
    out = {}
    for field in row._meta.concrete_fields:
        value = row.__dict__[field.attname]
        if isinstance(value, memoryview):
            value = bytes(value)
        out[field.attname] = (type(row.__dict__[field.attname]).__name__, value)
    return out


def orm_read(game_id: int, **annotations) -> Game:
    return Game.objects.select_related("black", "white").annotate(**annotations).get(pk=game_id)


def assert_same(found: Game, expected: Game, names: tuple[str, ...] = ()) -> None:
    assert columns(found) == columns(expected)
    for name in ("black", "white"):
        assert Game._meta.get_field(name).is_cached(found)
        assert columns(getattr(found, name)) == columns(getattr(expected, name))
    assert found._state.db == expected._state.db
    assert found._state.adding is False
    for name in names:
        assert (name, getattr(found, name)) == (name, getattr(expected, name))


def _away(colour: str, now: dt.datetime) -> Exists:
    return Exists(Vacation.objects.filter(user=OuterRef(colour), started__lte=now, until__gt=now))


@pytest.mark.django_db(transaction=True)
def test_the_game_row_read_is_the_orm_s_select_related_read_locked_or_not(
    game_factory, black, white
):
    running = game_factory(
        moves=("E5", "D4", "pass"),
        komi=Decimal("5.5"),
        clock_kind="fischer",
        clock_days=3,
        clock_increment_days=1,
        clock_cap_days=7,
    )
    assert running.black_bank  # a duration column holding a value
    finished = game_factory(moves=("E5", "pass", "pass"))
    assert finished.score  # a JSON column holding a value
    hexagonal = game_factory(board_kind="hex", board_size=6, ruleset="badux", moves=("pass",))
    resigned = play_service.game_resign(
        game_id=hexagonal.pk, user=white, expected_move_number=1, now=NOW
    )
    for game in (running, finished, resigned):
        assert_same(game_row_select(game_id=game.pk, lock=False), orm_read(game.pk))
        with transaction.atomic():
            assert_same(game_row_select(game_id=game.pk, lock=True), orm_read(game.pk))
    assert game_row_select(game_id=resigned.pk + 1000, lock=False) is None
    assert Game.objects.filter(pk=resigned.pk + 1000).first() is None


def test_a_turn_s_exists_columns_are_the_orm_s_exists(game_factory, black, white, user_factory):
    game = game_factory(moves=("E5",))
    turn = ("conditional_any", "black_away", "white_away", "watch_any")

    def both(now):
        with transaction.atomic():
            ours = game_row_select(game_id=game.pk, lock=True, extras="turn", params=[now] * 4)
        theirs = orm_read(
            game.pk,
            conditional_any=Exists(ConditionalMoves.objects.filter(game=OuterRef("pk"))),
            black_away=_away("black", now),
            white_away=_away("white", now),
            watch_any=Exists(GameWatch.objects.filter(game=OuterRef("pk"))),
        )
        return ours, theirs

    Vacation.objects.create(
        user=black, balance=3 * DAY, balance_at=NOW, started=NOW - DAY, until=NOW + DAY
    )
    Vacation.objects.create(user=white, balance=3 * DAY, balance_at=NOW)  # no vacation
    for now in (NOW - 2 * DAY, NOW - DAY, NOW, NOW + DAY):
        ours, theirs = both(now)
        assert_same(ours, theirs, turn)
    ConditionalMoves.objects.create(game=game, owner=white, tree=[], created=NOW, updated=NOW)
    GameWatch.objects.create(game=game, user=user_factory(username="kibitzer"), created=NOW)
    ours, theirs = both(NOW)
    assert_same(ours, theirs, turn)
    assert ours.conditional_any is True
    assert ours.watch_any is True


def test_the_game_page_s_exists_columns_are_the_orm_s_exists(
    game_factory, black, white, user_factory
):
    game = game_factory(moves=("E5",))
    spectator = user_factory(username="kibitzer")
    names = (
        "chat_any",
        "note_any",
        "kibitz_any",
        "watch_any",
        "watch_mine",
        "black_hides_kibitz",
        "white_hides_kibitz",
    )

    def compare():
        for viewer in (black, white, spectator, None):
            viewer_id = viewer.pk if viewer else None
            ours = game_row_select(
                game_id=game.pk, lock=False, extras="page", params=[viewer_id, viewer_id]
            )
            notes = GameNote.objects.filter(game=OuterRef("pk"))
            watches = GameWatch.objects.filter(game=OuterRef("pk"))
            theirs = orm_read(
                game.pk,
                chat_any=Exists(GameChat.objects.filter(game=OuterRef("pk"))),
                note_any=Exists(notes.filter(Q(author_id=viewer_id))),
                kibitz_any=Exists(Kibitz.objects.filter(game=OuterRef("pk"))),
                watch_any=Exists(watches),
                watch_mine=Exists(watches.filter(Q(user_id=viewer_id))),
                black_hides_kibitz=Exists(KibitzHidden.objects.filter(user=OuterRef("black"))),
                white_hides_kibitz=Exists(KibitzHidden.objects.filter(user=OuterRef("white"))),
            )
            assert_same(ours, theirs, names)

    compare()
    game_chat_post(game_id=game.pk, user=white, text="Have a good game", now=NOW)
    game_note_save(game=game, user=black, text="Attack the C3 stone", now=NOW)
    watch_start(game_id=game.pk, user=spectator, now=NOW)
    kibitz_post(game_id=game.pk, user=spectator, text="Nice shape", now=NOW)
    kibitz_hidden_set(user=white, hidden=True, now=NOW)
    compare()


def test_the_game_row_update_writes_what_model_save_with_update_fields_writes(game_factory):
    ours, theirs = game_factory(moves=("E5",)), game_factory(moves=("E5",))
    attnames = ("moves", "move_number", "score", "last_move_at", "black_bank", "result")
    for game in (ours, theirs):
        game.moves += "dd"
        game.move_number += 1
        game.score = {"black": 1.5, "dead": [3, 4]}
        game.last_move_at = NOW + DAY
        game.black_bank = 2 * DAY + dt.timedelta(seconds=7)
        game.result = "B+R"
    assert game_row_update(game=ours, attnames=attnames) is True
    theirs.save(update_fields=attnames)
    stored = {row.pk: columns(row) for row in Game.objects.filter(pk__in=(ours.pk, theirs.pk))}
    assert {k: v for k, v in stored[ours.pk].items() if k != "id"} == {
        k: v for k, v in stored[theirs.pk].items() if k != "id"
    }
    Game.objects.filter(pk=ours.pk).delete()
    assert game_row_update(game=ours, attnames=attnames) is False
