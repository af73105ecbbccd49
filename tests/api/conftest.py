"""Fixtures for the public API tests: real tokens created through the service, a client that
sends them, and games started at the real time (the API acts at `timezone.now()`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from accounts.api.tokens import api_token_create
from games.game_settings import GameSettings
from games.models import Game
from games.services import play as play_service

BASE = "/api/v1"


class Api:
    """Calls the API with one token (or none)."""

    def __init__(self, client: Client, token: str | None) -> None:
        self.client = client
        self.token = token

    def _headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    def get(self, path: str, **params: Any):
        return self.client.get(f"{BASE}{path}", params, headers=self._headers())

    def post(self, path: str, body: Any = None, *, raw: str | bytes | None = None):
        data = raw if raw is not None else json.dumps(body if body is not None else {})
        return self.client.post(
            f"{BASE}{path}", data, content_type="application/json", headers=self._headers()
        )


@pytest.fixture
def token_factory() -> Callable[..., str]:
    """A live token of `user` with `scope` ("read" or "play"), made by the real service."""

    def create(user, scope: str = "play", name: str = "bot") -> str:
        _, raw = api_token_create(user=user, name=name, scope=scope, now=timezone.now())
        return raw

    return create


@pytest.fixture
def api_for(client, token_factory) -> Callable[..., Api]:
    """`api_for(user, scope="play")`: an API client with a fresh token of `user`;
    `api_for(None)` sends no token."""

    def make(user=None, scope: str = "play") -> Api:
        return Api(client, token_factory(user, scope) if user is not None else None)

    return make


@pytest.fixture
def game_factory(black, white) -> Callable[..., Game]:
    """A game between `black` and `white` started now (9×9 by default), with `moves` (labels
    or 'pass') played in turn through the services."""

    def create(*, moves: tuple[str, ...] = (), public: bool = True, **options) -> Game:
        options.setdefault("board_kind", "square")
        options.setdefault("board_size", 9)
        b = options.pop("black", black)
        w = options.pop("white", white)
        now = timezone.now()
        game = play_service.game_start(black=b, white=w, now=now, settings=GameSettings(**options))
        if not public:
            Game.objects.filter(pk=game.pk).update(public=False)
            game.refresh_from_db()
        for text in moves:
            user = game.player(game.to_move)
            if text == "pass":
                game = play_service.game_pass(
                    game_id=game.pk, user=user, expected_move_number=game.move_number, now=now
                )
            else:
                game = play_service.game_move(
                    game_id=game.pk,
                    user=user,
                    point=game.topology.parse(text),
                    expected_move_number=game.move_number,
                    now=now,
                )
        return game

    return create
