"""Asking first, in a browser (core.confirmations): a player withdraws from a running
tournament and its organiser disqualifies a player, each through the page that names what will
happen, by keyboard, at desktop and phone widths (screenshots in the samples folder)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.browser.helpers import expect as _expect
from tests.browser.helpers import log_in as _log_in
from tests.ladder.conftest import tournament_factory  # noqa: F401 (a fixture)

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]


def _shoot_here(page, name: str) -> None:
    """Screenshots of the page as it is (a POST's answer cannot be loaded again) at each
    width; fails when the page is wider than the window."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, viewport in VIEWPORTS.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=str(SHOTS / f"confirm-{name}-{label}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), name
    page.set_viewport_size(VIEWPORTS["desktop"])


def _press(page, selector: str) -> None:
    """Reach the control by keyboard focus and press Enter on it."""
    page.focus(selector)
    with page.expect_navigation():
        page.keyboard.press("Enter")


def test_withdraw_and_disqualify_ask_first_naming_what_happens(
    live_server, browser, user_factory, request
):
    expect = _expect()
    base = live_server.url
    boss, ann, ben = (user_factory(username=n) for n in ("boss", "ann", "ben"))
    create = request.getfixturevalue("tournament_factory")
    t = create(players=[boss, ann, ben], organiser=boss, start=True)
    url = f"{base}{t.get_absolute_url()}"

    page = _log_in(browser, base, "ann")
    page.goto(url)
    _press(page, 'form[action$="/withdraw/"] button')
    expect(page.locator("h1")).to_have_text("Withdraw from Spring cup?")
    expect(page.locator("main")).to_contain_text("Your 2 running games in it will be resigned")
    _shoot_here(page, "withdraw")
    _press(page, "button:has-text('Yes, withdraw')")
    expect(page.locator(".messages")).to_contain_text("You have withdrawn")
    expect(page.locator("main")).to_contain_text("You are withdrawn.")

    page = _log_in(browser, base, "boss")
    page.goto(url)
    standings = page.locator("#standings")
    expect(standings.locator("button[aria-label='Disqualify boss']")).to_have_count(0)
    _press(page, "button[aria-label='Disqualify ben']")
    expect(page.locator("h1")).to_have_text("Disqualify ben from Spring cup?")
    expect(page.locator("main")).to_contain_text("Their 1 running game in it will be resigned")
    _shoot_here(page, "disqualify")
    with page.expect_navigation():
        page.click("text=No, go back")
    expect(page.locator("#standings")).not_to_contain_text("disqualified")
    _press(page, "button[aria-label='Disqualify ben']")
    _press(page, "button:has-text('Yes, disqualify ben')")
    expect(page.locator(".messages")).to_contain_text("The player is disqualified.")
    expect(page.locator("#standings")).to_contain_text("disqualified")
