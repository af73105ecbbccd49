"""Reviewing without a mouse or sight: on the review pages the board is one Tab stop with the
keyboard cursor (static/games/board_cursor.js) that reads the position of the move shown. The
stepper's keys (replay.js, review_tree.js) and the cursor's never share a key press: the arrows
move the cursor while the board has the focus and step through the moves elsewhere. On a
review with variations its owner plays a move with Enter on the cursor's point. What a screen
reader is given is read from the accessibility tree; axe checks every page."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from games.reviews import services as review_services
from tests.browser.conftest import needs_chromium
from tests.browser.helpers import FOCUSED, cursor_to, expect, log_in, shoot, to_board
from tests.games.positions import play_out

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]

MOVES = ("E5", "C3", "G7", "C7", "G3", "D4", "F4", "E3", "F3", "E7", "F7", "D6")
FOCUSED_LABEL = "document.activeElement.getAttribute('aria-label')"


def _game(user_factory):
    black, white = user_factory(username="kuro"), user_factory(username="shiro")
    return play_out(black=black, white=white, now=timezone.now(), moves=MOVES)


def test_step_through_a_review_and_read_a_point(browser, live_server, user_factory):
    game = _game(user_factory)
    base = live_server.url
    page = log_in(browser, base, user_factory(username="miru").username)
    page.goto(f"{base}/games/{game.pk}/review/")
    status = page.locator(".board-review-status .board-review-move")
    expect()(status).to_have_text("Move 14 of 14: White passes")

    # Skip link, "Back to the game", "Download SGF", then the board: one Tab stop.
    keys = to_board(page)
    assert keys == 5, f"{keys} keys to reach the board"
    start = page.evaluate(FOCUSED)
    # On the board the arrows move the cursor, never the review.
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(FOCUSED) != start
    expect()(status).to_have_text("Move 14 of 14: White passes")

    # The stepper's buttons come next; there the keys step through the moves.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "First move"
    page.keyboard.press("Home")
    expect()(status).to_have_text("Start: empty board")
    page.keyboard.press("ArrowRight")
    expect()(status).to_have_text("Move 1 of 14: Black E5")

    # Back on the board: the cursor reads the position of move 1.
    page.keyboard.press("Shift+Tab")
    cursor_to(page, "square", 9, "E5")
    assert page.evaluate(FOCUSED_LABEL) == "E5, black stone, last move"
    cursor_to(page, "square", 9, "C3")
    assert page.evaluate(FOCUSED_LABEL) == "C3, empty"
    # The other points are read anew once per burst of changes, after the step (a timer in
    # board_cursor.js): wait for that before reading the whole grid.
    expect()(page.locator("svg.bd [data-cursor='G7']")).to_have_attribute("aria-label", "G7, empty")
    tree = page.locator("svg.bd").aria_snapshot()
    # The board's name has no move number: the stepper's status says which move is shown.
    assert 'grid "9×9 board of the review: arrow keys move the cursor"' in tree
    assert 'gridcell "E5, black stone, last move"' in tree
    assert 'gridcell "G7, empty"' in tree  # played at move 3, not shown yet
    page.keyboard.press("c")
    expect()(page.locator("#board-said")).to_have_text("C3 is empty.")
    cursor_to(page, "square", 9, "E5")
    page.keyboard.press("c")
    expect()(page.locator("#board-said")).to_have_text(
        "Black chain of 1 stone: E5; 4 liberties: E6, D5, F5 and E4."
    )
    page.keyboard.press("s")
    expect()(page.locator("#board-said")).to_have_text(
        "White to play, move 2. Black played E5. Captures: Black 0, White 0."
    )
    # Read only: Enter plays nothing.
    page.keyboard.press("Enter")
    expect()(page.locator("#board-said")).to_have_text(
        "This board is for reading: nothing is played here."
    )
    # The keys are written on the page.
    assert "Elsewhere on the page, Left and Right step through the moves" in page.inner_text(
        "#board-keys-line"
    )
    shoot(browser, page, "game", prefix="keyboard-review-")


def test_the_owner_plays_a_variation_with_enter_on_the_cursor(browser, live_server, user_factory):
    game = _game(user_factory)
    black = game.black
    review = review_services.review_create_from_game(game=game, user=black, now=timezone.now())
    base = live_server.url
    page = log_in(browser, base, black.username)
    page.goto(f"{base}{review.get_absolute_url()}?node=10")
    page.wait_for_selector("[data-review-ready]")
    here = page.locator("[data-review-here]")
    expect()(here).to_have_text("10. W E7")

    keys = to_board(page)
    assert keys == 5, f"{keys} keys to reach the board"
    # The tree's keys stay off the board: ArrowLeft moves the cursor, not back to move 9.
    cursor_to(page, "square", 9, "B2")
    expect()(here).to_have_text("10. W E7")
    assert page.evaluate(FOCUSED_LABEL) == "B2, empty"
    tree = page.locator("svg.bd").aria_snapshot()
    assert re.search(
        r'grid "[^"]*: arrow keys move the cursor, Enter plays a variation move"', tree
    )

    page.keyboard.press("Enter")
    expect()(here).to_have_text("11. B B2")
    assert page.evaluate(FOCUSED) == "B2"
    expect()(page.locator("svg.bd [data-cursor='B2']")).to_have_attribute(
        "aria-label", "B2, black stone, last move"
    )
    review.refresh_from_db()
    assert [n["name"] for n in review.tree["nodes"] if n["parent"] == 10] == ["F7", "B2"]
    # The cursor's questions are about the new node.
    page.keyboard.press("c")
    expect()(page.locator("#board-said")).to_have_text(
        "Black chain of 1 stone: B2; 4 liberties: B3, A2, C2 and B1."
    )
    # An occupied point: the rules refuse it, in words.
    cursor_to(page, "square", 9, "C3")
    page.keyboard.press("Enter")
    expect()(page.locator("[data-review-error]")).to_contain_text("occupied")
    expect()(here).to_have_text("11. B B2")
    shoot(browser, page, "variation", prefix="keyboard-review-")
