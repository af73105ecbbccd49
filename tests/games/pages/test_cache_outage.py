"""A cache outage costs queries, never a page: the backend (baduxsite.cache, django-redis with
IGNORE_EXCEPTIONS) turns every failure into a miss or a dropped write, so no code wraps its
cache calls. Checked against a real redis-server that has been stopped (the `cache_down`
fixture), not a mock."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.cache import cache
from django.urls import reverse

from accounts.models import Preferences
from accounts.selectors import DEFAULT_BOARD, board_appearance_get
from core.http_cache.fragments import fragment, fragments_get
from core.http_cache.stamps import status_stamp_get, status_stamps_bump
from ladder.tournaments.selectors import game_competition

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("cache_down")]

NOW = dt.datetime(2026, 3, 2, 12, tzinfo=dt.UTC)


def test_the_backend_answers_misses_and_drops_writes():
    cache.set("k", 1)
    assert cache.get("k") is None
    assert cache.get_many(["k"]) == {}
    assert cache.add("lock", 1) is True  # a lock-style caller goes on (baduxsite.cache)


def test_kept_pieces_are_rendered_every_time():
    drawn = []
    assert fragment("piece", lambda: drawn.append(1) or "svg") == "svg"
    assert fragment("piece", lambda: drawn.append(1) or "svg") == "svg"
    assert drawn == [1, 1] and fragments_get(["piece"]) == {}


def test_status_stamps_are_new_each_time_so_nothing_stale_is_served(black):
    status_stamps_bump(user_ids=[black.pk])
    assert status_stamp_get(user_id=black.pk) != status_stamp_get(user_id=black.pk)


def test_the_board_appearance_costs_the_query(black):
    assert board_appearance_get(user=black) == DEFAULT_BOARD
    Preferences.objects.update_or_create(user=black, defaults={"board_theme": "slate"})
    assert board_appearance_get(user=black).theme == "slate"


def test_a_game_outside_ladders_and_tournaments_is_asked_of_the_database(game_factory):
    game = game_factory(moves=("E5",), now=NOW)
    assert game_competition(game_id=game.pk) is None
    assert game_competition(game_id=game.pk) is None


def test_logging_in_and_reading_pages_work(client, black, game_factory):
    game = game_factory(moves=("E5",), now=NOW)
    client.force_login(black)
    for url in (reverse("games:status"), reverse("games:board", args=[game.pk])):
        first, second = client.get(url), client.get(url)
        assert first.status_code == second.status_code == 200
    assert client.get(reverse("games:status")).wsgi_request.user == black
