"""A page during a database outage (PostgreSQL restarting, a backend terminated): 503 with
Retry-After and the site's page saying to try again, never a 500 traceback."""

from __future__ import annotations

import pytest
from django.db import InterfaceError, OperationalError
from django.db.backends.utils import CursorWrapper
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("error", [OperationalError, InterfaceError])
def test_a_page_while_the_database_is_down_answers_503_with_retry_after(monkeypatch, error):
    def down(*args, **kwargs):
        raise error("the database system is shutting down")

    monkeypatch.setattr(CursorWrapper, "execute", down)
    response = Client().get("/tournaments/")
    assert response.status_code == 503
    assert int(response["Retry-After"]) > 0
    assert response["Content-Type"].startswith("text/html")
    assert b"try again in a few seconds" in response.content


def test_a_signed_in_page_whose_session_cannot_be_read_answers_503(
    user_factory, monkeypatch, settings
):
    # The session and the player are read by middleware, before any view: urls.handler500.
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.db"
    client = Client(raise_request_exception=False)
    client.force_login(user_factory())

    def down(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(CursorWrapper, "execute", down)
    response = client.get("/tournaments/")
    assert response.status_code == 503
    assert int(response["Retry-After"]) > 0


def test_the_outage_page_is_in_the_readers_language(monkeypatch):
    monkeypatch.setattr(
        CursorWrapper, "execute", lambda *a, **k: (_ for _ in ()).throw(OperationalError("down"))
    )
    response = Client().get("/tournaments/", headers={"accept-language": "de"})
    assert response.status_code == 503
    assert response["Content-Language"] == "de"
    # The footer still offers every language by its own name (rendered without the request).
    page = response.content.decode()
    assert '<option value="en" lang="en">English</option>' in page
    assert '<option value="de" lang="de" selected>Deutsch</option>' in page
