"""Ladder notices (challenged, position changed), safe to run twice, and the staff admin."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse

from accounts.services import notify_modes_set
from ladder.ladders import tasks
from ladder.ladders.models import Ladder, PositionChange
from ladder.ladders.services import ladder_challenge
from messaging.notifications.models import Notification
from tests.ladder.conftest import NOW, resign

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(user_factory):
    return [user_factory(username=f"p{i}") for i in range(1, 4)]


def test_the_defender_is_told_once_by_mail(
    ladder_factory, players, django_capture_on_commit_callbacks
):
    ladder = ladder_factory(players=players)
    made = ladder_challenge(
        ladder_id=ladder.pk, challenger=players[2], defender_id=players[0].pk, now=NOW
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.notify_challenge(made.pk) is True
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.notify_challenge(made.pk) is False
    note = Notification.objects.get(user=players[0], event="ladder_challenge")
    assert "p3 challenged you in the ladder Go 9x9" in note.text
    assert note.url == made.game.get_absolute_url()
    assert len(mail.outbox) == 1 and "Ladder challenge from p3" in mail.outbox[0].subject


def test_position_changes_are_told_by_the_players_preference(
    ladder_factory, players, django_capture_on_commit_callbacks
):
    ladder = ladder_factory(players=players)
    made = ladder_challenge(
        ladder_id=ladder.pk, challenger=players[2], defender_id=players[0].pk, now=NOW
    )
    notify_modes_set(user=players[2], modes={"ladder_position": "immediate"})
    resign(made.game, players[0], NOW)
    changes = PositionChange.objects.filter(reason=f"game {made.game_id}")
    for change in changes:
        with django_capture_on_commit_callbacks(execute=True):
            tasks.notify_position(change.pk)
        with django_capture_on_commit_callbacks(execute=True):
            tasks.notify_position(change.pk)
    texts = dict(
        Notification.objects.filter(event="ladder_position").values_list("user__username", "text")
    )
    # The two players of the game; p2, pushed down one, is not told.
    assert texts == {
        "p3": "You are now number 1 (was 3) in the ladder Go 9x9.",
        "p1": "You are now number 2 (was 1) in the ladder Go 9x9.",
    }
    assert [m.to for m in mail.outbox if "position" in m.subject] == [["p3@example.org"]]


def test_staff_create_a_ladder_in_the_admin(client, user_factory):
    staff = user_factory(is_staff=True, is_superuser=True)
    client.force_login(staff)
    url = reverse("admin:ladder_ladder_add")
    assert client.get(url).status_code == 200
    data = {
        "name": "Badux 8",
        "slug": "badux-8",
        "board_kind": "hex",
        "board_size": "8",
        "ruleset": "badux",
        "komi": "6.5",
        "handicap": "0",
        "clock_kind": "per_move",
        "clock_days": "3",
        "clock_increment_days": "0",
        "clock_cap_days": "0",
        "clock_periods": "0",
        "clock_period_moves": "0",
        "clock_period_days": "0",
        "rated": "on",
        "open": "on",
        "range_kind": "positions",
        "range_value": "5",
        "max_outgoing": "2",
        "top_band": "3",
        "max_incoming_top": "1",
        "max_incoming": "3",
        "rematch_wait_days": "7",
        "one_game_per_pair": "on",
        "win_action": "take_place",
        "jigo_action": "nothing",
        "timeout_win_action": "take_place",
        "timeout_penalty": "3",
        "timeout_removal": "3",
        "inactive_days": "30",
        "join_at": "bottom",
        "withdrawal": "loss",
        "vacation": "challengeable",
    }
    assert client.post(url, {**data, "board_size": "19"}).status_code == 200  # not a hex size
    assert not Ladder.objects.exists()
    response = client.post(url, data)
    assert response.status_code == 302
    ladder = Ladder.objects.get()
    assert (ladder.settings.board_size, ladder.vacation_allowed) == (8, False)
