"""Game selectors: the order of a player's running games."""

import datetime as dt

from games.models import Game
from games.selectors.status import game_next_for, games_running_for


def test_a_stopped_clock_is_least_urgent_on_every_database(game_factory, black):
    soon = game_factory()  # Black to move, deadline in 3 days
    stopped = game_factory()
    later = game_factory()
    Game.objects.filter(pk=stopped.pk).update(deadline=None)  # Black is on vacation
    Game.objects.filter(pk=later.pk).update(deadline=soon.deadline + dt.timedelta(days=1))
    waiting = game_factory(moves=("E5",))  # White to move: Black waits

    assert [g.pk for g in games_running_for(user=black)] == [
        soon.pk,
        later.pk,
        stopped.pk,
        waiting.pk,
    ]
    assert game_next_for(user=black).pk == soon.pk
