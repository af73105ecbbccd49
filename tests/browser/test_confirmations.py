"""Asking first, in a browser (core.confirmations): a player withdraws from a running
tournament and its organiser disqualifies a player, each through the page that names what will
happen, by keyboard, at desktop and phone widths (screenshots in the samples folder); at 390 px
in German a player withdraws and in Japanese a player resigns a game, the question and its
answer in their language (the words from the catalogs, checked translated)."""

from __future__ import annotations

import pytest
from django.utils import timezone, translation

from games.game_settings import GameSettings
from games.models import Game
from games.services import play
from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.browser.helpers import expect as _expect
from tests.browser.helpers import log_in as _log_in
from tests.conftest import PASSWORD
from tests.ladder.conftest import tournament_factory  # noqa: F401 (a fixture)

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]


def _shoot_here(page, name: str) -> None:
    """Screenshots of the page as it is (a POST's answer cannot be loaded again) at each
    width; fails when the page is wider than the window."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, viewport in VIEWPORTS.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=str(SHOTS / f"confirm-{name}-{label}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), name
    page.set_viewport_size(VIEWPORTS["desktop"])


def _press(page, selector: str) -> None:
    """Reach the control by keyboard focus and press Enter on it."""
    page.focus(selector)
    with page.expect_navigation():
        page.keyboard.press("Enter")


def test_withdraw_and_disqualify_ask_first_naming_what_happens(
    live_server, browser, user_factory, request
):
    expect = _expect()
    base = live_server.url
    boss, ann, ben = (user_factory(username=n) for n in ("boss", "ann", "ben"))
    create = request.getfixturevalue("tournament_factory")
    t = create(players=[boss, ann, ben], organiser=boss, start=True)
    url = f"{base}{t.get_absolute_url()}"

    page = _log_in(browser, base, "ann")
    page.goto(url)
    _press(page, 'form[action$="/withdraw/"] button')
    expect(page.locator("h1")).to_have_text("Withdraw from Spring cup?")
    expect(page.locator("main")).to_contain_text("Your 2 running games in it will be resigned")
    _shoot_here(page, "withdraw")
    _press(page, "button:has-text('Yes, withdraw')")
    expect(page.locator(".messages")).to_contain_text("You have withdrawn")
    expect(page.locator("main")).to_contain_text("You are withdrawn.")

    page = _log_in(browser, base, "boss")
    page.goto(url)
    standings = page.locator("#standings")
    expect(standings.locator("button[aria-label='Disqualify boss']")).to_have_count(0)
    _press(page, "button[aria-label='Disqualify ben']")
    expect(page.locator("h1")).to_have_text("Disqualify ben from Spring cup?")
    expect(page.locator("main")).to_contain_text("Their 1 running game in it will be resigned")
    _shoot_here(page, "disqualify")
    with page.expect_navigation():
        page.click("text=No, go back")
    expect(page.locator("#standings")).not_to_contain_text("disqualified")
    _press(page, "button[aria-label='Disqualify ben']")
    _press(page, "button:has-text('Yes, disqualify ben')")
    expect(page.locator(".messages")).to_contain_text("The player is disqualified.")
    expect(page.locator("#standings")).to_contain_text("disqualified")


def _said(language: str, msgid: str, plural: str | None = None, count: int = 1) -> str:
    """`msgid` as the catalog of `language` says it, checked to be translated."""
    with translation.override(language):
        said = translation.ngettext(msgid, plural, count) if plural else translation.gettext(msgid)
    assert said != (msgid if count == 1 or not plural else plural), f"{msgid!r} in {language}"
    return said


def _phone(browser, base: str, username: str):
    """A 390 px page logged in as `username` (whose chosen language the site then speaks)."""
    page = browser.new_context(viewport=VIEWPORTS["phone"]).new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill('input[name="login"]', username)
    page.fill('input[name="password"]', PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base}/")
    return page


def test_a_german_player_is_asked_before_withdrawing_on_a_phone(
    live_server, browser, user_factory, request
):
    expect = _expect()
    base = live_server.url
    boss, ben = user_factory(username="boss"), user_factory(username="ben")
    anna = user_factory(username="anna", language="de")
    t = request.getfixturevalue("tournament_factory")(
        players=[boss, anna, ben], organiser=boss, start=True
    )
    page = _phone(browser, base, "anna")
    page.goto(f"{base}{t.get_absolute_url()}")
    assert page.locator("html").get_attribute("lang") == "de"
    _press(page, 'form[action$="/withdraw/"] button')
    expect(page.locator("h1")).to_have_text(
        _said("de", "Withdraw from %(name)s?") % {"name": t.name}
    )
    games = _said(
        "de",
        "Your %(count)s running game in it will be resigned: it counts as a loss.",
        "Your %(count)s running games in it will be resigned: each counts as a loss.",
        2,
    )
    expect(page.locator("main")).to_contain_text(games % {"count": 2})
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(SHOTS / "confirm-withdraw-de-phone.png"), full_page=True)
    _press(page, f"button:has-text('{_said('de', 'Yes, withdraw')}')")
    expect(page.locator(".messages")).to_contain_text(
        _said("de", "You have withdrawn. Your running games are resigned.")
    )


def test_a_japanese_player_is_asked_before_resigning_on_a_phone(live_server, browser, user_factory):
    expect = _expect()
    base = live_server.url
    kuro = user_factory(username="kuro", language="ja")
    shiro = user_factory(username="shiro")
    game = play.game_start(
        black=kuro,
        white=shiro,
        now=timezone.now(),
        settings=GameSettings(board_kind="square", board_size=9),
    )
    page = _phone(browser, base, "kuro")
    page.goto(f"{base}{game.get_absolute_url()}")
    with page.expect_navigation():
        page.get_by_role("link", name=_said("ja", "Resign"), exact=True).first.click()
    expect(page.locator("h1")).to_have_text(_said("ja", "Resign?"))
    assert Game.objects.get(pk=game.pk).result == ""  # asking changed nothing
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "confirm-resign-ja-phone.png"), full_page=True)
    _press(page, f"button:has-text('{_said('ja', 'Yes, resign')}')")
    assert Game.objects.get(pk=game.pk).result == "W+R"
