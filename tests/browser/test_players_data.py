"""The players' data in a browser: a player asks for the archive of their data and downloads
it; another closes their account through the page that says what happens (their running game
resigned), is logged out, and logging in again restores it. The privacy page from the footer.
Screenshots at 1280 and 390 px of each page (samples folder); axe checks every page."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.utils import timezone

from accounts.data.models import AccountClosure
from games.game_settings import GameSettings
from games.services import play
from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.browser.helpers import expect as _expect
from tests.browser.helpers import log_in as _log_in
from tests.browser.helpers import shoot
from tests.conftest import PASSWORD

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)


def _shoot_here(page, name: str) -> None:
    """Screenshots of the page as it is (a POST's answer cannot be loaded again)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, viewport in VIEWPORTS.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=str(SHOTS / f"data-{name}-{label}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), name
    page.set_viewport_size(VIEWPORTS["desktop"])


def test_a_player_asks_for_their_archive_and_downloads_it(live_server, browser, user_factory):
    expect = _expect()
    base = live_server.url
    ann, ben = user_factory(username="ann"), user_factory(username="ben")
    game = play.game_start(black=ann, white=ben, now=_now(), settings=_nine())
    page = _log_in(browser, base, "ann")
    page.goto(f"{base}/settings/data/")
    expect(page.locator("h1")).to_have_text("Your data")
    shoot(browser, page, "data-page-empty")
    page.click("button:has-text('Ask for an archive')")
    expect(page.locator(".data-export-state")).to_contain_text("Ready to download")
    shoot(browser, page, "data-page-ready")
    with page.expect_download() as info:
        page.click("text=Download the archive")
    archive = zipfile.ZipFile(io.BytesIO(info.value.path().read_bytes()))
    assert f"games/badux-{game.pk}.sgf" in archive.namelist()
    assert "messages.json" in archive.namelist()


def test_a_player_closes_their_account_and_logging_in_restores_it(
    live_server, browser, user_factory
):
    expect = _expect()
    base = live_server.url
    ann, ben = user_factory(username="ann"), user_factory(username="ben")
    game = play.game_start(black=ann, white=ben, now=_now(), settings=_nine())
    page = _log_in(browser, base, "ann")
    page.goto(f"{base}/settings/data/")
    page.click("text=Close your account…")
    expect(page.locator("h1")).to_have_text("Close your account?")
    expect(page.locator("main")).to_contain_text("Every game you are playing now is resigned")
    shoot(browser, page, "data-close")
    page.click("button:has-text('Yes, close my account')")  # no password: asked again
    expect(page.locator(".errorlist")).to_be_visible()
    assert not AccountClosure.objects.exists()
    page.fill('input[name="password"]', PASSWORD)
    page.focus("button:has-text('Yes, close my account')")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Your account is closed")
    _shoot_here(page, "closed")
    game.refresh_from_db()
    assert game.result == "W+R"
    page.goto(f"{base}/settings/data/")
    assert "/accounts/login/" in page.url  # logged out
    page.fill('input[name="login"]', "ann")
    page.fill('input[name="password"]', PASSWORD)
    page.click('button[type="submit"]:has-text("Log in")')
    expect(page.locator(".messages")).to_contain_text("your account is restored")
    assert not AccountClosure.objects.exists()


def test_the_privacy_page_is_linked_from_the_footer(live_server, browser, settings):
    expect = _expect()
    settings.ACCOUNT_CLOSE_GRACE_DAYS = 7
    page = browser.new_page(viewport=VIEWPORTS["desktop"])
    page.goto(f"{live_server.url}/")
    page.click("footer >> text=Privacy")
    expect(page.locator("h1")).to_have_text("Privacy")
    expect(page.locator("main")).to_contain_text("the account waits 7 days")
    shoot(browser, page, "data-privacy")


def _now():
    return timezone.now()


def _nine() -> GameSettings:
    return GameSettings(board_kind="square", board_size=9)
