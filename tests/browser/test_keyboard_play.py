"""Playing without a mouse or sight: two players play a 9×9 and a hex-6 game to the end with
the keyboard only (one Tab to the board, the cursor's keys, Enter to play and to confirm), and
what a screen reader is given is read from the accessibility tree: the point under the cursor,
the answers of the board's commands, the status line after a move and the position in words.
axe runs on every page (tests/browser/conftest.py)."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from games.game_settings import GameSettings
from games.models import Game
from games.services import play
from tests.browser.conftest import AXE_JS, AXE_MISSING, VIEWPORTS, needs_chromium
from tests.browser.helpers import FOCUSED, cursor_path, tab_until, to_board
from tests.conftest import PASSWORD

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]


def _expect():
    return pytest.importorskip("playwright.sync_api").expect


def _log_in(browser, base: str, username: str):
    page = browser.new_context(viewport=VIEWPORTS["desktop"]).new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill('input[name="login"]', username)
    page.fill('input[name="password"]', PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base}/")
    return page


def _said(page) -> str:
    return page.locator("#board-said").inner_text()


def _play_by_keys(page, url: str, kind: str, size: int, name: str) -> int:
    """Load the game page, go to the board, walk the cursor to `name`, Enter, Enter; returns
    the keys it took to reach the board."""
    expect = _expect()
    page.goto(url)
    tabs = to_board(page)
    for key in cursor_path(kind, size, page.evaluate(FOCUSED), name):
        page.keyboard.press(key)
    assert page.evaluate(FOCUSED) == name
    page.keyboard.press("Enter")
    # The confirm bar takes the focus, its status says the move in words.
    expect(page.locator(".board-confirm-play")).to_be_focused()
    expect(page.locator(".board-confirm-words")).to_contain_text(f"{name}: ")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    return tabs


def _pass_by_keys(page, url: str) -> None:
    page.goto(url)
    tab_until(page, "document.activeElement.textContent.trim() === 'Pass'", limit=120)
    with page.expect_navigation():
        page.keyboard.press("Enter")
    tab_until(page, "document.activeElement.textContent.trim() === 'Yes, pass'")
    with page.expect_navigation():
        page.keyboard.press("Enter")


@pytest.mark.parametrize(
    ("kind", "size", "moves", "occupied"),
    [
        ("square", 9, ("E5", "C3", "G7", "C7"), "E5"),
        ("hex", 6, ("F6", "C3", "H9", "D2"), "F6"),
    ],
    ids=["9x9", "hex6"],
)
def test_a_game_played_to_the_end_by_keyboard_alone(
    browser, live_server, user_factory, kind, size, moves, occupied
):
    expect = _expect()
    base = live_server.url
    black, white = user_factory(username="kuro"), user_factory(username="shiro")
    game = play.game_start(
        black=black,
        white=white,
        now=timezone.now(),
        settings=GameSettings(
            board_kind=kind, board_size=size, ruleset="go-area" if kind == "square" else "badux"
        ),
    )
    url = f"{base}/games/{game.pk}/"
    pages = {"kuro": _log_in(browser, base, "kuro"), "shiro": _log_in(browser, base, "shiro")}
    players = ("kuro", "shiro")

    # The first move: the skip link, then one Tab stop for the whole board.
    keys = _play_by_keys(pages["kuro"], url, kind, size, moves[0])
    assert keys == 3, f"{keys} keys to reach the board"
    page = pages["kuro"]
    expect(page.locator(".messages")).to_contain_text(f"You played {moves[0]}.")
    expect(page.locator("#board-said")).to_have_text(f"You played {moves[0]}. shiro to move.")
    # The cursor waits on the move just played, and says so.
    assert page.evaluate(FOCUSED) == moves[0]
    tree = page.locator("svg.bd").aria_snapshot()
    assert f'gridcell "{moves[0]}, black stone, last move"' in tree

    for number, name in enumerate(moves[1:], start=1):
        _play_by_keys(pages[players[number % 2]], url, kind, size, name)

    # Commands answer in words; a refused point says why.
    page = pages["kuro"]
    page.goto(url)
    to_board(page)
    for key in cursor_path(kind, size, page.evaluate(FOCUSED), occupied):
        page.keyboard.press(key)
    page.keyboard.press("Enter")
    expect(page.locator("#board-said")).to_contain_text("refused, that point is already occupied")
    page.keyboard.press("c")
    expect(page.locator("#board-said")).to_have_text(
        re.compile(rf"Black chain of 1 stone: {occupied}; \d liberties: ")
    )
    page.keyboard.press("n")
    expect(page.locator("#board-said")).to_contain_text(f"Next to {occupied}: ")
    page.keyboard.press("a")
    expect(page.locator("#board-said")).to_have_text("No chain is in atari.")
    # A typed move is said in words before it is confirmed.
    page.keyboard.press("w")
    expect(page.locator("#board-words-title")).to_be_focused()
    page.fill("#move-point", "b2")
    page.keyboard.press("Enter")
    expect(page.locator(".board-confirm-words")).to_contain_text("B2: a new chain")
    page.keyboard.press("Escape")

    # Two passes end the game; the count is read by rows.
    _pass_by_keys(pages["kuro"], url)
    _pass_by_keys(pages["shiro"], url)
    game.refresh_from_db()
    assert game.is_over
    page = pages["kuro"]
    page.goto(url)
    words = page.locator(".board-words")
    page.locator(".board-words-rows summary").focus()
    page.keyboard.press("Enter")
    tree = words.aria_snapshot()
    assert 'heading "Position in words"' in tree
    row = int(moves[0][1:])
    assert f"Row {row}: " in tree and f"{moves[0]} black" in tree
    assert re.search(r"Captures: Black 0, White 0\.", tree)
    assert page.locator(".board-words-count").count() == 1


def _nine_by_nine(user_factory):
    """kuro (Black) and shiro (White), and their 9×9 game just started."""
    black, white = user_factory(username="kuro"), user_factory(username="shiro")
    game = play.game_start(
        black=black,
        white=white,
        now=timezone.now(),
        settings=GameSettings(board_kind="square", board_size=9, ruleset="go-area"),
    )
    return black, white, game


def test_the_opponents_move_is_announced_while_the_page_is_open(browser, live_server, user_factory):
    expect = _expect()
    base = live_server.url
    black, white, game = _nine_by_nine(user_factory)
    page = _log_in(browser, base, "shiro")
    page.clock.install()
    page.goto(f"{base}/games/{game.pk}/")
    expect(page.locator("#board-news")).to_be_hidden()
    play.game_move(
        game_id=game.pk, user=black, point="D4", expected_move_number=0, now=timezone.now()
    )
    page.clock.run_for(21_000)
    expect(page.locator("#board-said")).to_contain_text("Black played D4. Your turn.")
    # The board shows it at once (board_live.js): no link to follow.
    expect(page.locator('circle.bd-st.b[data-name="D4"]')).to_have_count(1)
    expect(page.locator("#board-news")).to_be_hidden()
    assert Game.objects.get(pk=game.pk).move_number == 1


def test_a_typed_move_is_said_in_words_before_it_is_played(browser, live_server, user_factory):
    expect = _expect()
    base = live_server.url
    black, white, game = _nine_by_nine(user_factory)
    url = f"{base}/games/{game.pk}/"
    # With scripts: board.js's confirm bar says it; "Play E5" sends it once, played at once.
    page = _log_in(browser, base, "kuro")
    page.goto(url)
    page.fill("#move-point", "e5")
    page.keyboard.press("Enter")
    expect(page.locator(".board-confirm-words")).to_have_text(
        "E5: a new chain, 4 liberties, captures none."
    )
    expect(page.locator(".board-confirm-play")).to_be_focused()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("You played E5.")
    assert Game.objects.get(pk=game.pk).move_number == 1

    # Without scripts: the server's confirmation page says it in words first.
    context = browser.new_context(viewport=VIEWPORTS["desktop"], java_script_enabled=False)
    plain = context.new_page()
    plain.goto(f"{base}/accounts/login/")
    plain.fill('input[name="login"]', "shiro")
    plain.fill('input[name="password"]', PASSWORD)
    with plain.expect_navigation():
        plain.keyboard.press("Enter")
    plain.goto(url)
    plain.fill("#move-point", "c3")
    with plain.expect_navigation():
        plain.keyboard.press("Enter")
    confirm = plain.locator("#move-confirm")
    expect(confirm).to_contain_text("Play at C3?")
    expect(confirm).to_contain_text("C3: a new chain, 4 liberties, captures none.")
    assert Game.objects.get(pk=game.pk).move_number == 1  # nothing played yet
    tab_until(plain, "document.activeElement.textContent.trim() === 'Play C3'")
    with plain.expect_navigation():
        plain.keyboard.press("Enter")
    expect(plain.locator(".messages")).to_contain_text("You played C3.")
    assert Game.objects.get(pk=game.pk).move_number == 2
    # Closed here: axe cannot run where scripts are off (the fixture checks the open pages).
    context.close()


def test_axe_core_is_installed_for_the_browser_tests():
    if not AXE_JS.exists():
        pytest.skip(AXE_MISSING)
    assert AXE_JS.stat().st_size > 100_000
