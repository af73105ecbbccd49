"""Uploaded SGF records become reviews as the file has them (every node, moves as played, any
charset), the uploader told what the reading changed; an unusable file is refused with the
reason."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

pytestmark = pytest.mark.django_db


def _upload(client, data: bytes):
    upload = SimpleUploadedFile("g.sgf", data, content_type="application/x-go-sgf")
    return client.post(reverse("games:review_upload"), {"sgf": upload}, follow=True)


@pytest.fixture
def client(client, black):
    """Uploads are for players who are logged in."""
    client.force_login(black)
    return client


def test_two_moves_of_one_colour_in_a_row_are_kept_as_played_with_no_pass_put_in(client):
    page = _upload(client, b"(;GM[1]SZ[9]PB[kuro];B[ee];W[cc];W[gg];B[cg])")
    assert page.status_code == 200
    nodes = page.context["tree_data"]["nodes"]
    assert [(n["colour"], n["name"]) for n in nodes] == [
        (None, ""),
        ("B", "E5"),
        ("W", "C7"),
        ("W", "G3"),
        ("B", "C3"),
    ]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        *[
            (f"(;CA[{ca}]SZ[9]PB[x];B[ee])".encode(), f"CA[{ca}] is not a character set")
            for ca in ("rot13", "hex", "base64", "idna", "punycode", "undefined")
        ],
        (b"(;SZ[9];B[ee]AW[aa])", "move 1 has setup stones (AW) in its node (B)"),
    ],
)
def test_an_unusable_upload_is_refused_with_the_reason(client, data, message):
    page = _upload(client, data)
    assert page.status_code == 400  # the form again, with the refusal (games/reviews/views.py)
    errors = str(page.context["form"].errors["sgf"])
    assert "This file cannot be reviewed" in errors and message in errors
