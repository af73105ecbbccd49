"""The ladder's receivers of games.hooks when the clock sweep ends a batch of games: what it
reads once for the batch (which games are a tournament's or a ladder's) leaves each game's
end as a game ended alone would (its pairing recorded, nothing else touched)."""

from __future__ import annotations

import datetime as dt

import pytest

from games.models import Game, GameStatus
from games.services.sweeps import games_time_out_overdue
from ladder.tournaments.models import Outcome, TournamentPairing
from tests.ladder.conftest import NOW

pytestmark = pytest.mark.django_db


def test_a_sweep_batch_records_its_tournament_games_and_ends_the_others(
    tournament_factory, user_factory, game_factory
):
    players = [user_factory(username=f"r{i}") for i in range(4)]
    tournament = tournament_factory(players=players, start=True)
    casual = game_factory(clock_days=1)
    paired = list(
        TournamentPairing.objects.filter(tournament=tournament, game__status=GameStatus.PLAYING)
    )
    assert paired
    later = NOW + dt.timedelta(days=30)

    assert games_time_out_overdue(now=later) == len(paired) + 1

    assert Game.objects.get(pk=casual.pk).status == GameStatus.FINISHED
    for pairing in paired:
        pairing.refresh_from_db()
        assert pairing.outcome in (Outcome.BLACK, Outcome.WHITE), pairing
    # The batch is forgotten: a game ended alone afterwards is looked up as before.
    from ladder.receivers import _ending

    assert _ending.get() == (frozenset(), frozenset(), frozenset())
