"""The API answers a suspended or muted player's request with the registry's refusal: 403, the
stable code and the sentence with the reason, never a 500."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from accounts.moderation.models import SanctionKind
from accounts.moderation.services import sanction_take

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("kind", [SanctionKind.SUSPEND, SanctionKind.BAN])
def test_a_suspended_player_move_is_refused(api_for, black, user_factory, game_factory, kind):
    game = game_factory()
    api = api_for(black)  # the token is made before the ban closes the account
    now = timezone.now()
    sanction_take(
        moderator=user_factory(username="judge", is_staff=True),
        user=black,
        kind=kind,
        reason="Engine use.",
        now=now,
        ends_at=now + dt.timedelta(days=1),
    )
    response = api.post(f"/games/{game.pk}/move", {"point": "c3", "expected_move_number": 0})
    if kind == SanctionKind.BAN:  # a closed account's token no longer authenticates
        assert response.status_code == 401
        return
    assert response.status_code == 403
    body = response.json()
    assert body["code"] == "suspended" and "Engine use." in body["message"]
    game.refresh_from_db()
    assert game.move_number == 0


def test_a_muted_player_open_challenge_is_refused(api_for, black, user_factory):
    now = timezone.now()
    sanction_take(
        moderator=user_factory(username="judge", is_staff=True),
        user=black,
        kind=SanctionKind.MUTE,
        reason="Spam.",
        now=now,
    )
    response = api_for(black).post("/challenges", {"board_kind": "square", "board_size": 9})
    assert response.status_code == 403
    assert response.json()["code"] == "muted"


def test_an_adjourned_game_says_so_and_refuses_moves_with_its_code(
    api_for, black, white, user_factory, game_factory
):
    now = timezone.now()
    game = game_factory(moves=("E5",))  # white to move
    sanction_take(
        moderator=user_factory(username="judge", is_staff=True),
        user=black,
        kind=SanctionKind.SUSPEND,
        reason="Insults.",
        now=now,
        ends_at=now + dt.timedelta(days=1),
        games="adjourn",
    )
    api = api_for(white)
    shown = api.get(f"/games/{game.pk}").json()
    assert shown["status"] == "playing" and shown["adjourned"] is not None
    assert shown["deadline"] is None and shown["your_turn"] is False
    (listed,) = [g for g in api.get("/games").json()["items"] if g["id"] == game.pk]
    assert listed["adjourned"] == shown["adjourned"]
    response = api.post(f"/games/{game.pk}/move", {"point": "c3", "expected_move_number": 1})
    assert response.status_code == 409
    assert response.json()["code"] == "adjourned"
    game.refresh_from_db()
    assert game.move_number == 1
