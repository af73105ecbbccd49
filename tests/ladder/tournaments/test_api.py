"""The tournaments part of the public API: the lists by status and one tournament with its
standings and pairings, as the tournament page computes them."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from accounts.api.tokens import api_token_create
from ladder.tournaments.advance import tournament_advance
from ladder.tournaments.models import TournamentPairing
from tests.api.conftest import Api
from tests.ladder.conftest import NOW, finish

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(user_factory) -> Api:
    _, raw = api_token_create(user=user_factory(), name="bot", scope="read", now=timezone.now())
    return Api(Client(), raw)


def test_a_finished_round_robin_reads_as_on_its_page(api, tournament_factory, user_factory):
    players = [user_factory(username=f"r{i}") for i in range(1, 4)]
    t = tournament_factory(players=players, start=True, name="Autumn")
    assert api.get("/tournaments", status="running").json()[0]["name"] == "Autumn"
    for pairing in TournamentPairing.objects.filter(tournament=t).exclude(white=None):
        finish(pairing, winner=players[0] if players[0].pk in (pairing.black_id, pairing.white_id)
               else pairing.game.black)  # fmt: skip

    tournament_advance(tournament_id=t.pk, now=NOW)  # as the task queued after commit does
    listed = api.get("/tournaments", status="finished").json()
    assert [(row["id"], row["players"], row["format"]) for row in listed] == [
        (t.pk, 3, "round_robin")
    ]
    body = api.get(f"/tournaments/{t.pk}").json()
    assert body["status"] == "finished"
    assert [(row["place"], row["username"], row["score"]) for row in body["standings"]][0] == (
        1, "r1", 2.0,
    )  # fmt: skip
    games = [p for p in body["pairings"] if p["white"] is not None]
    assert len(games) == 3 and all(p["result"] in ("black", "white") for p in games)
    byes = [p for p in body["pairings"] if p["white"] is None]
    assert len(byes) == 3 and all(p["game_id"] is None for p in byes)


@pytest.mark.parametrize("size", [8, 24])
def test_a_tournament_s_standings_come_a_page_at_a_time_on_request(
    api, tournament_factory, user_factory, size, django_assert_max_num_queries
):
    """With `page`/`page_size`: that page of the standings and the pairings of its players
    only; without, everything as before. A page costs the same statements at any size."""
    players = [user_factory(username=f"m{i:02}") for i in range(size)]
    t = tournament_factory(players=players, fmt="mcmahon", rounds=3, start=True)
    for pairing in TournamentPairing.objects.filter(tournament=t, round=1).exclude(white=None):
        finish(pairing, winner=pairing.black)
    whole = api.get(f"/tournaments/{t.pk}").json()
    assert whole["count"] == size and len(whole["standings"]) == size
    with django_assert_max_num_queries(8):
        page = api.get(f"/tournaments/{t.pk}", page=2, page_size=3).json()
    assert page["count"] == size and page["standings"] == whole["standings"][3:6]
    names = {row["username"] for row in page["standings"]}
    assert page["pairings"] == [p for p in whole["pairings"] if {p["black"], p["white"]} & names]
    assert api.get(f"/tournaments/{t.pk}", page=50).json()["standings"] == []
    assert api.get(f"/tournaments/{t.pk}", page_size=0).status_code == 422


@pytest.mark.parametrize("size", [6, 30])
def test_a_whole_tournament_costs_the_same_statements_at_any_size_and_keeps_its_schema(
    api, tournament_factory, user_factory, size, django_assert_max_num_queries
):
    """Without `page`, every line and pairing, read as values (no query per row, no model) and
    written as the schema says, its fields in the schema's order."""
    from ladder.tournaments.api import PairingOut, StandingOut, TournamentDetailOut

    players = [user_factory(username=f"w{i:02}") for i in range(size)]
    t = tournament_factory(players=players, fmt="mcmahon", rounds=3, start=True)
    for pairing in TournamentPairing.objects.filter(tournament=t, round=1).exclude(white=None):
        finish(pairing, winner=pairing.white)
    with django_assert_max_num_queries(6):
        response = api.get(f"/tournaments/{t.pk}")
    body = response.json()
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert TournamentDetailOut.model_validate(body).model_dump() == body
    assert list(body) == list(TournamentDetailOut.model_fields)
    assert list(body["standings"][0]) == list(StandingOut.model_fields)
    assert list(body["pairings"][0]) == list(PairingOut.model_fields)
    assert body["count"] == len(body["standings"]) == size
    assert len(body["pairings"]) == TournamentPairing.objects.filter(tournament=t).count()
    won = [p for p in body["pairings"] if p["round"] == 1 and p["white"] is not None]
    assert won and all(p["result"] == "white" and p["game_id"] for p in won)


def test_an_unknown_tournament_or_status_is_a_clear_4xx(api):
    assert api.get("/tournaments/999999").status_code == 404
    assert api.get("/tournaments/0").status_code == 422
    assert api.get("/tournaments", status="secret").status_code == 422


def test_a_private_game_s_id_is_given_only_to_its_players(api, tournament_factory, user_factory):
    from games.models import Game

    players = [user_factory(username=f"p{i}") for i in range(1, 3)]
    t = tournament_factory(players=players, start=True)
    pairing = TournamentPairing.objects.get(tournament=t, game__isnull=False)
    Game.objects.filter(pk=pairing.game_id).update(public=False)
    finish(pairing, winner=pairing.black)

    body = api.get(f"/tournaments/{t.pk}").json()  # a stranger's token
    assert [(p["game_id"], p["result"]) for p in body["pairings"]] == [(None, "black")]
    _, raw = api_token_create(user=players[0], name="mine", scope="read", now=timezone.now())
    mine = Api(Client(), raw).get(f"/tournaments/{t.pk}").json()
    assert [p["game_id"] for p in mine["pairings"]] == [pairing.game_id]
