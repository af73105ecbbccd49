"""Every error the API answers is one its contract (docs/api/openapi.json) documents for that
operation, with the `{"code", "message"}` body: each operation of the committed schema is
replayed with the refusals a client can provoke (no token, a read token that writes, a body
that is not JSON, a body too big, bad paging, an object that does not exist, a private game of
others, the throttle)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.api.conftest import BASE, Api

pytestmark = pytest.mark.django_db

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "docs/api/openapi.json").read_text())
OPERATIONS = [
    (method.upper(), path.removeprefix(BASE), operation)
    for path, methods in SCHEMA["paths"].items()
    for method, operation in methods.items()
]
MISSING_ID = 2**62
# Bodies of the right shape, so that what is refused is the missing or hidden object.
BODIES = {
    "/automatch": {"board_kind": "square", "board_size": 9},
    "/challenges": {"board_kind": "square", "board_size": 9},
    "/challenges/{challenge_id}/accept": {},
    "/games/{game_id}/conditional": {"tree": [], "expected_move_number": 0},
    "/games/{game_id}/move": {"point": "D4", "expected_move_number": 0},
    "/games/{game_id}/pass": {"expected_move_number": 0},
    "/games/{game_id}/resign": {"expected_move_number": 0},
    "/notifications/read": {"ids": []},
}


def _params(operations) -> list:
    return [pytest.param(m, p, op, id=f"{m} {p}") for m, p, op in operations]


def _call(api: Api, method: str, path: str, *, body=None, raw=None):
    if method == "GET":
        return api.get(path)
    return api.post(path, body, raw=raw)


def _fill(path: str, value: object) -> str:
    return re.sub(r"\{[a-z_]+\}", str(value), path)


def _documented(operation, response) -> None:
    """The answer is an error the operation documents, with the error body."""
    assert str(response.status_code) in operation["responses"], (
        response.status_code,
        response.content[:300],
    )
    body = response.json()
    assert set(body) == {"code", "message"} and body["message"], body


@pytest.fixture(autouse=True)
def _no_throttle(settings):
    settings.API_THROTTLE_RATE = "100000/m"


@pytest.mark.parametrize(("method", "path", "operation"), _params(OPERATIONS))
def test_without_a_token(client, method, path, operation):
    response = _call(Api(client, None), method, _fill(path, 1), body=BODIES.get(path))

    assert response.status_code == 401
    _documented(operation, response)


@pytest.mark.parametrize(("method", "path", "operation"), _params(OPERATIONS))
def test_over_the_throttle(api_for, black, settings, method, path, operation):
    settings.API_THROTTLE_RATE = "1/m"
    api = api_for(black)
    _call(api, method, _fill(path, MISSING_ID), body=BODIES.get(path))

    response = _call(api, method, _fill(path, MISSING_ID), body=BODIES.get(path))

    assert response.status_code == 429
    _documented(operation, response)


WRITES = [op for op in OPERATIONS if op[0] == "POST"]
BODIED = [op for op in OPERATIONS if "requestBody" in op[2]]


@pytest.mark.parametrize(("method", "path", "operation"), _params(WRITES))
def test_a_read_token_that_writes(api_for, black, method, path, operation):
    response = _call(api_for(black, "read"), method, _fill(path, MISSING_ID), body=BODIES.get(path))

    assert response.status_code == 403
    _documented(operation, response)


@pytest.mark.parametrize(("method", "path", "operation"), _params(BODIED))
def test_a_body_that_is_not_json(api_for, black, game_factory, method, path, operation):
    game = game_factory()

    response = _call(api_for(black), method, _fill(path, game.pk), raw="{not json")

    assert response.status_code in (400, 422)
    _documented(operation, response)


@pytest.mark.parametrize(("method", "path", "operation"), _params(BODIED))
def test_a_body_too_big(api_for, black, game_factory, settings, method, path, operation):
    game = game_factory()
    big = json.dumps({"padding": "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)})

    response = _call(api_for(black), method, _fill(path, game.pk), raw=big)

    assert response.status_code == 413
    _documented(operation, response)


PATHS_WITH_IDS = [op for op in OPERATIONS if "{" in op[1]]


@pytest.mark.parametrize(("method", "path", "operation"), _params(PATHS_WITH_IDS))
def test_an_object_that_does_not_exist(api_for, black, method, path, operation):
    missing = "no-such-thing" if "{slug}" in path or "{username}" in path else MISSING_ID

    response = _call(api_for(black), method, _fill(path, missing), body=BODIES.get(path))

    assert response.status_code == 404
    _documented(operation, response)


GAME_PATHS = [op for op in OPERATIONS if "{game_id}" in op[1]]


@pytest.mark.parametrize(("method", "path", "operation"), _params(GAME_PATHS))
def test_a_private_game_of_others_is_not_found(
    api_for, user_factory, game_factory, method, path, operation
):
    """The same answer as for a game that does not exist: no way to tell it is there."""
    game = game_factory(public=False)
    outsider = api_for(user_factory(username="outsider"))

    hidden = _call(outsider, method, _fill(path, game.pk), body=BODIES.get(path))
    missing = _call(outsider, method, _fill(path, MISSING_ID), body=BODIES.get(path))

    assert (hidden.status_code, hidden.json()) == (missing.status_code, missing.json())
    assert hidden.status_code == 404


PAGED = [op for op in OPERATIONS if any(p["name"] == "page" for p in op[2].get("parameters", []))]


@pytest.mark.parametrize(("method", "path", "operation"), _params(PAGED))
def test_a_page_out_of_range(api_for, black, method, path, operation):
    response = api_for(black).get(f"{_fill(path, MISSING_ID)}?page=0")

    assert response.status_code == 422
    _documented(operation, response)


def test_every_operation_is_replayed():
    """A new operation in the contract is covered by the probes above without a new test."""
    assert len(OPERATIONS) >= 26
    assert {path for path in BODIES} <= {op[1] for op in BODIED}
    assert {op[1] for op in BODIED} <= set(BODIES)
