"""Factories for the ladder app's tests: games from tests/games, ladders and their players."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest

from games.game_settings import GameSettings
from games.models import Game
from games.services import play as play_service
from ladder.ladders.models import Ladder
from ladder.ladders.services import ladder_join
from ladder.tournaments import services
from tests.games.conftest import NOW, game_factory, now, play  # noqa: F401


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


@pytest.fixture
def tournament_factory(db, user_factory) -> Callable[..., object]:
    """A tournament (Go 9×9, 3 days per move) organised by a new player, with `players`
    registered in order (not started unless `start`)."""

    def create(*, players=(), fmt="round_robin", start=False, at=NOW, organiser=None, **options):
        options.setdefault("player_limit", max(len(players), 2) + 4)
        options.setdefault("start_when_full", False)
        if fmt in ("swiss", "mcmahon"):
            options.setdefault("rounds", 3)
        tournament = services.tournament_create(
            organiser=organiser or user_factory(),
            name=options.pop("name", "Spring cup"),
            format=fmt,
            settings=options.pop(
                "settings", GameSettings(board_kind="square", board_size=9, rated=True)
            ),
            now=at,
            **options,
        )
        for user in players:
            services.tournament_join(tournament_id=tournament.pk, user=user, now=at)
        if start:
            services.tournament_start(
                tournament_id=tournament.pk, user=tournament.organiser, now=at
            )
            tournament.refresh_from_db()
        return tournament

    return create


def finish(pairing, *, winner, at: dt.datetime = NOW) -> Game:
    """End a tournament pairing's game: the player who is not `winner` resigns."""
    game = pairing.game
    loser = game.white if winner.pk == game.black_id else game.black
    return resign(game, loser, at)
