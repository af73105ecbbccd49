"""The game page's board and move list from the cache (core.http_cache.fragments): drawn once
per game state, look and viewer's turn; a move, a resignation, a corrected count or another
look draws anew; a failing cache costs a render, never the page."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone, translation

from accounts.models import Preferences
from core.http_cache.fragments import fragment, fragments_get, fragments_set
from games.pages import status as status_page
from games.pages.tags import game_state_key
from games.services import play
from tests.games.conftest import play as play_move


def _board(client, game) -> bytes:
    page = client.get(reverse("games:board", args=[game.pk]))
    assert page.status_code == 200
    return page.content


def _stones(content: bytes) -> set[tuple[str, str]]:
    return set(re.findall(rb'<circle class="bd-st (b|w)[^"]*" data-name="(\w+)"', content))


def _moves(content: bytes) -> list[bytes]:
    return re.findall(rb"<li>([BW] \w+)</li>", content.split(b'<ol class="move-list">')[1])


def test_a_move_draws_the_new_board_and_move_list(client, game_factory, black):
    game = game_factory(moves=("E5",), now=timezone.now())
    client.force_login(black)
    _board(client, game)
    assert _stones(_board(client, game)) == {(b"b", b"E5")}  # the second view, from the cache
    game = play_move(game, "C3", timezone.now())
    content = _board(client, game)
    assert _stones(content) == {(b"b", b"E5"), (b"w", b"C3")}
    assert _moves(content) == [b"B E5", b"W C3"]
    assert b'data-pick="' in content and b"C3," not in content.split(b'data-pick="')[1][:400]


def test_each_viewer_turn_and_look_has_its_own_board(client, game_factory, black, white):
    game = game_factory(now=timezone.now())
    client.force_login(white)
    assert b"data-pick" not in _board(client, game)  # not White's turn
    client.force_login(black)
    assert b"data-pick" in _board(client, game)
    Preferences.objects.update_or_create(user=black, defaults={"board_theme": "slate"})
    assert b"board-theme-slate" in _board(client, game)
    client.force_login(white)
    assert b"board-theme-wood" in _board(client, game)


def test_a_resignation_draws_a_board_without_links(client, game_factory, black, white):
    game = game_factory(moves=("E5",), now=timezone.now())
    client.force_login(white)
    assert b"data-pick" in _board(client, game)
    play.game_resign(game_id=game.pk, user=white, expected_move_number=1, now=timezone.now())
    game.refresh_from_db()
    assert b"data-pick" not in _board(client, game)


def test_a_corrected_count_changes_the_key(game_factory):
    game = game_factory(moves=("E5", "pass", "pass"))
    before = game_state_key(game)
    game.score = {**game.score, "dead": ["ee"]}
    assert game_state_key(game) != before


@pytest.mark.usefixtures("cache_down")
def test_the_page_is_served_when_the_cache_fails(client, game_factory, black):
    game = game_factory(moves=("E5",), now=timezone.now())
    client.force_login(black)
    first, second = _board(client, game), _board(client, game)
    assert _stones(first) == _stones(second) == {(b"b", b"E5")}


def test_fragment_renders_once_then_reads_the_cache():
    calls = []

    def render():
        calls.append(1)
        return {"svg": "<svg/>"}

    assert fragment("k", render) == fragment("k", render) == {"svg": "<svg/>"}
    assert len(calls) == 1
    assert cache.get(f"k:{translation.get_language()}") == {"svg": "<svg/>"}
    fragments_set({"a": 1, "b": 2})
    assert fragments_get(["a", "b", "c"]) == {"a": 1, "b": 2}
    assert fragments_get([]) == {}


def test_each_language_keeps_its_own_pieces():
    with translation.override("ja"):
        fragments_set({"a": "黒"})
    with translation.override("de"):
        assert fragments_get(["a"]) == {}
        fragments_set({"a": "Schwarz"})
    with translation.override("ja"):
        assert fragments_get(["a"]) == {"a": "黒"}


def _thumbnails(client) -> list[bytes]:
    """The status page's thumbnails, each fetched from its own address."""
    page = client.get(reverse("games:status")).content.decode()
    return [
        client.get(src).content for src in re.findall(r'<img class="bd-thumb" src="([^"]+)"', page)
    ]


def test_status_thumbnails_are_drawn_once_per_game_state(
    client, game_factory, black, monkeypatch, django_capture_on_commit_callbacks
):
    drawn = []
    real = status_page.board_thumbnail_svg
    monkeypatch.setattr(
        status_page, "board_thumbnail_svg", lambda *a, **k: drawn.append(1) or real(*a, **k)
    )
    game = game_factory(moves=("E5",), now=timezone.now())
    game_factory(now=timezone.now())
    client.force_login(black)
    first = _thumbnails(client)
    assert len(drawn) == 2
    assert all(b'class="bd-thumb"' in thumb for thumb in _thumbnails(client))
    assert len(drawn) == 2  # both from the cache
    with django_capture_on_commit_callbacks(execute=True):  # the commit renews the page
        play_move(game, "C3", timezone.now())
    again = _thumbnails(client)
    assert len(drawn) == 3  # only the game that moved
    assert b"".join(first).count(b"<circle") + 1 == b"".join(again).count(b"<circle")


@pytest.mark.usefixtures("cache_down")
def test_status_page_is_served_when_the_cache_fails(client, game_factory, black):
    game_factory(moves=("E5",), now=timezone.now())
    client.force_login(black)
    page = client.get(reverse("games:status"))
    assert page.status_code == 200
    assert page.content.count(b'<img class="bd-thumb"') == 1
    [thumb] = _thumbnails(client)
    assert thumb.count(b"<circle") == 1
