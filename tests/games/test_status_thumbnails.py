"""The status page's thumbnails (games.views.status.thumbnail): each card links an image of
its own, named by the game's state, so the page draws none however many games run (issue 43:
300 running games drew 300 thumbnails on a cold cache), and the browser keeps each for good."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.urls import reverse

from games.models import Game
from games.pages import status as status_page
from games.pages.status import thumbnail_state
from games.services import play
from tests.games.conftest import NOW
from tests.games.conftest import play as play_move

pytestmark = pytest.mark.django_db


def _sources(client) -> list[str]:
    page = client.get(reverse("games:status")).content.decode()
    return re.findall(r'<img class="bd-thumb" src="([^"]+)"', page)


def test_a_card_links_the_address_of_its_games_state(client, game_factory, black):
    game = game_factory(moves=("E5",))
    client.force_login(black)
    [src] = _sources(client)
    assert src == reverse("games:thumbnail", args=[game.pk, "wood", thumbnail_state(game)])
    answer = client.get(src)
    assert answer.status_code == 200
    assert answer["Content-Type"] == "image/svg+xml; charset=utf-8"
    assert "immutable" in answer["Cache-Control"] and "private" in answer["Cache-Control"]
    assert answer.content.decode().count("<circle") == 1
    again = client.get(src, headers={"if-none-match": answer["ETag"]})
    assert again.status_code == 304


def test_an_address_the_game_moved_past_shows_the_position_now_and_is_asked_again(
    client, game_factory, black
):
    game = game_factory(moves=("E5",))
    client.force_login(black)
    [old] = _sources(client)
    play_move(game, "C3", NOW)
    answer = client.get(old)
    assert answer.content.decode().count("<circle") == 2
    assert "no-cache" in answer["Cache-Control"] and "immutable" not in answer["Cache-Control"]
    [new] = _sources(client)
    assert new != old


@pytest.mark.parametrize("theme", ["nope", "wood-x"])
def test_an_unknown_theme_is_not_found(client, game_factory, black, theme):
    game = game_factory()
    client.force_login(black)
    url = reverse("games:thumbnail", args=[game.pk, theme, thumbnail_state(game)])
    assert client.get(url).status_code == 404


def test_a_private_games_thumbnail_is_only_for_its_players(
    client, game_factory, black, user_factory
):
    game = game_factory()
    Game.objects.filter(pk=game.pk).update(public=False)
    url = reverse("games:thumbnail", args=[game.pk, "wood", thumbnail_state(game)])
    client.force_login(user_factory(username="stranger"))
    assert client.get(url).status_code == 404
    client.force_login(black)
    assert client.get(url).status_code == 200


def test_the_status_page_draws_no_thumbnail_and_its_queries_do_not_grow(
    client, game_factory, black, white, monkeypatch, django_assert_max_num_queries
):
    def refuse(*args, **kwargs):
        raise AssertionError("the status page drew a thumbnail")

    monkeypatch.setattr(status_page, "board_thumbnail_svg", refuse)
    client.force_login(black)
    game_factory(moves=("E5",))
    cache.clear()
    with django_assert_max_num_queries(20) as few:
        client.get(reverse("games:status"))
    for i in range(12):
        game = game_factory(
            board_kind="hex" if i % 2 else "square",
            board_size=6 if i % 2 else 9,
            ruleset="badux" if i % 2 else "go-area",
        )
        if i % 3 == 0:
            play.game_resign(game_id=game.pk, user=white, expected_move_number=0, now=NOW)
    cache.clear()  # a cold cache: nothing kept of the page or its cards
    with django_assert_max_num_queries(len(few.captured_queries)):
        page = client.get(reverse("games:status"))
    assert page.content.count(b'<img class="bd-thumb"') == 9


def test_a_thumbnail_s_address_names_its_title_s_language(client, game_factory, black):
    game_factory(moves=("E5",))
    client.force_login(black)
    [english] = _sources(client)
    page = client.get(reverse("games:status"), headers={"accept-language": "fr"}).content.decode()
    [french] = re.findall(r'<img class="bd-thumb" src="([^"]+)"', page)
    assert english.endswith("-en.svg") and french.endswith("-fr.svg")
    answer = client.get(french, headers={"accept-language": "fr"})
    assert "immutable" in answer["Cache-Control"]
