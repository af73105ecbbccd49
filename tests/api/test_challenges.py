"""Challenges and auto-match through the API: the Waiting Room, create, accept, decline,
cancel, and the refusals of the challenge services with their codes."""

from __future__ import annotations

import pytest
from django.utils import timezone

from accounts.services import relation_set
from games.bots.engines import engine_get
from games.bots.services import bot_account_for
from games.models import Challenge, ChallengeStatus, Game

pytestmark = pytest.mark.django_db

NINE = {"board_kind": "square", "board_size": 9}


def test_an_open_challenge_is_listed_and_accepted_into_a_game(api_for, black, white):
    created = api_for(black).post("/challenges", {**NINE, "creator_colour": "black", "komi": 6.5})
    assert created.status_code == 201
    challenge = created.json()
    assert challenge["status"] == "open" and challenge["settings"]["komi"] == 6.5
    listed = api_for(white, "read").get("/challenges", board_kind="square", board_size=9).json()
    assert [c["id"] for c in listed["items"]] == [challenge["id"]]
    assert api_for(white, "read").get("/challenges", board_kind="hex").json()["count"] == 0

    game = api_for(white).post(f"/challenges/{challenge['id']}/accept", {}).json()
    assert (game["black"], game["white"]) == ("kuro", "shiro")
    assert game["your_colour"] == "white" and game["settings"]["komi"] == 6.5
    assert Challenge.objects.get(pk=challenge["id"]).game_id == game["id"]
    again = api_for(white).post(f"/challenges/{challenge['id']}/accept", {})
    assert again.status_code == 409 and again.json()["code"] == "challenge_closed"


def test_the_acceptor_s_colour_is_honoured_when_left_random(api_for, black, white):
    challenge = api_for(black).post("/challenges", NINE).json()
    game = api_for(white).post(f"/challenges/{challenge['id']}/accept", {"colour": "black"}).json()
    assert game["black"] == "shiro"


def test_an_invitation_is_declined_only_by_its_recipient(api_for, black, white, user_factory):
    stranger = user_factory()
    invitation = (
        api_for(black).post("/challenges", {**NINE, "recipient": "SHIRO", "message": "Hi!"}).json()
    )
    assert invitation["recipient"] == "shiro" and invitation["message"] == "Hi!"
    for response in (
        api_for(stranger).post(f"/challenges/{invitation['id']}/decline"),
        api_for(stranger).post(f"/challenges/{invitation['id']}/accept", {}),
    ):
        assert response.status_code == 403 and response.json()["code"] == "not_a_player"
    declined = api_for(white).post(f"/challenges/{invitation['id']}/decline")
    assert declined.status_code == 200 and declined.json()["status"] == "declined"


def test_only_the_creator_cancels_and_nobody_accepts_their_own(api_for, black, white):
    challenge = api_for(black).post("/challenges", NINE).json()
    refused = api_for(white).post(f"/challenges/{challenge['id']}/cancel")
    assert refused.status_code == 403 and refused.json()["code"] == "not_a_player"
    own = api_for(black).post(f"/challenges/{challenge['id']}/accept", {})
    assert own.status_code == 409 and own.json()["code"] == "own_challenge"
    cancelled = api_for(black).post(f"/challenges/{challenge['id']}/cancel")
    assert cancelled.json()["status"] == "cancelled"
    assert Challenge.objects.get(pk=challenge["id"]).status == ChallengeStatus.CANCELLED


def test_bad_settings_an_unknown_recipient_and_an_ignoring_one_are_refused(api_for, black, white):
    client = api_for(black)
    bad = client.post("/challenges", {"board_kind": "square", "board_size": 10})
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_setting"
    assert "board_size" in bad.json()["message"]
    fischer = client.post("/challenges", {**NINE, "clock_kind": "fischer", "clock_days": 3})
    assert fischer.status_code == 400 and fischer.json()["code"] == "invalid_setting"
    unknown = client.post("/challenges", {**NINE, "recipient": "nobody"})
    assert unknown.status_code == 404 and unknown.json()["code"] == "not_found"
    relation_set(owner=white, target=black, kind="ignore", now=timezone.now())
    ignored = client.post("/challenges", {**NINE, "recipient": "shiro"})
    assert ignored.status_code == 403 and ignored.json()["code"] == "contact_refused"
    assert not Challenge.objects.exists()


def test_the_site_s_flood_limit_is_429(api_for, black, settings):
    settings.FLOOD_LIMITS = {"challenge": (1, 86400)}
    client = api_for(black)
    assert client.post("/challenges", NINE).status_code == 201
    refused = client.post("/challenges", NINE)
    assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"


def test_automatch_queues_then_pairs(api_for, black, white):
    first = api_for(black).post("/automatch", {**NINE, "creator_colour": "white"}).json()
    assert first["game"] is None and first["challenge"]["status"] == "open"
    again = api_for(black).post("/automatch", {**NINE, "creator_colour": "white"}).json()
    assert again["challenge"]["id"] == first["challenge"]["id"]
    paired = api_for(white).post("/automatch", NINE).json()
    assert paired["challenge"] is None
    assert (paired["game"]["black"], paired["game"]["white"]) == ("shiro", "kuro")
    assert Game.objects.count() == 1


def test_an_unknown_challenge_is_404(api_for, black):
    for action in ("accept", "decline", "cancel"):
        response = api_for(black).post(f"/challenges/424242/{action}", {})
        assert response.status_code == 404 and response.json()["code"] == "not_found"


def test_my_invitations_received_and_my_challenges_sent(
    api_for, black, white, user_factory, django_assert_max_num_queries
):
    for name in ("aoi", "beni", "chika"):
        api_for(user_factory(username=name)).post("/challenges", {**NINE, "recipient": "kuro"})
    mine = api_for(black).post("/challenges", {**NINE, "recipient": "shiro"}).json()
    api_for(black).post("/challenges", NINE)
    reader = api_for(black, "read")
    reader.get("/me")
    with django_assert_max_num_queries(3):  # token, count, rows with both players
        received = reader.get("/challenges/received").json()
    assert [c["creator"] for c in received["items"]] == ["chika", "beni", "aoi"]
    assert {c["recipient"] for c in received["items"]} == {"kuro"}
    with django_assert_max_num_queries(3):
        sent = reader.get("/challenges/sent").json()
    assert sent["count"] == 2 and sent["items"][1]["id"] == mine["id"]
    assert {c["creator"] for c in sent["items"]} == {"kuro"}
    assert api_for(white, "read").get("/challenges/received").json()["items"][0]["id"] == mine["id"]


def test_a_null_recipient_makes_an_open_challenge(api_for, black):
    """The schema allows `"recipient": null`: an open challenge, as when it is left out (it was
    a 500)."""
    made = api_for(black).post(
        "/challenges", {"board_kind": "square", "board_size": 9, "recipient": None}
    )

    assert made.status_code == 201, made.content
    assert made.json()["recipient"] is None


def test_a_challenge_to_a_bot_past_the_bot_game_limits_is_refused(api_for, black, settings):
    settings.BOT_GAMES_RUNNING = 1
    bot = bot_account_for(engine=engine_get(key="badux-easy"))
    invitation = {**NINE, "recipient": bot.username}
    assert api_for(black).post("/challenges", invitation).status_code == 201
    refused = api_for(black).post("/challenges", invitation)
    assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
    assert "You already have 1 game against a bot going" in refused.json()["message"]
    assert Challenge.objects.count() == 1
