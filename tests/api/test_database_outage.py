"""The API during a database outage: 503 with Retry-After and `{"code", "message"}`, never a
500; a turn that committed before the outage says so, and sending it again is answered with
the game, not a confusing 409."""

from __future__ import annotations

import pytest
from django.db import OperationalError
from django.db.backends.utils import CursorWrapper

from games.api import play as play_api
from games.models import Game

pytestmark = pytest.mark.django_db


def _database_down(*args, **kwargs):
    raise OperationalError("terminating connection due to administrator command")


def test_a_call_while_the_database_is_down_answers_503_with_retry_after(
    api_for, black, monkeypatch
):
    api = api_for(black)
    monkeypatch.setattr(CursorWrapper, "execute", _database_down)
    response = api.get("/games")
    assert response.status_code == 503
    assert int(response["Retry-After"]) > 0
    body = response.json()
    assert body["code"] == "unavailable"
    assert "try again" in body["message"]


def test_a_move_whose_game_cannot_be_read_back_says_it_was_played_and_a_retry_gets_the_game(
    api_for, game_factory, black, monkeypatch
):
    game = game_factory()
    api = api_for(black)
    with monkeypatch.context() as patched:
        patched.setattr(play_api, "_detail", _database_down)
        response = api.post(f"/games/{game.pk}/move", {"point": "E5", "expected_move_number": 0})
    assert response.status_code == 503
    assert int(response["Retry-After"]) > 0
    assert response.json()["code"] == "turn_recorded"
    assert "was recorded" in response.json()["message"]
    assert Game.objects.get(pk=game.pk).move_number == 1

    again = api.post(f"/games/{game.pk}/move", {"point": "E5", "expected_move_number": 0})
    assert again.status_code == 200
    assert again.json()["move_number"] == 1
    # Another point with the same number is still stale, as is the same point from the other side.
    other = api.post(f"/games/{game.pk}/move", {"point": "C3", "expected_move_number": 0})
    assert other.status_code == 409
    assert other.json()["code"] == "stale_move_number"


def test_a_pass_sent_again_is_answered_with_the_game(api_for, game_factory, black, white):
    game = game_factory(moves=("E5",))
    api = api_for(white)
    first = api.post(f"/games/{game.pk}/pass", {"expected_move_number": 1})
    again = api.post(f"/games/{game.pk}/pass", {"expected_move_number": 1})
    assert (first.status_code, again.status_code) == (200, 200)
    assert (
        api_for(black).post(f"/games/{game.pk}/pass", {"expected_move_number": 1}).json()["code"]
        == "stale_move_number"
    )
