"""Issue 37.11 in a browser: the superko exercise shows the moves between its start and the
current position with a stepper a phone can use (plain links, no arrow keys), at 390 px in
German and Japanese: Forward and Back step one move, End reaches the current position, and the
words are the catalog's."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.learn.exercises import BY_SLUG
from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.browser.helpers import expect

pytestmark = needs_chromium


def _said(language: str, msgid: str) -> str:
    with translation.override(language):
        said = translation.gettext(msgid)
    assert said != msgid, f"{msgid!r} is not translated into {language}"
    return said


@pytest.mark.parametrize(("language", "locale"), [("de", "de-DE"), ("ja", "ja-JP")])
def test_the_superko_cycle_is_stepped_through_on_a_phone(browser, live_server, language, locale):
    total = len(BY_SLUG["hex-superko"].history)
    caption = _said(language, "Move %(number)s of %(last)s")
    page = browser.new_context(viewport=VIEWPORTS["phone"], locale=locale).new_page()
    page.goto(f"{live_server.url}/learn/exercises/hex-superko/")
    assert page.locator("html").get_attribute("lang") == language
    at = page.locator("#step-caption strong")
    expect()(at).to_have_text(caption % {"number": 0, "last": total})
    steps = page.locator("nav.learn-steps")
    for number in (1, 2):
        with page.expect_navigation():
            steps.get_by_role("link", name=_said(language, "Forward ▶")).click()
        expect()(at).to_have_text(caption % {"number": number, "last": total})
    with page.expect_navigation():
        steps.get_by_role("link", name=_said(language, "◀ Back")).click()
    expect()(at).to_have_text(caption % {"number": 1, "last": total})
    with page.expect_navigation():
        steps.get_by_role("link", name=_said(language, "End »")).click()
    expect()(at).to_have_text(caption % {"number": total, "last": total})
    expect()(steps.get_by_role("link", name=_said(language, "Forward ▶"))).to_have_count(0)
    expect()(page.locator("#moves svg")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"learn-stepper-{language}-phone.png"), full_page=True)
