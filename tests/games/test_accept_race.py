"""Two players accept the same open challenge at the same moment: exactly one game starts and
the other player is told the challenge is gone. Needs real row locks, so PostgreSQL only."""

from __future__ import annotations

import threading

import pytest
from django.db import connections
from django.utils import timezone

from games.errors import ChallengeClosed
from games.game_settings import GameSettings
from games.models import Challenge, ChallengeStatus, Game
from games.services import challenges

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgres,
]


def test_two_simultaneous_accepts_make_exactly_one_game(user_factory):
    creator = user_factory(username="host")
    takers = [user_factory(username="first"), user_factory(username="second")]
    challenge = challenges.challenge_create(
        creator=creator,
        now=timezone.now(),
        settings=GameSettings(board_kind="square", board_size=19, ruleset="go-area"),
    )
    barrier = threading.Barrier(2)
    outcomes: dict[str, object] = {}

    def accept(user):
        try:
            barrier.wait()
            game = challenges.challenge_accept(
                challenge_id=challenge.pk, user=user, now=timezone.now()
            )
            outcomes[user.username] = game.pk
        except ChallengeClosed as error:
            outcomes[user.username] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=accept, args=(u,)) for u in takers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)

    games = list(Game.objects.all())
    assert len(games) == 1
    winners = [name for name, value in outcomes.items() if value == games[0].pk]
    losers = [value for value in outcomes.values() if isinstance(value, ChallengeClosed)]
    assert len(winners) == 1 and len(losers) == 1
    assert "no longer open: it was accepted" in str(losers[0])
    challenge.refresh_from_db()
    assert (challenge.status, challenge.game_id) == (ChallengeStatus.ACCEPTED, games[0].pk)
    assert Challenge.objects.count() == 1
