"""Annulling an adjourned game through the API (POST /games/{id}/annul), as the game page's
Annul does after asking: the opponent of a suspended player ends it with no result; the
suspended player, a stranger and a game that is not adjourned are refused with the registry's
codes, and nothing changes then."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from accounts.moderation.models import GamesChoice, SanctionKind
from accounts.moderation.services import sanction_take
from games.models import EndReason, GameStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def suspend(user_factory):
    judge = user_factory(username="judge", is_staff=True)

    def take(user, games=GamesChoice.ADJOURN):
        now = timezone.now()
        return sanction_take(
            moderator=judge,
            user=user,
            kind=SanctionKind.SUSPEND,
            reason="Insults.",
            now=now,
            ends_at=now + dt.timedelta(days=1),
            games=games,
        )

    return take


def test_the_opponent_annuls_an_adjourned_game(api_for, black, white, game_factory, suspend):
    game = game_factory(moves=("E5",), rated=True)
    api = api_for(white)
    suspend(black)

    response = api.post(f"/games/{game.pk}/annul")

    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["status"], body["result"], body["end_reason"]) == ("finished", "Void", "annulled")
    assert body["adjourned"] is None and body["your_turn"] is False
    game.refresh_from_db()
    assert (game.status, game.end_reason) == (GameStatus.FINISHED, EndReason.ANNULLED)
    # Only once: the game is over now.
    again = api.post(f"/games/{game.pk}/annul")
    assert (again.status_code, again.json()["code"]) == (409, "not_adjourned")


def test_a_running_game_is_not_annulled(api_for, white, game_factory):
    game = game_factory(moves=("E5",))

    response = api_for(white).post(f"/games/{game.pk}/annul")

    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "not_adjourned" and "not adjourned" in body["message"]
    game.refresh_from_db()
    assert game.status == GameStatus.PLAYING and game.move_number == 1


def test_the_suspended_player_may_not_annul(api_for, black, game_factory, suspend):
    game = game_factory(moves=("E5",))
    api = api_for(black)
    suspend(black)

    response = api.post(f"/games/{game.pk}/annul")

    assert response.status_code == 403
    assert response.json()["code"] == "suspended"
    game.refresh_from_db()
    assert game.is_adjourned


def test_someone_else_may_not_annul(api_for, black, user_factory, game_factory, suspend):
    game = game_factory(moves=("E5",))
    suspend(black)

    response = api_for(user_factory(username="onlooker")).post(f"/games/{game.pk}/annul")

    assert response.status_code == 403
    assert response.json()["code"] == "not_a_player"
    game.refresh_from_db()
    assert game.is_adjourned


def test_a_read_token_may_not_annul(api_for, black, white, game_factory, suspend):
    game = game_factory(moves=("E5",))
    api = api_for(white, "read")
    suspend(black)

    response = api.post(f"/games/{game.pk}/annul")

    assert (response.status_code, response.json()["code"]) == (403, "insufficient_scope")
    game.refresh_from_db()
    assert game.is_adjourned
