"""\"Contact the site about this game\" in a real browser: from the game page to the form and
back, the message stored for the staff. Screenshots of the form at 1280 px and 390 px."""

from __future__ import annotations

from django.utils import timezone

from games.game_settings import GameSettings
from games.models import GameContact
from games.services import play
from tests.browser.conftest import needs_chromium
from tests.browser.helpers import log_in, shoot

pytestmark = needs_chromium


def test_contact_the_site_from_the_game_page(browser, live_server, user_factory, settings):
    settings.ADMINS = [("Staff", "staff@example.org")]
    kuro, shiro = user_factory(username="kuro"), user_factory(username="shiro")
    game = play.game_start(
        black=kuro,
        white=shiro,
        now=timezone.now(),
        settings=GameSettings(board_kind="square", board_size=9, ruleset="go-area"),
    )
    base = live_server.url
    page = log_in(browser, base, "shiro")
    page.goto(f"{base}/games/{game.pk}/")
    shoot(browser, page, "game-with-contact-link")
    page.click("a:has-text('Contact the site about this game')")
    page.wait_for_url(f"{base}/games/{game.pk}/contact/")
    shoot(browser, page, "game-contact")

    page.click("button:has-text('Send to the staff')")  # empty: the browser refuses it
    assert page.url == f"{base}/games/{game.pk}/contact/"
    page.fill('textarea[name="text"]', "The clock shows the wrong time zone for me.")
    page.click("button:has-text('Send to the staff')")
    page.wait_for_url(f"{base}/games/{game.pk}/")
    assert "sent to the site staff" in page.inner_text(".messages")
    row = GameContact.objects.get()
    assert (row.game_id, row.author, row.text) == (
        game.pk,
        shiro,
        "The clock shows the wrong time zone for me.",
    )
