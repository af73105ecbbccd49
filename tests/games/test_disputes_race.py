"""Both players accept the marking at the same moment, or one toggles while the other accepts:
the game row lock orders them, so the count is agreed exactly once (one audit row) and an
accept never slips past a toggle it did not see. Needs real row locks, so PostgreSQL only."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connections
from django.utils import timezone

from games.errors import GameActionError
from games.models import DisputeStatus, ResultCorrection, ScoreDispute
from games.services import disputes
from tests.games.positions import SQUARE_H5_ALIVE, counted_square

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgres,
]


def _together(*actions: Callable[[], object]) -> list[object]:
    """Run the actions in threads released at the same moment; their results or errors."""
    barrier = threading.Barrier(len(actions))
    outcomes: list[object] = [None] * len(actions)

    def run(i: int) -> None:
        try:
            barrier.wait()
            outcomes[i] = actions[i]()
        except GameActionError as error:
            outcomes[i] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(actions))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return outcomes


def test_simultaneous_accepts_agree_exactly_once(black, white):
    game = counted_square(black=black, white=white, now=timezone.now())
    disputes.dispute_open(game_id=game.pk, user=black, now=timezone.now())
    disputes.dispute_toggle(
        game_id=game.pk,
        user=black,
        point=game.topology.parse("H5"),
        expected_version=0,
        now=timezone.now(),
    )

    def accept(user):
        return lambda: disputes.dispute_accept(
            game_id=game.pk, user=user, expected_version=1, now=timezone.now()
        )

    _together(accept(black), accept(white))
    dispute = ScoreDispute.objects.get(game=game)
    game.refresh_from_db()
    assert dispute.status == DisputeStatus.AGREED
    assert game.result == SQUARE_H5_ALIVE
    assert ResultCorrection.objects.filter(game=game).count() == 1


def test_an_accept_racing_a_toggle_never_accepts_the_new_marking(black, white):
    game = counted_square(black=black, white=white, now=timezone.now())
    disputes.dispute_open(game_id=game.pk, user=black, now=timezone.now())
    disputes.dispute_accept(game_id=game.pk, user=black, expected_version=0, now=timezone.now())

    toggle = lambda: disputes.dispute_toggle(  # noqa: E731
        game_id=game.pk,
        user=black,
        point=game.topology.parse("H5"),
        expected_version=0,
        now=timezone.now(),
    )
    accept = lambda: disputes.dispute_accept(  # noqa: E731
        game_id=game.pk, user=white, expected_version=0, now=timezone.now()
    )
    toggled, accepted = _together(toggle, accept)
    dispute = ScoreDispute.objects.get(game=game)
    game.refresh_from_db()
    if isinstance(toggled, GameActionError):
        # The accept came first and agreed on marking 0; the toggle found the count final.
        assert dispute.status == DisputeStatus.AGREED and game.result == "W+7.5"
    else:
        # The toggle came first: the accept was for a page that no longer exists.
        assert isinstance(accepted, GameActionError)
        assert (dispute.status, dispute.version) == (DisputeStatus.MARKING, 1)
        assert not dispute.black_accepted and not dispute.white_accepted
