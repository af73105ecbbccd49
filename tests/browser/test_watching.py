"""Watch and follow in a real browser: a spectator finds a game in the games browser, watches
it by keyboard and comments on it; the players' move reaches the spectator's notices; a player
sees how many watch and hides the comments; the spectator follows a player and the home page
shows that player's game. axe checks every page (the `browser` fixture). Screenshots at
1280 px and 390 px of the games browser, the watched game and the home feed."""

from __future__ import annotations

from django.urls import reverse
from django.utils import timezone

from games.game_settings import GameSettings
from games.services import play
from tests.browser.conftest import needs_chromium
from tests.browser.helpers import log_in, shoot, tab_until

pytestmark = needs_chromium

FOCUSED_TEXT = "document.activeElement && document.activeElement.textContent.trim() === {!r}"


def test_a_watched_game_s_move_reaches_the_watcher_and_a_player_hides_comments(
    browser, live_server, user_factory
):
    kuro, shiro = user_factory(username="kuro"), user_factory(username="shiro")
    user_factory(username="mira")
    game = play.game_start(
        black=kuro,
        white=shiro,
        now=timezone.now(),
        settings=GameSettings(board_kind="square", board_size=9, ruleset="go-area"),
    )
    play.game_start(
        black=shiro,
        white=kuro,
        now=timezone.now(),
        settings=GameSettings(board_kind="hex", board_size=6),
    )
    base = live_server.url

    # The spectator finds the game in the browser (a GET form: works without script).
    page = log_in(browser, base, "mira")
    page.goto(f"{base}{reverse('games:browse')}")
    page.select_option("select[name=board]", "square-9")
    page.click("button:has-text('Show')")
    page.wait_for_url("**/games/browse/?*board=square-9*")
    assert page.locator("table.list tbody tr").count() == 1
    shoot(browser, page, "games-browser")
    page.click("table.list a:has-text('Go 9×9')")
    page.wait_for_url(f"{base}/games/{game.pk}/")

    # By keyboard: Tab to "Watch this game", Enter.
    tab_until(page, FOCUSED_TEXT.format("Watch this game"))
    page.keyboard.press("Enter")
    page.wait_for_selector("button:has-text('Stop watching')")
    page.fill("#kibitz_text", "Black's opening looks solid.")
    page.click("button:has-text('Comment')")
    page.wait_for_selector('li:has-text("Black\'s opening looks solid.")')

    # The players move; the watcher's notices say so.
    play.game_move(
        game_id=game.pk, user=kuro, point=game.topology.parse("E5"), expected_move_number=0,
        now=timezone.now(),
    )  # fmt: skip
    page.goto(f"{base}{reverse('messaging:list')}")
    notice = f"Game {game.pk} that you watch, kuro – shiro: Black played E5 at move 1."
    assert notice in page.inner_text("main")
    page.goto(f"{base}/games/{game.pk}/")
    shoot(browser, page, "watched-game")
    page.goto(f"{base}{reverse('games:status')}")
    assert "Go 9×9" in page.inner_text("#watching + .table-scroll")

    # A player sees the watchers' count and hides the comments while the game runs.
    player = log_in(browser, base, "shiro")
    player.goto(f"{base}/games/{game.pk}/")
    assert "1 player watches this game." in player.inner_text("#watch")
    assert "Black's opening looks solid." in player.inner_text("#kibitz")
    tab_until(player, FOCUSED_TEXT.format("Hide spectators' comments while I play"))
    player.keyboard.press("Enter")
    player.wait_for_selector("button:has-text('Show them')")
    assert "Black's opening looks solid." not in player.inner_text("#kibitz")

    # The spectator follows kuro: the home page lists kuro's games.
    page.goto(f"{base}{reverse('profile_detail', args=['kuro'])}")
    page.click("button:has-text('Follow kuro')")
    page.wait_for_selector("button:has-text('Stop following kuro')")
    page.goto(f"{base}/")
    feed = page.inner_text(".home-feed")
    assert "kuro – shiro started." in feed and "shiro – kuro started." in feed
    shoot(browser, page, "home-feed")
