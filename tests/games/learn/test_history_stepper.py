"""An exercise with moves played before it (ko, superko) shows them one position at a time:
server-rendered Back/Forward links (`?step=N`), no JavaScript needed."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.learn.exercises import BY_SLUG
from rules.diagram import to_diagram

pytestmark = pytest.mark.django_db

URL = reverse("learn:exercise", args=["hex-superko"])


def _step_board(page: str) -> str:
    found = re.search(r'<svg[^>]*id="step-board".*?</svg>', page, re.S)
    assert found, "the stepper draws its board"
    return found.group(0)


def _stones(svg: str) -> int:
    return svg.count('class="bd-st ')


def test_the_stepper_starts_at_the_diagram_and_links_forward_only(client):
    page = client.get(URL).content.decode()
    assert 'id="moves"' in page
    assert 'href="?step=1#moves" rel="next"' in page
    assert 'rel="prev"' not in page
    assert "Move 0 of 21" in page


def test_every_step_shows_the_position_after_that_many_moves(client):
    exercise = BY_SLUG["hex-superko"]
    for step in range(len(exercise.history) + 1):
        page = client.get(URL, {"step": step}).content.decode()
        stones = sum(1 for c in exercise.game_at(step).board.colour if c)
        assert _stones(_step_board(page)) == stones, step
        if step > 0:
            assert f'href="?step={step - 1}#moves" rel="prev"' in page
        if step < len(exercise.history):
            assert f'href="?step={step + 1}#moves" rel="next"' in page
        assert f'href="?step={step}#moves" aria-current="step"' in page


def test_the_cycle_is_visible_the_last_step_is_the_current_position(client):
    exercise = BY_SLUG["hex-superko"]
    last = len(exercise.history)
    page = client.get(URL, {"step": last}).content.decode()
    assert "Black played E4 at move 21." in page
    t = exercise.topology
    assert to_diagram(t, exercise.game_at(last).board.colour) == to_diagram(
        t, exercise.game().board.colour
    )


@pytest.mark.parametrize("step", ["-1", "x", "99999999999", "", "٣"])
def test_any_step_text_shows_a_page(client, step):
    response = client.get(URL, {"step": step})
    assert response.status_code == 200
    assert 'id="step-board"' in response.content.decode()


def test_an_exercise_without_history_has_no_stepper(client):
    page = client.get(reverse("learn:exercise", args=["go-capture-one"])).content.decode()
    assert 'id="moves"' not in page
