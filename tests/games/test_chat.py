"""Chat between the players of a game, on the game page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.games.helpers import board_url

pytestmark = pytest.mark.django_db


def test_chat_between_the_players(client, game_factory, black, user_factory):
    game = game_factory()
    client.force_login(black)
    client.post(reverse("games:chat", args=[game.pk]), {"text": "Have a good game"})
    page = client.get(board_url(game))
    assert b"Have a good game" in page.content
    client.force_login(user_factory(username="kibitzer"))
    response = client.post(reverse("games:chat", args=[game.pk]), {"text": "hi"})
    assert response.status_code == 403
    assert b"Only the players of this game can write in its chat." in response.content
