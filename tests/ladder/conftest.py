"""Factories for the ladder app's tests: games from tests/games, ladders and their players."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest

from games.models import Game
from games.services import play as play_service
from ladder.models import Ladder
from ladder.services.ladders import ladder_join
from tests.games.conftest import NOW, black, game_factory, now, play, white  # noqa: F401


@pytest.fixture
def ladder_factory(db) -> Callable[..., Ladder]:
    """A ladder (Go 9×9, 3 days per move, no vacation by default) with `players` joined in
    order, so the first is number 1."""

    def create(*, players=(), at: dt.datetime = NOW, **fields) -> Ladder:
        fields.setdefault("name", "Go 9x9")
        fields.setdefault("slug", fields["name"].lower().replace(" ", "-"))
        fields.setdefault("board_kind", "square")
        fields.setdefault("board_size", 9)
        fields.setdefault("ruleset", "go-area")
        fields.setdefault("komi", "7.5")
        fields.setdefault("vacation_allowed", False)
        ladder = Ladder.objects.create(created=at, **fields)
        for user in players:
            ladder_join(ladder_id=ladder.pk, user=user, now=at)
        return ladder

    return create


def resign(game: Game, loser, at: dt.datetime) -> Game:
    """`loser` resigns `game` at `at`."""
    return play_service.game_resign(game_id=game.pk, user=loser, expected_move_number=None, now=at)
