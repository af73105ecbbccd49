"""Learn with JavaScript: a typed answer is judged at once (no "Play D2?" bar asking again),
and after a wrong answer the old "Not this one" box goes away as soon as another point is
chosen on the board (and comes back on Cancel)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import VIEWPORTS, needs_chromium

pytestmark = needs_chromium


def test_a_typed_answer_is_judged_once_and_a_stale_verdict_goes(browser, live_server):
    expect = pytest.importorskip("playwright.sync_api").expect
    page = browser.new_page(viewport=VIEWPORTS["phone"])
    page.goto(f"{live_server.url}/learn/exercises/go-capture-edge/")
    expect(page.locator("h1")).to_have_text("Two stones on the edge")
    page.fill("#id_point", "d2")
    page.click('#learn-form button[type="submit"]')
    verdict = page.locator(".learn-verdict")
    expect(verdict.locator("h2")).to_have_text("Not this one")
    expect(page.locator(".board-confirm")).to_be_hidden()  # never asked "Black at D2?"
    assert page.locator(".learn-verdict").count() == 1
    expect(page.locator("#id_point")).to_have_value("")
    page.click('#exercise-board a.bd-pt[data-name="D1"]')
    expect(page.locator(".board-confirm-play")).to_have_text("Play D1")
    expect(verdict).to_be_hidden()
    page.click(".board-confirm-cancel")
    expect(verdict).to_be_visible()
    page.fill("#id_point", "D1")
    page.press("#id_point", "Enter")
    expect(page.locator(".learn-verdict h2")).to_have_text("Right!")
