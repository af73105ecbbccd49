"""Issue 37.9 in a browser: a counted game's result in the reader's language at 390 px (German,
Spanish): "Dead stones (estimated)" whole in the language, komi and totals with its decimal
comma in the score table. Words from the catalogs, checked translated."""

from __future__ import annotations

import pytest
from django.utils import formats, timezone, translation

from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.browser.helpers import expect
from tests.conftest import PASSWORD
from tests.games.positions import counted_square

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("language", ["de", "es"])
def test_the_counted_result_is_worded_and_numbered_in_the_readers_language(
    browser, live_server, user_factory, language
):
    base = live_server.url
    black = user_factory(username=f"negro{language}", language=language)
    white = user_factory(username=f"blanco{language}")
    game = counted_square(black=black, white=white, now=timezone.now())
    with translation.override(language):
        estimated = translation.pgettext("dead stones", "estimated")
        komi_label = translation.gettext("Komi")
        komi = formats.number_format(7.5, decimal_pos=1)
        total = formats.number_format(43.5, decimal_pos=1)
    assert estimated != "estimated" and komi == "7,5"
    page = browser.new_context(viewport=VIEWPORTS["phone"]).new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill('input[name="login"]', black.username)
    page.fill('input[name="password"]', PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base}/")
    page.goto(f"{base}{game.get_absolute_url()}")
    assert page.locator("html").get_attribute("lang") == language
    main = page.locator("main")
    expect()(main).to_contain_text(f"({estimated})")
    expect()(main).not_to_contain_text("(estimated)")
    table = page.locator("table").filter(has_text=komi_label).first
    expect()(table).to_contain_text(komi)
    expect()(table).to_contain_text(total)
    assert "7.5" not in table.inner_text() and "43.5" not in table.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"result-words-{language}-phone.png"), full_page=True)
