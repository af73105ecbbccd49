"""Factories for games tests: players (from tests/accounts) and started games."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest

from games.game_settings import GameSettings
from games.models import Game
from games.services import play as play_service

NOW = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)


@pytest.fixture
def now() -> dt.datetime:
    return NOW


@pytest.fixture
def game_factory(black, white) -> Callable[..., Game]:
    """Start a game between `black` and `white` (9×9 area scoring by default) at `now` (NOW
    unless given; pages that act at the real time need a game started then) and play the
    given moves (human coordinates, 'pass') in turn."""

    def create(*, moves: tuple[str, ...] = (), **options) -> Game:
        options.setdefault("board_kind", "square")
        options.setdefault("board_size", 9)
        b = options.pop("black", black)
        w = options.pop("white", white)
        start = options.pop("now", NOW)
        game = play_service.game_start(
            black=b, white=w, now=start, settings=GameSettings(**options)
        )
        for text in moves:
            game = play(game, text, start)
        return game

    return create


def play(game: Game, text: str, now: dt.datetime) -> Game:
    """The player to move plays `text` ('D4' or 'pass') at `now` through the services."""
    user = game.player(game.to_move)
    if text == "pass":
        return play_service.game_pass(
            game_id=game.pk, user=user, expected_move_number=game.move_number, now=now
        )
    return play_service.game_move(
        game_id=game.pk,
        user=user,
        point=game.topology.parse(text),
        expected_move_number=game.move_number,
        now=now,
    )


@pytest.fixture
def login(client) -> Callable:
    """Log a player in on the test client."""

    def do(user) -> None:
        client.force_login(user)

    return do
