"""Disputing a count in a real browser, on a 9×9 Go board and a hex-6 Badux board.

Black disputes the automatic count from the game page, clicks one stone on the marking page
(disputes.js toggles its whole chain at once) and accepts; White sees the new marking, accepts,
and the game page shows the recount. Screenshots of the marking page (phone and desktop width)
and of the game page after the agreement go to the samples folder's screenshots/marking-*.png.
"""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.models import DisputeStatus, ScoreDispute
from tests.browser.conftest import needs_chromium
from tests.browser.helpers import log_in as _log_in
from tests.browser.helpers import shoot
from tests.games.positions import (
    HEX_AUTO,
    SQUARE_AUTO,
    SQUARE_H5_ALIVE,
    counted_hex,
    counted_square,
)

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]


def _shoot(browser, page, name: str) -> None:
    shoot(browser, page, name, prefix="marking-")


@pytest.mark.parametrize(
    ("name", "make", "auto", "click", "after", "dead_after"),
    [
        ("square", counted_square, SQUARE_AUTO, "H5", SQUARE_H5_ALIVE, ["B5"]),
        ("hex", counted_hex, HEX_AUTO, "F7", None, None),
    ],
)
def test_dispute_mark_and_accept_in_the_browser(
    browser, live_server, user_factory, name, make, auto, click, after, dead_after
):
    black = user_factory(username=f"kuro{name}")
    white = user_factory(username=f"shiro{name}")
    game = make(black=black, white=white, now=timezone.now())
    assert game.result == auto
    base = live_server.url
    board = f"{base}/games/{game.pk}/"

    page = _log_in(browser, base, black.username)
    page.goto(board)
    page.click("text=Dispute the count")
    page.click('button:has-text("Open the marking phase")')
    page.wait_for_url(f"{board}marking/")
    stone = page.locator(f'svg.bd circle.bd-st[data-name="{click}"]')
    was_dead = "dead" in (stone.get_attribute("class") or "")
    chain = page.locator("svg.bd circle.bd-st.dead").count()

    # disputes.js: one click toggles the chain and reloads the page; no confirmation step.
    page.click(f'a.bd-stone[data-name="{click}"]')
    page.wait_for_load_state()
    page.wait_for_function(
        '([name, was]) => document.querySelector(`svg.bd circle.bd-st[data-name="${name}"]`)'
        ".classList.contains('dead') !== was",
        arg=[click, was_dead],
    )
    assert ScoreDispute.objects.get(game=game).version == 1
    assert page.locator("svg.bd circle.bd-st.dead").count() != chain
    _shoot(browser, page, name)
    page.click('button:has-text("Accept this marking")')
    page.wait_for_selector("text=waiting for your opponent")

    other = _log_in(browser, base, white.username)
    other.goto(f"{board}marking/")
    preview = other.locator(".score-table caption strong").inner_text()
    other.click('button:has-text("Accept this marking")')
    other.wait_for_url(board)
    assert ScoreDispute.objects.get(game=game).status == DisputeStatus.AGREED
    game.refresh_from_db()
    assert game.result == preview
    if after is not None:
        assert game.result == after
        assert f"Dead stones (agreed by both players): {', '.join(dead_after)}." in (
            other.content()
        )
    assert f"Result: {game.result}" in other.content()
    _shoot(browser, other, f"{name}-agreed")
