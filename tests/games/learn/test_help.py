"""Help where the question comes up: the game page links to the rules that apply, a new
player's home card and the visitors' home page offer Learn, and a first small game."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

pytestmark = pytest.mark.django_db


def test_the_game_page_links_to_the_rules_that_apply(client, game_factory):
    game = game_factory(now=timezone.now())
    page = client.get(reverse("games:board", args=[game.pk])).content.decode()
    rules = reverse("learn:rules")
    for anchor in ("komi", "clocks", "move-cap", "counting"):
        assert f'href="{rules}#{anchor}"' in page
    assert f'href="{reverse("learn:go")}"' in page
    assert f"move cap {game.rule_set.move_cap}" in page
    hexagon = game_factory(board_kind="hex", board_size=6, now=timezone.now())
    page = client.get(reverse("games:board", args=[hexagon.pk])).content.decode()
    assert f'href="{reverse("learn:badux")}"' in page
    assert f"move cap {hexagon.rule_set.move_cap}" in page


def test_a_new_player_is_offered_learn_and_a_first_small_game(client, user_factory):
    client.force_login(user_factory())
    page = client.get(reverse("home")).content.decode()
    assert "Learn in ten minutes" in page
    assert f'href="{reverse("games:new")}?game=square-9"' in page
    assert f'href="{reverse("games:new")}?game=hex-6"' in page
    form = client.get(reverse("games:new"), {"game": "hex-6"}).content.decode()
    assert '<option value="hex-6" selected>' in form
    # Anything else leaves the form's own default.
    assert client.get(reverse("games:new"), {"game": "hex-99"}).status_code == 200


def test_a_player_with_games_is_not_told_to_learn(client, game_factory, black):
    game_factory(now=timezone.now())
    client.force_login(black)
    assert "Learn in ten minutes" not in client.get(reverse("home")).content.decode()


def test_visitors_find_learn_on_the_home_page(client):
    page = client.get(reverse("home")).content.decode()
    assert "Learn in ten minutes" in page
    assert f'href="{reverse("learn:badux")}"' in page
