"""No input gets a 500: NUL bytes, huge numbers, junk JSON and odd types are clear 4xx
errors with a code, and nothing is played. Hypothesis fuzzes the move body."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Challenge, Game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("refuse_nul_like_postgresql")]

HUGE = 10**30


@pytest.fixture(autouse=True)
def _no_throttle(settings):
    settings.API_THROTTLE_RATE = "100000/m"


def _refused(response, *statuses: int) -> str:
    assert response.status_code in statuses, (response.status_code, response.content)
    body = response.json()
    assert set(body) == {"code", "message"} and body["message"]
    return body["code"]


@pytest.mark.parametrize(
    "raw",
    [
        "{junk",
        "",
        "[]",
        '"D4"',
        "42",
        "null",
        '{"point": null, "expected_move_number": 0}',
        '{"point": 4, "expected_move_number": 0}',
        '{"point": "D4"}',
        '{"point": "D4", "expected_move_number": "zero"}',
        f'{{"point": "D4", "expected_move_number": {HUGE}}}',
        '{"point": "D4", "expected_move_number": -1}',
        '{"point": "D4", "expected_move_number": 1e999}',
        '{"point": "D4", "expected_move_number": NaN}',
        '{"point": "D\\u00004", "expected_move_number": 0}',
        '{"point": "\\ud800", "expected_move_number": 0}',
        '{"point": "' + "D" * 10000 + '", "expected_move_number": 0}',
        "[" * 5000 + "]" * 5000,
        '{"point": "Ｄ４", "expected_move_number": 0}',
    ],
)
def test_junk_move_bodies_are_4xx(api_for, black, game_factory, raw):
    game = game_factory()
    _refused(api_for(black).post(f"/games/{game.pk}/move", raw=raw), 400, 422)
    assert Game.objects.get(pk=game.pk).move_number == 0


def test_a_body_that_is_not_utf8_is_4xx(api_for, black, game_factory):
    game = game_factory()
    _refused(api_for(black).post(f"/games/{game.pk}/move", raw=b"\xff\xfe{\x00}"), 400, 422)


@pytest.mark.parametrize(
    "path",
    [
        f"/games/{HUGE}",
        "/games/0",
        "/games/-1",
        "/games/abc",
        f"/games?page={HUGE}",
        "/games?page=0",
        f"/games?page_size={HUGE}",
        "/games?state=%00",
        f"/challenges?board_size={HUGE}",
        "/challenges?board_kind=%00",
        "/notifications?unread=perhaps",
        "/players/%00",
        "/players/" + "x" * 500,
        "/players/%00/ratings",
        "/ladders/%00",
    ],
)
def test_odd_paths_and_queries_are_4xx(api_for, black, path):
    reader = api_for(black, "read")
    response = reader.client.get(
        f"/api/v1{path}", headers={"Authorization": f"Bearer {reader.token}"}
    )
    assert 400 <= response.status_code < 500, (response.status_code, response.content)


@pytest.mark.parametrize(
    "body",
    [
        {"board_kind": "square", "board_size": 9, "message": "hi\x00there"},
        {"board_kind": "square", "board_size": 9, "recipient": "shi\x00ro"},
        {"board_kind": "square", "board_size": HUGE},
        {"board_kind": "square", "board_size": 9, "komi": 1e308},
        {"board_kind": "square", "board_size": 9, "handicap": -3},
        {"board_kind": "cube", "board_size": 9},
        {"board_kind": "square", "board_size": 9, "clock_days": HUGE},
        {"board_kind": "square", "board_size": 9, "message": "x" * 501},
        {"board_kind": "square", "board_size": 9, "creator_colour": "purple"},
        {"board_kind": "square", "board_size": 9, "komi": 0.3},
    ],
)
def test_odd_challenge_bodies_are_4xx(api_for, black, white, body):
    _refused(api_for(black).post("/challenges", body), 400, 404, 422)
    settings_only = {k: v for k, v in body.items() if k not in ("message", "recipient")}
    if settings_only != {"board_kind": "square", "board_size": 9}:
        _refused(api_for(black).post("/automatch", settings_only), 400, 422)
    assert not Challenge.objects.exists()


def test_odd_ids_to_mark_read_are_ignored(api_for, black):
    response = api_for(black).post("/notifications/read", {"ids": [HUGE, -1, 0]})
    assert response.status_code in (200, 422)
    _refused(api_for(black).post("/notifications/read", {"ids": list(range(501))}), 422)


def test_an_odd_authorization_header_is_401(client):
    for header in (
        "Bearer",
        "Bearer ",
        "Bearer \x00",
        "Bearer " + "x" * 5000,
        "Basic abc",
        "bearer bdx_\u00e9_x",
        "Bearer bdx_" + "\x00" * 10 + "_x",
        "Bearer bdx_ABCDEFGHIJ_x",
        "Bearer bdx_0123456789_",
    ):
        response = client.get("/api/v1/me", headers={"Authorization": header})
        assert response.status_code == 401, header


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
MOVE_BODIES = st.one_of(
    JSON,
    st.fixed_dictionaries(
        {
            "point": st.one_of(st.text(max_size=12), st.integers(), st.none(), JSON),
            "expected_move_number": st.one_of(
                st.integers(), st.floats(), st.text(max_size=5), st.none()
            ),
        }
    ),
)


@pytest.fixture
def mover(api_for, black):
    """One play token for every example of a test (fixtures are not rebuilt per example)."""
    return api_for(black)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=MOVE_BODIES)
def test_fuzzed_move_bodies_never_500(mover, black, game_factory, body):
    game = Game.objects.filter(black=black).first() or game_factory()
    before = Game.objects.get(pk=game.pk).move_number
    result = mover.post(f"/games/{game.pk}/move", raw=json.dumps(body))
    assert result.status_code < 500
    payload = result.json()
    if result.status_code == 200:
        assert payload["move_number"] == before + 1
    else:
        assert set(payload) == {"code", "message"}
        assert Game.objects.get(pk=game.pk).move_number == before
