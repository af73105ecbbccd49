"""Issue 37.6 in a browser: a typed point the rules refuse (an occupied point, a column I that a
Go board does not have) is answered in the confirm bar with the reason, in the player's
language, and no button to press; at 390 px, in German and Spanish. The reasons expected come
from the registry's catalogs (core.refusals)."""

from __future__ import annotations

import pytest
from django.utils import timezone, translation

from core.refusals import COORDINATE_REFUSALS, RULES_REFUSALS
from games.game_settings import GameSettings
from games.services import play
from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.browser.helpers import expect
from tests.conftest import PASSWORD

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]


def _reasons(language: str) -> dict[str, str]:
    with translation.override(language):
        reasons = {
            "E5": str(RULES_REFUSALS["occupied"]),
            "I4": str(COORDINATE_REFUSALS["column_i"]) % {"text": "I4", "board": ""},
        }
    assert reasons["E5"] != "that point is already occupied"
    return reasons


@pytest.mark.parametrize("language", ["de", "es"])
def test_a_refused_typed_point_says_why_and_offers_no_button(
    browser, live_server, user_factory, language
):
    base = live_server.url
    kuro = user_factory(username=f"kuro{language}", language=language)
    shiro = user_factory(username=f"shiro{language}")
    now = timezone.now()
    game = play.game_start(
        black=kuro, white=shiro, now=now, settings=GameSettings(board_kind="square", board_size=9)
    )
    play.game_move(game_id=game.pk, user=kuro, point="E5", expected_move_number=0, now=now)
    play.game_move(game_id=game.pk, user=shiro, point="D4", expected_move_number=1, now=now)
    page = browser.new_context(viewport=VIEWPORTS["phone"]).new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill('input[name="login"]', kuro.username)
    page.fill('input[name="password"]', PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base}/")
    page.goto(f"{base}/games/{game.pk}/")
    assert page.locator("html").get_attribute("lang") == language
    bar = page.locator(".board-confirm")
    for typed, reason in _reasons(language).items():
        page.fill("#move-point", typed)
        page.press("#move-point", "Enter")
        expect()(bar).to_be_visible()
        expect()(bar.locator(".board-confirm-words")).to_contain_text(reason)
        expect()(bar.locator("button", has_text=typed)).to_have_count(0)
        assert not bar.locator("button").first.is_visible() or (
            bar.locator("button:visible").count() == 1  # Cancel only
        )
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"refused-{typed}-{language}-phone.png"), full_page=True)
        page.keyboard.press("Escape")
        expect()(bar).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
