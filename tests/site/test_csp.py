"""Content-Security-Policy: every page has the header; scripts come only from our static files
(no inline script, no event-handler attribute in any template or rendered page)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone

from games.game_settings import GameSettings
from games.services import play
from tests.site.helpers import ROOT

pytestmark = pytest.mark.django_db

TEMPLATES = ROOT / "templates"
INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>")
HANDLER_ATTRIBUTE = re.compile(r"<[a-z][^>]*\son[a-z]+\s*=", re.IGNORECASE)
JAVASCRIPT_URL = re.compile(r"""(href|src|action)\s*=\s*["']?\s*javascript:""", re.IGNORECASE)


def _directives(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    parts = (part.split() for part in header.split(";") if part.strip())
    return {name: values for name, *values in parts}


@pytest.fixture
def pages(client, user_factory):
    """Paths of the main kinds of page, seen by a logged-in player."""
    kuro, shiro = user_factory(username="kuro"), user_factory(username="shiro")
    game = play.game_start(
        black=kuro,
        white=shiro,
        now=timezone.now(),
        settings=GameSettings(board_kind="square", board_size=9, ruleset="go-area"),
    )
    client.force_login(kuro)
    return [
        reverse("home"),
        reverse("profile_detail", args=["shiro"]),
        reverse("preferences_edit"),
        reverse("contacts"),
        reverse("games:board", args=[game.pk]),
        reverse("games:review", args=[game.pk]),
        reverse("games:history"),
        reverse("games:waiting_room"),
        reverse("games:review_upload"),
        reverse("account_email"),
        "/players/nobody-at-all/",  # a 404 page too
    ]


def test_every_page_has_the_policy_with_scripts_from_our_own_origin_only(client, pages):
    for path in pages:
        response = client.get(path)
        assert response.status_code in (200, 404), path
        directives = _directives(response)
        assert directives["script-src"] == ["'self'"], path
        assert directives["default-src"] == ["'self'"]
        assert directives["object-src"] == ["'none'"]
        assert directives["base-uri"] == ["'self'"]
        assert directives["frame-ancestors"] == ["'none'"]
        # Board SVGs and mails carry inline style; CSS runs no script.
        assert directives["style-src"] == ["'self'", "'unsafe-inline'"]


def test_logged_out_and_admin_pages_have_it_too(client, user_factory):
    for path in (reverse("account_login"), reverse("account_signup")):
        response = client.get(path)
        assert response.status_code == 200
        assert _directives(response)["script-src"] == ["'self'"], path
    # The admin's log-in sends to allauth's (above); the admin itself, once logged in.
    client.force_login(user_factory(is_staff=True, is_superuser=True))
    response = client.get("/admin/")
    assert response.status_code == 200
    assert _directives(response)["script-src"] == ["'self'"]


def test_rendered_pages_have_no_inline_script_or_handler(client, pages):
    for path in pages:
        body = client.get(path).content.decode()
        assert not INLINE_SCRIPT.search(body), path
        assert not HANDLER_ATTRIBUTE.search(body), path
        assert not JAVASCRIPT_URL.search(body), path


@pytest.mark.parametrize(
    "template", sorted(TEMPLATES.rglob("*.html")), ids=lambda p: str(p.relative_to(TEMPLATES))
)
def test_no_template_has_an_inline_script(template: Path):
    text = template.read_text()
    assert not INLINE_SCRIPT.search(text)
    assert not HANDLER_ATTRIBUTE.search(text)
    assert not JAVASCRIPT_URL.search(text)


def test_the_patterns_catch_what_they_must():
    assert INLINE_SCRIPT.search("<script>alert(1)</script>")
    assert INLINE_SCRIPT.search('<script type="module">x()</script>')
    assert not INLINE_SCRIPT.search('<script src="/static/games/board.js" defer></script>')
    assert not INLINE_SCRIPT.search('<script type="application/json">{}</script>')
    assert HANDLER_ATTRIBUTE.search('<button onclick="x()">')
    assert not HANDLER_ATTRIBUTE.search('<button class="once">')
    assert JAVASCRIPT_URL.search('<a href="javascript:void(0)">')
