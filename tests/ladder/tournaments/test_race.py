"""The last two games of a round ending at the same moment: the next round is paired exactly
once. Needs real row locks, so PostgreSQL only (like test_finish_race.py)."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from django.db import connections
from django.utils import timezone

from games.game_settings import GameSettings
from games.services.play import game_resign
from ladder.tournaments import advance, services
from ladder.tournaments.models import TournamentPairing, TournamentStatus

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgres,
]


def _swiss(user_factory, now):
    players = [user_factory(username=f"s{i}") for i in range(1, 5)]
    tournament = services.tournament_create(
        organiser=players[0],
        name="Race cup",
        format="swiss",
        rounds=3,
        settings=GameSettings(board_kind="square", board_size=9),
        start_when_full=False,
        now=now,
    )
    for user in players:
        services.tournament_join(tournament_id=tournament.pk, user=user, now=now)
    services.tournament_start(tournament_id=tournament.pk, user=players[0], now=now)
    return tournament


def _at_once(calls):
    barrier = threading.Barrier(len(calls))
    errors: list[BaseException] = []

    def run(call):
        try:
            barrier.wait()
            call()
        except BaseException as error:  # reported by the assertion below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(c,)) for c in calls]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return errors


def test_the_last_two_games_ending_at_once_pair_the_next_round_once(user_factory):
    now = timezone.now() - dt.timedelta(hours=1)
    tournament = _swiss(user_factory, now)
    boards = list(TournamentPairing.objects.filter(tournament=tournament, round=1))
    assert len(boards) == 2

    def resign(pairing):
        return lambda: game_resign(
            game_id=pairing.game_id,
            user=pairing.white,
            expected_move_number=None,
            now=timezone.now(),
        )

    errors = _at_once([resign(p) for p in boards])
    assert errors == []
    tournament.refresh_from_db()
    assert tournament.current_round == 2
    second = TournamentPairing.objects.filter(tournament=tournament, round=2)
    assert second.count() == 2
    assert TournamentPairing.objects.filter(tournament=tournament).count() == 4


def test_two_advance_tasks_at_once_pair_once(user_factory):
    now = timezone.now() - dt.timedelta(hours=1)
    tournament = _swiss(user_factory, now)
    # Record the results without the hook's task, so both runs below find the round complete.
    for pairing in TournamentPairing.objects.filter(tournament=tournament, round=1):
        TournamentPairing.objects.filter(pk=pairing.pk).update(outcome="black")
    results = []
    errors = _at_once(
        [
            lambda: results.append(
                advance.tournament_advance(tournament_id=tournament.pk, now=timezone.now())
            )
            for _ in range(2)
        ]
    )
    assert errors == []
    assert sorted(results) == ["paired", "waiting"]
    tournament.refresh_from_db()
    assert tournament.current_round == 2 and tournament.status == TournamentStatus.RUNNING
    assert TournamentPairing.objects.filter(tournament=tournament, round=2).count() == 2
