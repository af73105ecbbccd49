"""The game page follows the game while it is open (static/games/board_live.js): after the
opponent's stone or pass the board, each point's words, the turn line, the move form's move
number and the moves change with the announcement, the focus stays on the board's point, and
the next move is taken (not refused as stale). At both widths, in English and German; axe
runs on every page (tests/browser/conftest.py)."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.game_settings import GameSettings
from games.models import Game
from games.services import play
from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.browser.helpers import FOCUSED, cursor_to, expect
from tests.conftest import PASSWORD

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]

CASES = [("desktop", "en"), ("phone", "de")]


def _game(user_factory, language: str):
    black = user_factory(username="kuro")
    white = user_factory(username="shiro", language=language)
    game = play.game_start(
        black=black,
        white=white,
        now=timezone.now(),
        settings=GameSettings(board_kind="square", board_size=9, ruleset="go-area"),
    )
    return black, white, game


def _open(browser, base: str, viewport: str, url: str):
    page = browser.new_context(viewport=VIEWPORTS[viewport]).new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill('input[name="login"]', "shiro")
    page.fill('input[name="password"]', PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base}/")
    page.clock.install()
    page.goto(url)
    return page


def _cell(page, name: str):
    return page.locator(f'[data-cursor="{name}"]')


@pytest.mark.parametrize(("viewport", "language"), CASES)
def test_the_board_shows_the_opponents_stone_and_takes_the_next_move(
    browser, live_server, user_factory, viewport, language
):
    black, white, game = _game(user_factory, language)
    url = f"{live_server.url}/games/{game.pk}/"
    page = _open(browser, live_server.url, viewport, url)
    assert page.locator("html").get_attribute("lang") == language
    page.locator('[data-cursor][tabindex="0"]').focus()
    cursor_to(page, "square", 9, "D4")
    before = _cell(page, "D4").get_attribute("aria-label")
    expect()(page.locator("#move-form")).to_have_count(0)

    play.game_move(
        game_id=game.pk, user=black, point="D4", expected_move_number=0, now=timezone.now()
    )
    page.clock.run_for(21_000)
    expect()(page.locator('circle.bd-st.b[data-name="D4"]')).to_have_count(1)
    expect()(page.locator("p.to-move strong")).to_be_visible()
    expect()(page.locator('#move-form input[name="move_number"]')).to_have_value("1")
    expect()(page.locator("#board-said")).not_to_be_empty()
    assert _cell(page, "D4").get_attribute("aria-label") != before
    assert page.evaluate(FOCUSED) == "D4"
    assert page.locator("#board-news").is_hidden()
    if language == "en":
        expect()(page.locator("#board-said")).to_contain_text("Black played D4. Your turn.")
        assert _cell(page, "D4").get_attribute("aria-label").startswith("D4, black stone")
        expect()(page.locator("p.to-move")).to_contain_text("Your turn (White), move 2.")
    page.screenshot(path=str(SHOTS / f"live-board-{language}-{viewport}.png"), full_page=True)

    # The cursor stayed on D4; one step to E4 and Enter, Enter plays it: move 2 is taken.
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED) == "E4"
    page.keyboard.press("Enter")
    expect()(page.locator(".board-confirm-play")).to_be_focused()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert Game.objects.get(pk=game.pk).move_number == 2


@pytest.mark.parametrize(("viewport", "language"), CASES)
def test_the_opponents_pass_shows_at_once(browser, live_server, user_factory, viewport, language):
    black, white, game = _game(user_factory, language)
    page = _open(browser, live_server.url, viewport, f"{live_server.url}/games/{game.pk}/")
    expect()(page.locator(".passed-notice")).to_have_count(0)
    play.game_pass(game_id=game.pk, user=black, expected_move_number=0, now=timezone.now())
    page.clock.run_for(21_000)
    expect()(page.locator(".passed-notice")).to_be_visible()
    expect()(page.locator('#move-form input[name="move_number"]')).to_have_value("1")
    expect()(page.locator(".move-list li")).to_have_count(1)
    if language == "en":
        expect()(page.locator("#board-said")).to_contain_text("Black passed")
    page.screenshot(path=str(SHOTS / f"live-board-pass-{language}-{viewport}.png"), full_page=True)
