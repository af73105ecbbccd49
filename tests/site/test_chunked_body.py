"""A request body sent in chunks (Transfer-Encoding: chunked, no Content-Length), which Django
would read as empty, is refused with 411 Length Required and a sentence saying why: JSON for the
API, a page for forms (not a confusing 422 "Field required" or CSRF 403)."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_an_api_call_with_a_chunked_body_answers_411_in_json():
    response = Client().post(
        "/api/v1/games/1/move",
        b'{"point": "E5"}',
        content_type="application/json",
        HTTP_TRANSFER_ENCODING="chunked",
        CONTENT_LENGTH="",
    )
    assert response.status_code == 411
    body = response.json()
    assert body["code"] == "length_required"
    assert "Content-Length" in body["message"]


def test_a_form_with_a_chunked_body_answers_411_with_a_page():
    response = Client().post(
        "/accounts/login/", b"login=a&password=b", content_type="application/x-www-form-urlencoded",
        HTTP_TRANSFER_ENCODING="chunked", CONTENT_LENGTH="",
    )  # fmt: skip
    assert response.status_code == 411
    assert response["Content-Type"].startswith("text/html")
    assert b"Content-Length" in response.content


def test_a_body_with_its_length_is_read_as_ever():
    response = Client().post(
        "/api/v1/games/1/move", b"{}", content_type="application/json",
        HTTP_TRANSFER_ENCODING="gzip",
    )  # fmt: skip
    assert response.status_code != 411
