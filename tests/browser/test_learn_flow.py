"""Learn (issue 24): a visitor opens Learn from the home page, solves three boards (one on a
hexagon, one by keyboard only), gets one wrong and reads why. Every page passes axe (the
browser fixture checks each load). Screenshots at 1280 and 390 px go to
the samples folder's screenshots/learn-*.png.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium

pytestmark = needs_chromium


def _expect():
    return pytest.importorskip("playwright.sync_api").expect


def _shoot(browser, url: str, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, viewport in VIEWPORTS.items():
        shot = browser.new_page(viewport=viewport)
        shot.goto(url)
        shot.screenshot(path=str(SHOTS / f"learn-{name}-{label}.png"), full_page=True)
        assert shot.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), name
        shot.close()


def _click_point(page, name: str) -> None:
    """Click a point of the exercise board and confirm it in board.js's bar."""
    page.click(f'#exercise-board a.bd-pt[data-name="{name}"]')
    page.click(f'.board-confirm-play:has-text("{name}")')


def test_a_visitor_learns_from_the_home_page(browser, live_server):
    expect = _expect()
    base = live_server.url
    page = browser.new_page(viewport=VIEWPORTS["desktop"])
    page.goto(f"{base}/")
    page.click('nav.site-nav a[href="/learn/"]')
    page.wait_for_url(f"{base}/learn/")
    expect(page.locator("h1")).to_have_text("Learn Go and Badux")

    # Board 1, by clicking: capture one stone.
    page.click('a.button:has-text("Start with the first board")')
    expect(page.locator("h1")).to_have_text("Capture one stone")
    _click_point(page, "D3")
    expect(page.locator(".learn-verdict h2")).to_have_text("Right!")

    # Board 2: a wrong point first, and the page says why.
    page.click('a.button:has-text("Next board")')
    expect(page.locator("h1")).to_have_text("Two stones on the edge")
    _click_point(page, "D2")
    expect(page.locator(".learn-verdict h2")).to_have_text("Not this one")
    expect(page.locator("#verdict-why")).to_contain_text("still have 1 liberty")
    _click_point(page, "D1")
    expect(page.locator(".learn-verdict h2")).to_have_text("Right!")

    # Board 3, on a hexagon, by keyboard only: type the point and Enter (the typed answer is
    # sent as it is: no second question).
    page.goto(f"{base}/learn/exercises/")
    page.click('a:has-text("Six liberties")')
    expect(page.locator("p.muted.small").first).to_contain_text("hex 4")
    page.focus("#id_point")
    page.keyboard.type("d3")
    page.keyboard.press("Enter")
    expect(page.locator(".learn-verdict h2")).to_have_text("Right!")
    expect(page.locator("#verdict-why")).to_contain_text("sixth neighbour")


def test_learn_pages_at_desktop_and_phone_width(browser, live_server):
    base = live_server.url
    for name, path in (
        ("index", "/learn/"),
        ("go", "/learn/go/"),
        ("badux", "/learn/badux/"),
        ("exercises", "/learn/exercises/"),
        ("exercise-hex", "/learn/exercises/hex-superko/"),
        ("rules", "/learn/rules/"),
    ):
        _shoot(browser, f"{base}{path}", name)
    page = browser.new_page(viewport=VIEWPORTS["phone"])
    page.goto(f"{base}/learn/exercises/hex-kill-three/")
    page.fill("#id_point", "A1")
    page.click('#learn-form button[type="submit"]')  # a typed answer is sent at once
    page.wait_for_selector(".learn-verdict")
    page.screenshot(path=str(SHOTS / "learn-wrong-answer-phone.png"), full_page=True)
    _expect()(page.locator(".learn-verdict")).to_contain_text("B1")
