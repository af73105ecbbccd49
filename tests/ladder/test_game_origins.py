"""What games know of the ladder without asking it: a ladder's or a tournament's game says so
in its own `origin` (the games browser's filter), and the strength filter asks the ladder's
ratings through games.hooks."""

from __future__ import annotations

import pytest

from games.models import GameOrigin
from games.watching.selectors import BrowseFilter, games_browse
from ladder.ladders.services import ladder_challenge
from ladder.ratings.models import Rating
from ladder.ratings.ranks import FIRST_DAN, rating_at
from tests.ladder.conftest import NOW

pytestmark = pytest.mark.django_db


def test_ladder_and_tournament_games_record_their_origin(
    ladder_factory, tournament_factory, user_factory, game_factory
):
    first, second = user_factory(), user_factory()
    ladder = ladder_factory(players=[first, second])
    challenge = ladder_challenge(
        ladder_id=ladder.pk, challenger=second, defender_id=first.pk, now=NOW
    )
    tournament = tournament_factory(players=[user_factory(), user_factory()], start=True)
    pairing = tournament.pairings.exclude(game=None).first()
    free = game_factory()
    origins = {
        challenge.game.pk: GameOrigin.LADDER,
        pairing.game.pk: GameOrigin.TOURNAMENT,
        free.pk: GameOrigin.CHALLENGE,
    }
    for game_id, origin in origins.items():
        found = games_browse(choice=BrowseFilter(origin=origin)).games
        assert game_id in {g.pk for g in found}
        assert {g.origin for g in found} == {origin}


def test_the_strength_filter_keeps_games_with_a_player_in_the_band(
    game_factory, black, white, user_factory
):
    strong, weak = user_factory(username="strong"), user_factory(username="weak")
    Rating.objects.create(
        user=strong, family="square", rating=rating_at(FIRST_DAN + 2), deviation=60,
        volatility=0.06,
    )  # fmt: skip
    Rating.objects.create(
        user=weak, family="square", rating=rating_at(5), deviation=60, volatility=0.06
    )
    dan_game = game_factory(black=strong)
    kyu_game = game_factory(white=weak)
    game_factory()  # unrated players: in no band

    def found(band: str, board: str = "") -> set[int]:
        return {g.pk for g in games_browse(choice=BrowseFilter(strength=band, board=board)).games}

    assert found("dan") == {dan_game.pk}
    assert found("ddk") == {kyu_game.pk}
    assert found("sdk") == set()
    assert found("dan", board="hex-8") == set()
