"""Uploaded SGF records become reviews: an omitted pass is restored, an unusable file is refused
with the reason."""

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


def test_an_uploaded_record_with_an_omitted_pass_is_reviewed_with_the_pass(client):
    page = _upload(client, b"(;GM[1]SZ[9]PB[kuro];B[ee];W[cc];W[gg];B[cg])")
    assert page.status_code == 200
    nodes = page.context["tree_data"]["nodes"]
    assert [n["name"] for n in nodes] == ["", "E5", "C7", "pass", "G3", "C3"]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        *[
            (f"(;CA[{ca}]SZ[9]PB[x];B[ee])".encode(), f"CA[{ca}] is not a character set")
            for ca in ("rot13", "hex", "base64", "idna", "punycode", "undefined")
        ],
        (b"(;SZ[9];B[ee]AW[aa])", "node 1 has setup stones (AW) and a move (B)"),
    ],
)
def test_an_unusable_upload_is_refused_with_the_reason(client, data, message):
    page = _upload(client, data)
    assert page.status_code == 400  # the form again, with the refusal (games/reviews/views.py)
    errors = str(page.context["form"].errors["sgf"])
    assert "This file cannot be reviewed" in errors and message in errors
