"""Progress of logged-in players: a solved exercise is recorded once and shown as solved;
visitors are judged the same and nothing is stored."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from games.learn.exercises import EXERCISES
from games.learn.models import LearnProgress
from games.learn.selectors import progress_solved
from games.learn.services import progress_record

pytestmark = pytest.mark.django_db

NOW = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)


def test_a_solved_exercise_is_recorded_once(user_factory):
    player = user_factory()
    assert progress_record(user=player, slug="go-capture-one", now=NOW)
    assert not progress_record(user=player, slug="go-capture-one", now=NOW + dt.timedelta(days=1))
    row = LearnProgress.objects.get(user=player)
    assert row.solved_at == NOW
    assert progress_solved(user=player) == {"go-capture-one"}
    with pytest.raises(ValueError, match="no exercise"):
        progress_record(user=player, slug="no-such-board", now=NOW)


def test_a_right_answer_is_kept_for_a_player_and_a_wrong_one_is_not(client, user_factory):
    player = user_factory()
    client.force_login(player)
    url = reverse("learn:exercise", args=["go-capture-one"])
    client.post(url, {"point": "C3"})
    assert not LearnProgress.objects.exists()
    client.post(url, {"point": "D3"})
    assert progress_solved(user=player) == {"go-capture-one"}
    page = client.get(reverse("learn:exercises")).content.decode()
    assert "You have solved 1 board so far." in page
    assert "solved before" in client.get(url).content.decode()


def test_visitors_are_judged_but_nothing_is_stored(client):
    response = client.post(reverse("learn:exercise", args=[EXERCISES[0].slug]), {"point": "D3"})
    assert "Right!" in response.content.decode()
    assert not LearnProgress.objects.exists()
    assert (
        "to keep track of the boards you have solved"
        in client.get(reverse("learn:exercises")).content.decode()
    )
