"""A new player's first games against a bot, through the pages (issue 25): the home card
offers "Play a bot", the game starts at once, the bot answers each move within the request's
after-commit work (eager Celery), and the game is played to its end by passes and counted, on
9×9 and on hex 6. Bots are marked as bots where their name appears. Screenshots at 1280 and
390 px go to the samples folder's screenshots/bot-*.png.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import needs_chromium
from tests.browser.helpers import expect as _expect
from tests.browser.helpers import log_in as _log_in
from tests.browser.helpers import shoot

pytestmark = needs_chromium


def _shoot(browser, page, name: str) -> None:
    shoot(browser, page, name, prefix="bot-")


@pytest.fixture(autouse=True)
def small_bots(settings):
    """The site's bot with a tiny budget: fast and deterministic."""
    settings.BOT_ENGINES = {
        "badux-easy": {
            "name": "Badux bot",
            "strength": "easy",
            "kind": "mcts",
            "budget": "easy",
            "playouts": 60,
            "boards": ["square 9", "hex 6"],
        },
    }


def _start(page, card, board: str) -> str:
    card.locator(f'input[name="game"][value="{board}"]').check()
    card.locator('select[name="engine"]').select_option("badux-easy")
    card.locator('select[name="colour"]').select_option("black")
    with page.expect_navigation():
        card.locator('button:has-text("Play a bot")').click()
    assert re.search(r"/games/\d+/$", page.url), page.url
    return page.url


def _play(page, board_url: str, name: str) -> None:
    page.goto(board_url)
    page.click(f'a.bd-pt[data-name="{name}"]')
    with page.expect_navigation():
        page.click(f'button.board-confirm-play:has-text("Play {name}")')


def _pass_until_over(page, board_url: str) -> None:
    expect = _expect()
    for _ in range(10):
        page.goto(board_url)
        if page.locator("section.game-result").count():
            break
        page.click('a.button:has-text("Pass")')
        with page.expect_navigation():
            page.click('button:has-text("Yes, pass")')
    expect(page.locator("section.game-result")).to_be_visible()


def test_a_new_player_plays_a_bot_to_the_end_on_9x9_and_hex_6(browser, live_server, user_factory):
    expect = _expect()
    base = live_server.url
    user_factory(username="newbie")
    page = _log_in(browser, base, "newbie")

    card = page.locator("section.play-bot")
    expect(card).to_contain_text("Play a bot")
    _shoot(browser, page, "home")
    board_url = _start(page, card, "square-9")
    expect(page.locator("h1 .bot-tag")).to_have_text("bot game")
    expect(page.locator(".bot-tag").get_by_text("bot", exact=True).first).to_be_visible()
    _play(page, board_url, "E5")
    # The bot answered within the request's after-commit work: two stones on the board.
    expect(page.locator("svg.bd circle.bd-st.w")).to_have_count(1)
    _shoot(browser, page, "game-9")
    _pass_until_over(page, board_url)
    expect(page.locator("section.game-result")).to_contain_text(re.compile(r"[BW]\+"))
    _shoot(browser, page, "result-9")

    # The home card now greets a player with games; the new-game page still offers a bot.
    page.goto(f"{base}/games/new/")
    board_url = _start(page, page.locator("section.play-bot"), "hex-6")
    _play(page, board_url, "F6")
    expect(page.locator("svg.bd circle.bd-st.w")).to_have_count(1)
    _shoot(browser, page, "game-hex6")
    _pass_until_over(page, board_url)
    expect(page.locator("section.game-result")).to_contain_text(re.compile(r"[BW]\+"))
