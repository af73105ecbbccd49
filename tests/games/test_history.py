"""The history page: finished public games, and one player's."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from games.services import play
from tests.games.helpers import messages_of

pytestmark = pytest.mark.django_db


def test_history_lists_finished_public_games(client, game_factory, black, white):
    game = game_factory(moves=("E5",))
    play.game_resign(game_id=game.pk, user=white, expected_move_number=1, now=timezone.now())
    game_factory()  # still running: not in the history
    page = client.get(reverse("games:history"), {"player": "kuro"})
    assert list(page.context["page"].object_list) == [game]


@pytest.mark.parametrize("name", ["\x00", "kuro\x00", "x" * 5000])
def test_history_for_a_name_no_account_can_have_says_there_is_no_such_player(
    client, game_factory, name, refuse_nul_like_postgresql
):
    page = client.get(reverse("games:history"), {"player": name})
    assert page.status_code == 200
    assert page.context["player"] is None
    assert messages_of(page) == [f"There is no player named '{name.strip()}'."]


def _finished_games(game_factory, white, count: int) -> list:
    games = []
    for _ in range(count):
        game = game_factory(moves=("E5",))
        play.game_resign(game_id=game.pk, user=white, expected_move_number=1, now=timezone.now())
        games.append(game)
    return games[::-1]  # newest first


@pytest.mark.parametrize("player", ["", "kuro"])
def test_history_pages_are_keyed_by_the_games_around_them_and_walk_both_ways(
    client, game_factory, white, monkeypatch, player
):
    monkeypatch.setattr("games.views.history.PAGE_SIZE", 2)
    games = _finished_games(game_factory, white, 5)
    seen, pages, query = [], [], {"player": player}
    while True:
        page = client.get(reverse("games:history"), query).context["page"]
        pages.append(list(page.object_list))
        seen += page.object_list
        if page.older is None:
            break
        query = {"player": player, "after": page.older}
    assert seen == games
    assert [len(rows) for rows in pages] == [2, 2, 1]
    back = client.get(reverse("games:history"), {"player": player, "before": page.newer})
    assert list(back.context["page"].object_list) == pages[1]
    assert back.context["page"].newer is not None  # the first page is newer still


@pytest.mark.parametrize("key", ["", "x", "12", "12.not-a-date", "999999999." + "9" * 70])
def test_a_history_key_that_does_not_parse_gives_the_first_page(client, game_factory, white, key):
    games = _finished_games(game_factory, white, 2)
    page = client.get(reverse("games:history"), {"after": key, "before": key})
    assert page.status_code == 200
    assert list(page.context["page"].object_list) == games


def test_the_history_of_a_player_costs_the_same_queries_however_many_games(
    client, game_factory, white, django_assert_max_num_queries
):
    _finished_games(game_factory, white, 1)
    with django_assert_max_num_queries(4) as few:
        client.get(reverse("games:history"), {"player": "kuro"})
    _finished_games(game_factory, white, 6)
    with django_assert_max_num_queries(len(few.captured_queries)):
        client.get(reverse("games:history"), {"player": "kuro"})
