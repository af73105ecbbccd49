"""A typed answer to a Learn exercise is judged once: the answer form is sent as typed (no
second "Play D4?" question from board.js), the verdict shows once, a wrong one is marked as
stale for board.js to hide when another point is chosen, and the box is empty again (an
unreadable answer stays in it, to be corrected)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def _box_value(page: str) -> str:
    return re.search(r'<input type="text" name="point"[^>]* value="([^"]*)"', page).group(1)


def test_the_answer_form_is_sent_as_typed(client):
    page = client.get(reverse("learn:exercise", args=["go-save-capture"])).content.decode()
    assert re.search(r'<form id="learn-form"[^>]* data-typed-direct>', page)


def test_a_wrong_typed_answer_shows_its_verdict_once_and_an_empty_box(client):
    response = client.post(reverse("learn:exercise", args=["go-save-capture"]), {"point": "C4"})
    page = response.content.decode()
    assert page.count("Not this one") == 1
    assert re.search(r'class="card learn-verdict wrong"[^>]* data-board-stale>', page)
    assert _box_value(page) == ""


def test_an_unreadable_answer_keeps_what_was_typed_to_correct_it(client):
    response = client.post(reverse("learn:exercise", args=["go-save-capture"]), {"point": "Z99"})
    page = response.content.decode()
    assert "like D4" in page and page.count("Not this one") == 1
    assert _box_value(page) == "Z99"
