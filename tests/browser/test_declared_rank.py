"""Declaring a strength the way one's language writes it (3段, 3. Dan) in a real browser: the
rank is accepted, and the profile and home page show it instead of asking again. Screenshots
of both at 1280 and 390 px: the samples folder's screenshots/declared-<lang>-<page>-<width>.png.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.conftest import PASSWORD

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(("language", "written"), [("ja", "3段"), ("de", "3. Dan")])
def test_a_rank_written_in_the_players_language_is_declared_and_shown(
    browser, live_server, user_factory, language, written
):
    base = live_server.url
    player = user_factory(username=f"decl{language}", language=language)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, viewport in VIEWPORTS.items():
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        page.goto(f"{base}/accounts/login/")
        page.fill('input[name="login"]', player.username)
        page.fill('input[name="password"]', PASSWORD)
        page.click('form button[type="submit"]')
        page.wait_for_url(f"{base}/")
        page.goto(f"{base}/ladders/ratings/declare/?family=square")
        page.fill('input[name="rank"]', written)
        page.click('form.card button[type="submit"]')
        page.wait_for_url(f"{base}/players/{player.username}/")
        assert "3d" in page.locator(".declared-rank").inner_text()
        page.screenshot(
            path=str(SHOTS / f"declared-{language}-profile-{label}.png"), full_page=True
        )
        page.goto(f"{base}/")
        assert "3d" in page.locator(".declare-offer strong").inner_text()
        page.screenshot(path=str(SHOTS / f"declared-{language}-home-{label}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        context.close()
