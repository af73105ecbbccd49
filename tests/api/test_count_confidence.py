"""A game's count in the API says how sure it is: whether it waits for the judge engine
(`judge`) and the chains it doubted (`doubts`, their stones as the API writes every point),
and each answer keeps to the committed contract (docs/api/openapi.json)."""

from __future__ import annotations

from typing import get_args

import pytest
from django.utils import timezone
from jsonschema import ValidationError

from games.api.schemas import JudgeState
from games.counting import JUDGE_STATES
from games.services import disputes
from rules.ownership import MODERATE
from tests.api.contract import SCHEMA, conforms
from tests.games.helpers import FIGHT, corner_fight_moves
from tests.games.positions import (
    CLOSE_CLEARED,
    close_call_moves,
    counted_hex,
    counted_square,
    judge_fake,
    play_out,
)

pytestmark = pytest.mark.django_db


def _game(api_for, user, game) -> dict:
    response = api_for(user, "read").get(f"/games/{game.pk}")
    assert response.status_code == 200
    body = response.json()
    conforms(body, {"$ref": "#/components/schemas/GameDetailOut"})
    return body


def _points(chains) -> set[str]:
    return {p["point"] for chain in chains for p in chain["stones"]}


def test_the_contract_check_refuses_what_the_document_does_not_allow():
    doubt = {"stones": [{"point": "D4", "sgf": "df"}], "reason": "close", "confidence": 0.7}
    ref = {"$ref": "#/components/schemas/DoubtOut"}
    conforms(doubt, ref)
    for wrong in (
        {**doubt, "colour": "black"},
        {k: v for k, v in doubt.items() if k != "reason"},
        {**doubt, "confidence": "high"},
        {**doubt, "stones": [{"point": "D4"}]},
    ):
        with pytest.raises(ValidationError):
            conforms(wrong, ref)
    with pytest.raises(ValidationError):
        conforms("later", SCHEMA["components"]["schemas"]["CountOut"]["properties"]["judge"])


def test_the_judge_states_are_the_documented_ones():
    assert get_args(JudgeState) == JUDGE_STATES
    documented = SCHEMA["components"]["schemas"]["CountOut"]["properties"]["judge"]["anyOf"]
    assert documented[0]["enum"] == list(JUDGE_STATES)


def test_a_count_waiting_for_the_judge_says_so_and_names_its_doubts(
    api_for, black, white, settings
):
    judge_fake(settings, "judge-white")
    game = play_out(black=black, white=white, now=timezone.now(), moves=close_call_moves())
    count = _game(api_for, black, game)["count"]
    assert count["judge"] == "pending"
    assert {p["point"] for p in count["uncertain"]} == CLOSE_CLEARED
    assert _points(count["doubts"]) == CLOSE_CLEARED
    stored = game.score["doubts"]
    assert [[p["sgf"] for p in d["stones"]] for d in count["doubts"]] == [
        d["stones"] for d in stored
    ]
    for doubt in count["doubts"]:
        assert doubt["reason"] == "close" and MODERATE <= doubt["confidence"] < 1
        for point in doubt["stones"]:  # as every point of the API: label and SGF code
            assert game.topology.name(game.topology.from_sgf(point["sgf"])) == point["point"]

    disputes.count_judge_check(game_id=game.pk, now=timezone.now())
    count = _game(api_for, white, game)["count"]
    assert count["judge"] == "agrees" and count["uncertain"] == []
    assert _points(count["doubts"]) == CLOSE_CLEARED  # what it doubted when it counted


def test_a_player_s_dispute_ends_the_wait_the_api_shows(api_for, black, white, settings):
    judge_fake(settings, "judge")
    game = play_out(black=black, white=white, now=timezone.now(), moves=close_call_moves())
    disputes.dispute_open(game_id=game.pk, user=white, now=timezone.now())
    count = _game(api_for, black, game)["count"]
    assert count["judge"] == "skipped"
    assert disputes.count_judge_check(game_id=game.pk, now=timezone.now()) is None
    assert _game(api_for, black, game)["count"]["judge"] == "skipped"


def test_a_count_that_opened_its_phase_at_once_names_its_doubts_without_a_judge(
    api_for, black, white
):
    game = play_out(black=black, white=white, now=timezone.now(), moves=corner_fight_moves())
    count = _game(api_for, black, game)["count"]
    assert count["judge"] is None
    assert _points(count["doubts"]) == FIGHT
    assert "estimate" in {d["reason"] for d in count["doubts"]}


@pytest.mark.parametrize("counted", [counted_square, counted_hex])
def test_a_sure_count_has_no_judge_state_and_no_doubts(api_for, black, white, counted):
    game = counted(black=black, white=white, now=timezone.now())
    count = _game(api_for, black, game)["count"]
    assert count["judge"] is None and count["doubts"] == [] and count["uncertain"] == []


def test_a_count_stored_before_its_doubts_were_kept_answers_as_before(api_for, black, white):
    game = counted_square(black=black, white=white, now=timezone.now())
    game.score = {k: v for k, v in game.score.items() if k not in ("doubts", "judge")}
    game.score["judge"] = "someday"  # a value the contract does not know is not passed on
    game.save(update_fields=["score"])
    count = _game(api_for, black, game)["count"]
    assert count["doubts"] == [] and count["judge"] is None


def test_a_running_game_has_no_count(api_for, black, game_factory):
    game = game_factory(moves=("E5",))
    assert _game(api_for, black, game)["count"] is None
