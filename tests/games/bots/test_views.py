"""The "Play a bot" page and cards: a game starts at once; odd or impossible choices are
refused with a message, never a 500, and so are games past the limits; the cards appear where
a player looks for a game."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Game

URL = reverse("games:bot_play")


@pytest.fixture
def player(user_factory, client):
    user = user_factory()
    client.force_login(user)
    return user


def test_the_form_starts_a_game_against_the_bot(client, player, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            URL, {"game": "hex-6", "engine": "tiny", "colour": "white", "rated": "on"}
        )
    game = Game.objects.get(white=player)
    assert answer.status_code == 302 and answer["Location"] == game.get_absolute_url()
    assert (game.board_kind, game.board_size, game.rated) == ("hex", 6, True)
    assert game.black.is_bot and game.move_number == 1  # the bot has played
    page = client.get(game.get_absolute_url())
    assert b'class="tag bot-tag"' in page.content


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"game": "hex-6", "engine": "fake-good", "colour": "random"}, "does not play"),
        ({"game": "square-9", "engine": "missing", "colour": "random"}, "not installed"),
        ({"game": "square-19", "engine": "tiny", "colour": "random"}, "Select a valid choice"),
        ({"game": "square-9", "engine": "nobody", "colour": "random"}, "Select a valid choice"),
        ({"game": "\x00", "engine": ["a", "b"], "colour": "purple"}, "Select a valid choice"),
    ],
)
def test_impossible_choices_are_refused_with_a_message(client, player, data, message):
    answer = client.post(URL, data)
    assert answer.status_code == 200
    assert message in answer.content.decode()
    assert not Game.objects.exists()


def test_the_cards_offer_a_bot_to_a_new_player_the_new_game_page_and_an_empty_waiting_room(
    client, player
):
    for name in ("home", "games:new", "games:waiting_room"):
        page = client.get(reverse(name))
        assert page.status_code == 200
        assert "Play a bot" in page.content.decode(), name
    assert client.get(URL).status_code == 200


def test_a_game_more_than_the_limits_allow_is_refused_with_their_sentence(client, player, settings):
    settings.BOT_GAMES_RUNNING = 1
    data = {"game": "square-9", "engine": "tiny", "colour": "black"}
    assert client.post(URL, data).status_code == 302
    answer = client.post(URL, data)
    assert answer.status_code == 200
    assert "You already have 1 game against a bot going" in answer.content.decode()
    assert Game.objects.count() == 1
