"""Twenty players join one auto-match queue at the same moment: nobody is in two games and
nobody is left waiting beside a compatible player (with 20 joiners: ten games, empty queue).
Joins of one queue take a PostgreSQL advisory lock, so this runs on PostgreSQL only."""

from __future__ import annotations

import threading
from collections import Counter

import pytest
from django.db import connections
from django.utils import timezone

from games.game_settings import GameSettings
from games.models import Challenge, ChallengeStatus, Game
from games.services import automatch

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgres,
]

JOINERS = 20


def test_twenty_simultaneous_joins_pair_everyone_once(user_factory):
    players = [user_factory(username=f"joiner{i}") for i in range(JOINERS)]
    settings = GameSettings(board_kind="square", board_size=13)
    barrier = threading.Barrier(JOINERS)
    errors: list[BaseException] = []

    def join(user):
        try:
            barrier.wait()
            automatch.challenge_automatch(user=user, settings=settings, now=timezone.now())
        except BaseException as error:  # reported below, with the thread's own error
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=join, args=(p,)) for p in players]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)

    assert errors == []
    games = list(Game.objects.all())
    seats = Counter(pk for g in games for pk in (g.black_id, g.white_id))
    assert all(count == 1 for count in seats.values())  # nobody in two games
    waiting = Challenge.objects.filter(status=ChallengeStatus.OPEN, recipient__isnull=True)
    # Everyone either plays or waits, and two compatible players never both wait.
    assert len(seats) + waiting.count() == JOINERS
    assert waiting.count() <= 1
    assert len(games) == JOINERS // 2
