"""Whatever players do (join, leave, challenge, win, lose, run out of time, idle), a ladder's
positions stay 1..N with one row per player in it, and a challenge is applied once."""

from __future__ import annotations

import contextlib
import datetime as dt

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.services.play import game_resign, game_timeout
from ladder.ladders.models import Ladder, LadderChallenge, LadderChallengeStatus, LadderEntry
from ladder.ladders.services import (
    LadderRefused,
    ladder_challenge,
    ladder_join,
    ladder_leave,
    ladders_remove_inactive,
)
from tests.ladder.conftest import NOW

pytestmark = pytest.mark.django_db

ACTIONS = st.lists(
    st.tuples(
        st.sampled_from(["join", "leave", "challenge", "resign", "timeout", "sweep"]),
        st.integers(0, 5),
        st.integers(0, 5),
    ),
    max_size=25,
)


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=ACTIONS, win_action=st.sampled_from(["take_place", "swap", "nothing"]))
def test_positions_stay_one_to_n(ladder_factory, user_factory, actions, win_action):
    LadderChallenge.objects.all().delete()
    Ladder.objects.all().delete()
    players = [user_factory() for _ in range(6)]
    ladder = ladder_factory(
        players=players[:3], win_action=win_action, timeout_removal=2, inactive_days=3
    )
    at = NOW
    for kind, a, b in actions:
        at += dt.timedelta(hours=7)
        user, other = players[a], players[b]
        if kind == "join":
            ladder_join(ladder_id=ladder.pk, user=user, now=at)
        elif kind == "leave":
            ladder_leave(ladder_id=ladder.pk, user=user, now=at)
        elif kind == "challenge":
            with contextlib.suppress(LadderRefused):
                ladder_challenge(ladder_id=ladder.pk, challenger=user, defender_id=other.pk, now=at)
        elif kind == "sweep":
            ladders_remove_inactive(now=at)
        else:
            running = LadderChallenge.objects.filter(
                ladder=ladder, status=LadderChallengeStatus.RUNNING
            )
            challenge = running.order_by("pk").select_related("game").first()
            if challenge is None:
                continue
            if kind == "resign":
                loser = challenge.challenger if a % 2 else challenge.defender
                game_resign(
                    game_id=challenge.game_id, user=loser, expected_move_number=None, now=at
                )
            else:
                game_timeout(game_id=challenge.game_id, now=challenge.game.deadline)
        positions = list(
            LadderEntry.objects.filter(ladder=ladder, position__isnull=False)
            .order_by("position")
            .values_list("position", flat=True)
        )
        assert positions == list(range(1, len(positions) + 1))
    finished = LadderChallenge.objects.filter(ladder=ladder, game__status="finished")
    assert not finished.filter(status=LadderChallengeStatus.RUNNING).exists()
