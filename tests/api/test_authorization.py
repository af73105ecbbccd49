"""The authorization matrix over every operation of the schema: no token, a bad or revoked
token (401), a read token on a write (403), another player's game (403 or 404 as on the site),
a stale expected move number (409), and the per-token throttle (429)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from accounts.api.tokens import api_token_create, api_token_revoke
from baduxsite.api import api
from games.game_settings import GameSettings
from games.services.challenges import challenge_create
from ladder.groups.services import group_create
from ladder.ladders.models import Ladder
from ladder.tournaments.services import tournament_create
from tests.api.conftest import Api

pytestmark = pytest.mark.django_db

OPERATIONS = sorted(
    (method.upper(), path.removeprefix("/api/v1"))
    for path, methods in api.get_openapi_schema()["paths"].items()
    for method in methods
)
WRITES = [(m, p) for m, p in OPERATIONS if m != "GET"]
READS = [(m, p) for m, p in OPERATIONS if m == "GET"]
NINE = {"board_kind": "square", "board_size": 9}
BODIES = {
    "/games/{game_id}/move": {"point": "C3", "expected_move_number": 0},
    "/games/{game_id}/pass": {"expected_move_number": 0},
    "/games/{game_id}/resign": {"expected_move_number": 0},
    "/challenges": NINE,
    "/automatch": NINE,
    "/notifications/read": {},
    "/challenges/{challenge_id}/accept": {},
    "/games/{game_id}/conditional": {
        "tree": [{"if": "cc", "play": "gg", "then": []}],
        "expected_move_number": 0,
    },
    "/games/{game_id}/conditional/clear": {},
}


@pytest.fixture
def world(black, white, user_factory, game_factory):
    """A game of kuro and shiro, an open challenge by a third player, a ladder, an open group
    of the same slug (its board is public)."""
    other = user_factory(username="mitsu")
    game = game_factory()
    challenge = challenge_create(creator=other, settings=GameSettings(**NINE), now=timezone.now())
    Ladder.objects.create(
        name="Go 9",
        slug="go-9",
        board_kind="square",
        board_size=9,
        ruleset="go-area",
        komi="7.5",
        created=timezone.now(),
    )
    group_create(user=other, name="Go 9", description="", access="open", now=timezone.now())
    tournament = tournament_create(
        organiser=other,
        name="Winter cup",
        format="round_robin",
        settings=GameSettings(**NINE),
        now=timezone.now(),
    )
    return {
        "game_id": game.pk,
        "challenge_id": challenge.pk,
        "username": "kuro",
        "slug": "go-9",
        "tournament_id": tournament.pk,
    }


def _path(template: str, world: dict) -> str:
    return template.format(**world)


def _call(client: Api, method: str, template: str, world: dict):
    path = _path(template, world)
    if method == "GET":
        return client.get(path)
    return client.post(path, BODIES.get(template, {}))


def test_the_matrix_lists_every_operation():
    assert len(OPERATIONS) >= 18
    assert {p for _, p in WRITES} == set(BODIES) | {
        "/challenges/{challenge_id}/decline",
        "/challenges/{challenge_id}/cancel",
        "/games/{game_id}/annul",
    }


@pytest.mark.parametrize(("method", "template"), OPERATIONS)
def test_no_token_is_401(api_for, world, method, template):
    response = _call(api_for(None), method, template, world)
    assert response.status_code == 401
    assert response.json()["code"] == "unauthorized"
    assert response["WWW-Authenticate"] == "Bearer"


@pytest.mark.parametrize(("method", "template"), OPERATIONS)
def test_a_revoked_or_made_up_token_is_401(client, black, world, method, template):
    token, raw = api_token_create(user=black, name="old", scope="play", now=timezone.now())
    api_token_revoke(user=black, token_id=token.pk, now=timezone.now())
    for sent in (raw, "bdx_0123456789_" + "x" * 43, "not-a-token"):
        response = _call(Api(client, sent), method, template, world)
        assert response.status_code == 401, sent
        assert response.json()["code"] == "unauthorized"


@pytest.mark.parametrize(("method", "template"), WRITES)
def test_a_read_token_may_not_write(api_for, black, world, method, template):
    response = _call(api_for(black, "read"), method, template, world)
    assert response.status_code == 403
    assert response.json()["code"] == "insufficient_scope"


@pytest.mark.parametrize(("method", "template"), READS)
def test_a_read_token_reads_everything(api_for, black, world, method, template):
    response = _call(api_for(black, "read"), method, template, world)
    assert response.status_code == 200, response.content


def test_another_player_s_private_game_is_not_found(api_for, user_factory, game_factory):
    game = game_factory(public=False)
    stranger = api_for(user_factory())
    for response in (
        stranger.get(f"/games/{game.pk}"),
        stranger.get(f"/games/{game.pk}/sgf"),
        stranger.post(f"/games/{game.pk}/move", {"point": "C3", "expected_move_number": 0}),
        stranger.post(f"/games/{game.pk}/resign", {"expected_move_number": 0}),
        stranger.post(f"/games/{game.pk}/annul"),
    ):
        assert response.status_code == 404
        assert response.json()["code"] == "not_found"
    game.refresh_from_db()
    assert game.move_number == 0 and not game.is_over


def test_a_private_game_is_seen_by_its_players(api_for, black, game_factory):
    game = game_factory(public=False)
    assert api_for(black, "read").get(f"/games/{game.pk}").status_code == 200


def test_a_stranger_may_watch_a_public_game_but_not_play_in_it(api_for, user_factory, game_factory):
    game = game_factory()
    stranger = api_for(user_factory())
    assert stranger.get(f"/games/{game.pk}").json()["your_colour"] is None
    for action, body in (
        ("move", {"point": "C3", "expected_move_number": 0}),
        ("pass", {"expected_move_number": 0}),
        ("resign", {"expected_move_number": 0}),
        ("annul", {}),
    ):
        response = stranger.post(f"/games/{game.pk}/{action}", body)
        assert response.status_code == 403
        assert response.json()["code"] == "not_a_player"
    game.refresh_from_db()
    assert game.move_number == 0 and not game.is_over


@pytest.mark.parametrize("action", ["move", "pass", "resign"])
def test_a_stale_expected_move_number_is_409(api_for, black, game_factory, action):
    game = game_factory(moves=("E5", "C3"))
    body = {"expected_move_number": 1}
    if action == "move":
        body["point"] = "G7"
    response = api_for(black).post(f"/games/{game.pk}/{action}", body)
    assert response.status_code == 409
    assert response.json()["code"] == "stale_move_number"
    game.refresh_from_db()
    assert game.move_number == 2 and not game.is_over


def test_each_token_is_throttled_on_its_own(api_for, black, settings):
    settings.API_THROTTLE_RATE = "3/m"
    first, second = api_for(black, "read"), api_for(black, "read")
    assert [first.get("/me").status_code for _ in range(3)] == [200, 200, 200]
    refused = first.get("/me")
    assert refused.status_code == 429
    assert refused.json()["code"] == "throttled"
    assert int(refused["Retry-After"]) > 0
    assert second.get("/me").status_code == 200


def test_a_token_needs_no_csrf_token_and_a_session_is_no_token(black, game_factory, token_factory):
    game = game_factory()
    strict = Client(enforce_csrf_checks=True)
    played = Api(strict, token_factory(black)).post(
        f"/games/{game.pk}/move", {"point": "C3", "expected_move_number": 0}
    )
    assert played.status_code == 200
    strict.force_login(black)
    assert Api(strict, None).get("/me").status_code == 401
