"""The replay page (stepping through a stored game) and the SGF download: a game record leaves
and comes back intact (uploaded as a review); the count shown at the last move only."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_sgf_download_replay_and_upload_round_trip(client, game_factory, black):
    game = game_factory(moves=("E5", "D4", "pass"))
    response = client.get(reverse("games:sgf", args=[game.pk]))
    text = response.content.decode()
    assert response["Content-Disposition"] == f'attachment; filename="badux-{game.pk}.sgf"'
    assert "PB[kuro]" in text and "B[ee]" in text and "W[df]" in text
    replay = client.get(reverse("games:review", args=[game.pk]), {"move": "1"})
    assert replay.context["number"] == 1
    assert b"Move 1 of 3: B E5" in replay.content
    client.force_login(black)
    upload = SimpleUploadedFile("g.sgf", response.content, content_type="application/x-go-sgf")
    page = client.post(reverse("games:review_upload"), {"sgf": upload}, follow=True)
    assert len(page.context["tree_data"]["nodes"]) == 4  # the start and three moves
    assert b"kuro" in page.content
    bad = SimpleUploadedFile("bad.sgf", b"(;GM[1]SZ[9];B[ee];W[ee])")
    page = client.post(reverse("games:review_upload"), {"sgf": bad})
    assert "cannot be reviewed" in str(page.context["form"].errors["sgf"])


def test_replay_of_a_counted_game_shows_the_count_at_the_last_move_only(client, game_factory):
    # Black walls column E, White F; White's C5 dies in Black's area.
    walls = [p for row in range(1, 10) for p in (f"E{row}", f"F{row}")]
    game = game_factory(moves=(*walls[:17], "C5", "D5", "F9", "pass", "pass"))
    assert game.score["dead"] == ["ce"]
    url = reverse("games:review", args=[game.pk])

    end = client.get(url).content.decode()
    assert 'class="bd-score"' in end
    assert re.search(r'<circle class="bd-st w dead" data-point="\d+" data-name="C5"', end)

    earlier = client.get(url, {"move": "18"}).content.decode()
    assert 'class="bd-score"' not in earlier
    assert "dead" not in re.search(r'<circle class="[^"]*" [^>]*data-name="C5"', earlier).group(0)
