"""An uploaded record's nodes in a real browser (review_tree.js): a node holding only setup
stones or only a comment is stepped to like a move, its label says so, and the board the script
rebuilds shows the stones the setup placed and removed; a Shift_JIS record's comments read as
written. axe runs on every page (tests/browser/conftest.py)."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.reviews import services as reviews
from tests.browser.conftest import needs_chromium
from tests.browser.helpers import expect
from tests.conftest import PASSWORD

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]

RECORD = "(;CA[Shift_JIS]SZ[9]C[ソ];B[ee]C[表];C[AlphaGoが予想した手。];AB[aa]AE[ee];W[cc])"


def test_nodes_without_a_move_are_stepped_to_and_drawn(browser, live_server, user_factory):
    user = user_factory(username="kuro", language="en")
    review, _notes = reviews.review_create_from_sgf(
        user=user, data=RECORD.encode("shift_jis"), now=timezone.now()
    )
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill('input[name="login"]', "kuro")
    page.fill('input[name="password"]', PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_url(f"{live_server.url}/")
    page.goto(f"{live_server.url}{review.get_absolute_url()}")
    page.wait_for_selector("[data-review-ready]")
    here = page.locator("[data-review-here]")
    comments = page.locator("[data-review-comments]")
    expect()(comments).to_contain_text("ソ")
    stone = 'circle.bd-st[data-point="{}"]'
    forward = page.locator('[data-step="forward"]')
    forward.click()
    expect()(here).to_have_text("1. B E5")
    expect()(comments).to_contain_text("表")
    expect()(page.locator(stone.format(40))).to_have_class("bd-st b")
    forward.click()
    expect()(here).to_have_text("1. no move")
    expect()(comments).to_contain_text("AlphaGoが予想した手。")
    forward.click()
    expect()(here).to_have_text("1. setup stones")
    expect()(page.locator(stone.format(0))).to_have_class("bd-st b")
    expect()(page.locator(stone.format(40))).to_have_class("bd-st")  # AE emptied E5
    forward.click()
    expect()(here).to_have_text("2. W C7")
