"""Marking dead stones without a mouse or sight: the marking page's board is one Tab stop with
the keyboard cursor (static/games/board_cursor.js, mode "mark"). Each point says its stone and
whether the marking counts it dead; Enter toggles the chain at the cursor, the page comes back
with the cursor on that point and its status line says the chain and the new count; both
players accept with the keyboard. What a screen reader is given is read from the accessibility
tree; axe checks every page (tests/browser/conftest.py)."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from games.models import DisputeStatus, ScoreDispute
from games.services import disputes
from tests.browser.conftest import needs_chromium
from tests.browser.helpers import FOCUSED, cursor_to, expect, log_in, shoot, tab_until, to_board
from tests.games.positions import SQUARE_H5_ALIVE, counted_hex, counted_square

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]

FOCUSED_LABEL = "document.activeElement.getAttribute('aria-label')"
COUNT = r"With this marking the count is Black [\d.]+, White [\d.]+: [BW]\+[\d.]+\."


def _accept_by_keys(page) -> None:
    tab_until(page, "document.activeElement.textContent.trim() === 'Accept this marking'")
    with page.expect_navigation():
        page.keyboard.press("Enter")


@pytest.mark.parametrize(
    ("kind", "size", "make", "point", "before", "after"),
    [
        # H5 is marked dead by the estimate; Enter brings its chain back to life.
        ("square", 9, counted_square, "H5", "H5, black stone, marked dead", "alive again"),
        # F7 belongs to Black's living row 7; Enter marks the whole row dead.
        ("hex", 6, counted_hex, "F7", "F7, black stone", "marked dead"),
    ],
    ids=["9x9", "hex6"],
)
def test_a_dead_chain_is_marked_and_the_count_accepted_by_keyboard(
    browser, live_server, user_factory, kind, size, make, point, before, after
):
    black, white = user_factory(username="kuro"), user_factory(username="shiro")
    game = make(black=black, white=white, now=timezone.now())
    disputes.dispute_open(game_id=game.pk, user=black, now=timezone.now())
    base = live_server.url
    url = f"{base}/games/{game.pk}/marking/"

    page = log_in(browser, base, "kuro")
    page.goto(url)
    # The skip link, then one Tab stop for the whole board (it was one per stone).
    keys = to_board(page)
    assert keys == 3, f"{keys} keys to reach the board"
    page.keyboard.press("Tab")
    assert not page.evaluate("!!document.activeElement.closest('svg.bd')")  # one stop only
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUSED)

    cursor_to(page, kind, size, point)
    assert page.evaluate(FOCUSED_LABEL).startswith(before)
    assert page.evaluate(FOCUSED_LABEL) != f"{before}, marked dead"
    tree = page.locator("svg.bd").aria_snapshot()
    assert re.search(r'grid "Marking dead stones: arrow keys move the cursor, Enter marks', tree)
    assert re.search(rf'gridcell "{before}[",]', tree)

    with page.expect_navigation():
        page.keyboard.press("Enter")
    # Back on the same point, which says its new state; the status line says the count.
    expect()(page.locator("#board-said")).to_have_text(
        re.compile(rf"^{point}: the black chain of \d+ stones? is {after}\. {COUNT}$")
    )
    assert page.evaluate(FOCUSED) == point
    label = page.evaluate(FOCUSED_LABEL)
    assert ("marked dead" in label) == (after == "marked dead"), label
    assert ScoreDispute.objects.get(game=game).version == 1
    shoot(browser, page, f"{kind}", prefix="keyboard-marking-")

    _accept_by_keys(page)
    expect()(page.locator(".messages")).to_contain_text("now your opponent has to accept it")
    other = log_in(browser, base, "shiro")
    other.goto(url)
    preview = other.locator(".score-table caption strong").inner_text()
    _accept_by_keys(other)
    assert ScoreDispute.objects.get(game=game).status == DisputeStatus.AGREED
    game.refresh_from_db()
    assert game.result == preview
    if kind == "square":
        assert game.result == SQUARE_H5_ALIVE


def test_a_spectator_reads_the_marking_but_cannot_change_it(browser, live_server, user_factory):
    black, white = user_factory(username="kuro"), user_factory(username="shiro")
    game = counted_square(black=black, white=white, now=timezone.now())
    disputes.dispute_open(game_id=game.pk, user=black, now=timezone.now())
    base = live_server.url
    page = log_in(browser, base, user_factory(username="miru").username)
    page.goto(f"{base}/games/{game.pk}/marking/")
    to_board(page)
    cursor_to(page, "square", 9, "B5")
    assert page.evaluate(FOCUSED_LABEL).startswith("B5, white stone, marked dead")
    page.keyboard.press("Enter")
    expect()(page.locator("#board-said")).to_have_text("You cannot change this marking.")
    page.keyboard.press("c")
    expect()(page.locator("#board-said")).to_have_text(
        re.compile(r"^White chain of 1 stone: B5; 4 liberties: ")
    )
    assert ScoreDispute.objects.get(game=game).version == 0
