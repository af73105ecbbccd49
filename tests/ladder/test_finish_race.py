"""Games ending at the same moment: two ladder games leave positions 1..N with no gap or
duplicate and both results applied; two games of one new player both rate. Needs real row
locks, so PostgreSQL only."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from django.db import connections
from django.utils import timezone

from games.game_settings import GameSettings
from games.services.play import game_resign, game_start
from ladder.ladders.models import Ladder, LadderChallenge, LadderChallengeStatus, LadderEntry
from ladder.ladders.services import ladder_challenge, ladder_join
from ladder.ratings.models import Rating, RatingChange

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgres,
]


def test_two_ladder_games_ending_at_once_leave_positions_one_to_n(user_factory):
    now = timezone.now() - dt.timedelta(hours=1)
    ladder = Ladder.objects.create(
        name="Race",
        slug="race",
        board_kind="square",
        board_size=9,
        ruleset="go-area",
        komi="7.5",
        created=now,
        max_incoming_top=2,
    )
    players = [user_factory(username=f"r{i}") for i in range(1, 9)]
    for user in players:
        ladder_join(ladder_id=ladder.pk, user=user, now=now)
    # Overlapping moves: r4 climbs to 1, r5 to 2, so both renumber the same rows.
    first = ladder_challenge(
        ladder_id=ladder.pk, challenger=players[3], defender_id=players[0].pk, now=now
    )
    second = ladder_challenge(
        ladder_id=ladder.pk, challenger=players[4], defender_id=players[1].pk, now=now
    )
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def resign(challenge):
        try:
            barrier.wait()
            game_resign(
                game_id=challenge.game_id,
                user=challenge.defender,
                expected_move_number=None,
                now=timezone.now(),
            )
        except BaseException as error:  # reported by the assertion below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=resign, args=(c,)) for c in (first, second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)

    assert errors == []
    positions = list(
        LadderEntry.objects.filter(ladder=ladder, position__isnull=False)
        .order_by("position")
        .values_list("position", "user__username")
    )
    assert [p for p, _ in positions] == list(range(1, 9))
    assert {name for _, name in positions[:4]} == {"r4", "r5", "r1", "r2"}
    assert set(LadderChallenge.objects.filter(ladder=ladder).values_list("status", flat=True)) == {
        LadderChallengeStatus.DONE
    }


def test_two_games_of_one_new_player_ending_at_once_rate_both(user_factory):
    """Both games create and lock the shared player's rating row: one waits, then rates from
    the other's result, so the player ends with two rated games and no lost update."""
    now = timezone.now() - dt.timedelta(hours=1)
    shared, first, second = (user_factory(username=n) for n in ("shared", "one", "two"))
    settings = GameSettings(board_kind="square", board_size=9, ruleset="go-area")
    games = [
        game_start(black=shared, white=first, settings=settings, now=now),
        game_start(black=second, white=shared, settings=settings, now=now),
    ]
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def resign(game, loser):
        try:
            barrier.wait()
            game_resign(game_id=game.pk, user=loser, expected_move_number=None, now=timezone.now())
        except BaseException as error:  # reported by the assertion below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=resign, args=(games[0], first)),
        threading.Thread(target=resign, args=(games[1], second)),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)

    assert errors == []
    row = Rating.objects.get(user=shared, family="square")
    # Each thread read its clock before it waited on the lock; the history still keeps order.
    changes = list(RatingChange.objects.filter(user=shared).order_by("created", "pk"))
    assert row.games == 2 and len(changes) == 2
    assert changes[1].rating_before == pytest.approx(changes[0].rating_after)
    assert row.rating == pytest.approx(changes[1].rating_after)
