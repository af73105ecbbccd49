"""Conditional moves through the API: left by the waiting player, played when the opponent's
move matches, seen by their owner only, refused with stable codes."""

from __future__ import annotations

import json

import pytest

from games.models import ConditionalMoves

pytestmark = pytest.mark.django_db


def _code(game, label: str) -> str:
    return game.topology.sgf(game.topology.parse(label))


def _tree(game, *pairs: tuple[str, str]) -> list[dict]:
    """One line of (opponent's move, answer) pairs as a tree."""
    tree: list[dict] = []
    for if_label, play_label in reversed(pairs):
        tree = [{"if": _code(game, if_label), "play": _code(game, play_label), "then": tree}]
    return tree


def test_an_answer_left_through_the_api_is_played_when_the_opponent_s_move_matches(
    api_for, black, white, game_factory
):
    game = game_factory()
    waiting = api_for(white)
    left = waiting.post(
        f"/games/{game.pk}/conditional",
        {"tree": _tree(game, ("E5", "C3"), ("G7", "C7")), "expected_move_number": 0},
    )
    assert left.status_code == 200, left.content
    assert [line["text"] for line in left.json()["lines"]] == ["E5 C3 G7 C7"]

    played = api_for(black).post(
        f"/games/{game.pk}/move", {"point": "E5", "expected_move_number": 0}
    )

    assert played.status_code == 200
    assert [move["point"] for move in played.json()["moves"]][-2:] == ["E5", "C3"]
    assert played.json()["move_number"] == 2
    rest = waiting.get(f"/games/{game.pk}/conditional").json()
    assert rest["tree"] == _tree(game, ("G7", "C7"))


def test_a_move_off_the_tree_clears_it(api_for, black, white, game_factory):
    game = game_factory()
    api_for(white).post(
        f"/games/{game.pk}/conditional",
        {"tree": _tree(game, ("E5", "C3")), "expected_move_number": 0},
    )
    api_for(black).post(f"/games/{game.pk}/move", {"point": "D4", "expected_move_number": 0})
    assert api_for(white).get(f"/games/{game.pk}/conditional").json() == {"tree": [], "lines": []}


def test_only_the_owner_sees_or_clears_a_tree(api_for, black, white, user_factory, game_factory):
    game = game_factory()
    api_for(white).post(
        f"/games/{game.pk}/conditional",
        {"tree": _tree(game, ("E5", "C3")), "expected_move_number": 0},
    )
    assert api_for(black).get(f"/games/{game.pk}/conditional").json()["tree"] == []
    stranger = api_for(user_factory())
    assert stranger.get(f"/games/{game.pk}/conditional").status_code == 403
    refused = stranger.post(f"/games/{game.pk}/conditional/clear")
    assert refused.status_code == 403
    assert refused.json()["code"] == "not_a_player"
    assert ConditionalMoves.objects.filter(game=game, owner=white).exists()

    cleared = api_for(white).post(f"/games/{game.pk}/conditional/clear")
    assert cleared.status_code == 200
    assert not ConditionalMoves.objects.filter(game=game).exists()


@pytest.mark.parametrize(
    ("who", "body", "status", "code"),
    [
        ("black", {"tree": "E5", "expected_move_number": 0}, 422, "invalid_request"),
        ("black", {"tree": [], "expected_move_number": 0}, 409, "your_turn"),
        ("white", {"tree": [], "expected_move_number": 0}, 400, "invalid"),
        ("white", {"tree": [{"if": "zz", "play": "cc", "then": []}], "expected_move_number": 0},
         400, "invalid"),
        ("white", {"tree": [{"if": "cc", "play": "cc", "then": []}], "expected_move_number": 0},
         400, "invalid"),
        ("white", {"tree": [{"if": "cc\x00", "play": "dd", "then": []}],
                   "expected_move_number": 0}, 400, "invalid"),
        ("white", {"tree": [{"if": "cc", "play": "dd", "then": []}],
                   "expected_move_number": 7}, 409, "stale_move_number"),
    ],
)  # fmt: skip
def test_a_refused_tree_has_a_stable_code_and_nothing_is_stored(
    api_for, black, white, game_factory, who, body, status, code
):
    game = game_factory()
    response = api_for({"black": black, "white": white}[who]).post(
        f"/games/{game.pk}/conditional", body
    )
    assert response.status_code == status, response.content
    assert response.json()["code"] == code
    assert not ConditionalMoves.objects.exists()


def test_a_very_deep_tree_is_refused_not_a_500(api_for, white, game_factory):
    game = game_factory()
    deep = '{"tree": ' + '[{"if": "cc", "play": "dd", "then": ' * 3000 + "[]" + "}]" * 3000
    response = api_for(white).post(
        f"/games/{game.pk}/conditional", raw=deep + ', "expected_move_number": 0}'
    )
    assert 400 <= response.status_code < 500
    json.loads(response.content)
    assert not ConditionalMoves.objects.exists()
