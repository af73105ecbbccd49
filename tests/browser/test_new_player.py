"""What a new player sees (issue 12): the home page and a profile offer a game, the new-game
form names boards as every other page and shows the Fischer fields only for Fischer, Badux
boards get the Badux rules, the menu stays on one row, the board gets the room and names the
point under the pointer or finger. Screenshots at 1280 and 390 px go to
the samples folder's screenshots/new-player-*.png.
"""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from games.game_settings import GameSettings
from games.models import Challenge
from games.services import play
from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.conftest import PASSWORD

pytestmark = needs_chromium


def _expect():
    return pytest.importorskip("playwright.sync_api").expect


def _log_in(browser, base: str, username: str, viewport: str = "desktop", **options):
    context = browser.new_context(viewport=VIEWPORTS[viewport], **options)
    page = context.new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill('input[name="login"]', username)
    page.fill('input[name="password"]', PASSWORD)
    page.click('button[type="submit"]:has-text("Log in")')
    page.wait_for_url(f"{base}/")
    return page


def _shoot(browser, page, name: str, prepare=None) -> None:
    """Screenshot the page's URL at desktop and phone width; nothing may stick out sideways."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    state = page.context.storage_state()
    for label, viewport in VIEWPORTS.items():
        shot = browser.new_page(viewport=viewport, storage_state=state)
        shot.goto(page.url)
        if prepare is not None:
            prepare(shot)
        shot.screenshot(path=str(SHOTS / f"new-player-{name}-{label}.png"), full_page=True)
        assert shot.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), name
        shot.close()


def test_a_new_player_is_offered_a_first_game_and_can_challenge_from_a_profile(
    browser, live_server, user_factory
):
    expect = _expect()
    base = live_server.url
    user_factory(username="newbie")
    user_factory(username="sensei")
    page = _log_in(browser, base, "newbie")

    expect(page.locator(".home-games")).to_contain_text("Welcome to Badux, newbie.")
    expect(page.locator("body")).not_to_contain_text("Welcome back")
    _shoot(browser, page, "home")
    page.click('.home-games a.button:has-text("New game")')
    page.wait_for_url(f"{base}/games/new/")

    page.goto(f"{base}/players/sensei/")
    _shoot(browser, page, "profile-other")
    page.click('a.button:has-text("Challenge sensei")')
    page.wait_for_url(re.compile(r"/games/new/\?opponent=sensei$"))
    expect(page.locator('input[name="opponent"]')).to_have_value("sensei")


def test_the_new_game_form_follows_the_board_and_the_clock(browser, live_server, user_factory):
    expect = _expect()
    base = live_server.url
    user_factory(username="newbie")
    page = _log_in(browser, base, "newbie")
    page.goto(f"{base}/games/new/")
    game = page.locator('select[name="game"]')
    assert page.locator('select[name="game"] option').all_text_contents() == [
        "Go 9×9",
        "Go 13×13",
        "Go 19×19",
        "Badux hex 6",
        "Badux hex 8",
        "Badux hex 12",
    ]

    # Days per move: no Fischer fields; Fischer: both, and the time is the initial bank.
    increment = page.locator('select[name="clock_increment_days"]')
    cap = page.locator('select[name="clock_cap_days"]')
    expect(increment).to_be_hidden()
    expect(cap).to_be_hidden()
    expect(page.locator('label[for="id_clock_days"]')).to_have_text("Time per move")
    page.check('input[name="clock_kind"][value="fischer"]')
    expect(increment).to_be_visible()
    expect(cap).to_be_visible()
    expect(page.locator('label[for="id_clock_days"]')).to_have_text("Initial time")
    _shoot(
        browser,
        page,
        "new-game-fischer",
        prepare=lambda p: p.check('input[name="clock_kind"][value="fischer"]'),
    )
    page.check('input[name="clock_kind"][value="per_move"]')
    expect(increment).to_be_hidden()
    _shoot(browser, page, "new-game")

    # Go rules on a Badux board are refused plainly, on the Rules field.
    game.select_option("hex-6")
    page.select_option('select[name="ruleset"]', "go-area")
    page.click('button:has-text("Create the challenge")')
    expect(page.locator(".field.has-error")).to_contain_text(
        "Badux boards are played with the Badux rules"
    )
    assert not Challenge.objects.exists()
    for label, viewport in VIEWPORTS.items():  # the refused POST's page itself, both widths
        page.set_viewport_size(viewport)
        page.screenshot(
            path=str(SHOTS / f"new-player-new-game-refused-{label}.png"), full_page=True
        )
    page.set_viewport_size(VIEWPORTS["desktop"])

    # Left alone, the Rules field gives a Badux board the Badux rules.
    page.goto(f"{base}/games/new/")
    page.select_option('select[name="game"]', "hex-6")
    page.click('button:has-text("Create the challenge")')
    page.wait_for_url(f"{base}/games/waiting-room/")
    challenge = Challenge.objects.get()
    assert (challenge.board_label, challenge.ruleset, str(challenge.komi)) == (
        "Badux hex 6",
        "badux",
        "6.5",
    )
    row = page.locator("table.list tbody tr", has_text="newbie")
    expect(row).to_contain_text("Badux hex 6")


# CSS pixels between neighbouring points, at 1280×860 and at 390 px wide.
MIN_SPACING = {"square": (32.5, 18.5), "hex": (55.0, 28.0)}


def _spacing(page) -> float:
    """CSS pixels between two neighbouring points of the board (the first two clickable points
    of an empty board, points 0 and 1, are neighbours on both shapes)."""
    return page.evaluate(
        """() => {
          const [first, second] = document.querySelectorAll('a.bd-pt');
          const a = first.getBoundingClientRect();
          const b = second.getBoundingClientRect();
          const dx = b.x + b.width / 2 - a.x - a.width / 2;
          return Math.hypot(dx, b.y + b.height / 2 - a.y - a.height / 2);
        }"""
    )


@pytest.mark.parametrize(("kind", "size"), [("square", 19), ("hex", 6)])
def test_the_board_gets_the_room_and_names_the_point_under_the_pointer(
    browser, live_server, user_factory, kind, size
):
    expect = _expect()
    base = live_server.url
    kuro, shiro = user_factory(username="kuro"), user_factory(username="shiro")
    game = play.game_start(
        black=kuro,
        white=shiro,
        now=timezone.now(),
        settings=GameSettings(board_kind=kind, board_size=size),
    )
    page = _log_in(browser, base, "kuro")
    board_url = f"{base}/games/{game.pk}/"
    page.goto(board_url)

    # The menu is one row; the account pages open under "Account".
    header = page.locator(".site-header").bounding_box()
    assert header["height"] < 70
    logout = page.locator('.site-nav button:has-text("Log out")')
    expect(logout).to_be_hidden()
    page.hover(".nav-group-account > .nav-group-title")
    expect(logout).to_be_visible()
    page.mouse.move(5, 500)
    expect(logout).to_be_hidden()

    # The board takes the room, yet stays on a 1280×860 screen.
    frame = page.locator(".board-frame svg.bd").bounding_box()
    side = page.locator(".game-side").bounding_box()
    assert frame["width"] > 680, frame
    assert frame["y"] + frame["height"] <= VIEWPORTS["desktop"]["height"]
    assert side["width"] < frame["width"] / 1.8
    desktop_spacing = _spacing(page)

    # The name of the point under the mouse.
    tip = page.locator(".board-pointer")
    expect(tip).to_be_hidden()
    name = "D4" if kind == "square" else "F6"
    point = page.locator(f'a.bd-pt[data-name="{name}"]')
    point.hover()
    expect(tip).to_be_visible()
    expect(tip).to_have_text(name)
    tip_box, point_box = tip.bounding_box(), point.bounding_box()
    assert tip_box["y"] + tip_box["height"] <= point_box["y"] + point_box["height"] / 2
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"new-player-board-{kind}-pointer-desktop.png"))
    page.mouse.move(5, 5)
    expect(tip).to_be_hidden()
    # The click-to-confirm contract is unchanged.
    point.click()
    expect(page.locator(".board-confirm-text")).to_have_text(f"Black at {name}?")

    # A phone: the board from edge to edge, and a tap names the point above the finger.
    phone = _log_in(browser, base, "kuro", "phone", has_touch=True, is_mobile=True)
    phone.goto(board_url)
    width = VIEWPORTS["phone"]["width"]
    box = phone.locator(".board-frame svg.bd").bounding_box()
    assert (box["x"], box["width"]) == (0, width)
    phone_spacing = _spacing(phone)
    # Before (board 588 px beside a wide column, 356 px on the phone): 28.2 and 17.1 px on
    # 19×19, 40.2 and 24.3 px on hex 6.
    least_desktop, least_phone = MIN_SPACING[kind]
    assert desktop_spacing >= least_desktop and phone_spacing >= least_phone, (
        desktop_spacing,
        phone_spacing,
    )
    target = phone.locator(f'a.bd-pt[data-name="{name}"]')
    centre = target.bounding_box()
    x, y = centre["x"] + centre["width"] / 2, centre["y"] + centre["height"] / 2
    target.dispatch_event(
        "pointerdown", {"pointerType": "touch", "clientX": x, "clientY": y, "bubbles": True}
    )
    finger_tip = phone.locator(".board-pointer")
    expect(finger_tip).to_have_text(name)
    assert finger_tip.bounding_box()["y"] + finger_tip.bounding_box()["height"] < y - 30
    target.dispatch_event(
        "pointerup", {"pointerType": "touch", "clientX": x, "clientY": y, "bubbles": True}
    )
    expect(finger_tip).to_be_hidden()
    target.tap()
    expect(phone.locator(".board-confirm-text")).to_have_text(f"Black at {name}?")
    phone.screenshot(path=str(SHOTS / f"new-player-board-{kind}-tap-phone.png"), full_page=True)
    _shoot(browser, page, f"board-{kind}")


def test_a_phone_zooms_a_19x19_board_to_find_its_point(browser, live_server, user_factory):
    """On a 390 px phone a 19×19 point is about 19 px; "Zoom in" widens the board inside a
    frame that scrolls sideways, and a tap there still asks to confirm, then plays."""
    expect = _expect()
    base = live_server.url
    kuro, shiro = user_factory(username="kuro"), user_factory(username="shiro")
    game = play.game_start(
        black=kuro,
        white=shiro,
        now=timezone.now(),
        settings=GameSettings(board_kind="square", board_size=19),
    )
    phone = _log_in(browser, base, "kuro", "phone", has_touch=True, is_mobile=True)
    phone.goto(f"{base}/games/{game.pk}/")
    before = _spacing(phone)
    zoom = phone.locator("button.board-zoom")
    expect(zoom).to_have_text("Zoom in")
    zoom.click()
    expect(zoom).to_have_text("Zoom out")
    assert _spacing(phone) >= 1.6 * before >= 1.6 * 18
    frame = phone.locator(".board-frame")
    assert frame.evaluate("f => f.scrollWidth > f.clientWidth")
    target = phone.locator('a.bd-pt[data-name="Q16"]')
    target.scroll_into_view_if_needed()
    target.tap()
    expect(phone.locator(".board-confirm-text")).to_have_text("Black at Q16?")
    phone.screenshot(path=str(SHOTS / "new-player-board-zoomed-phone.png"))
    phone.locator(".board-confirm-play").tap()
    expect(phone.locator(".move-list li")).to_have_count(1)
    game.refresh_from_db()
    assert game.moves == game.topology.sgf(game.topology.parse("Q16"))
    # After the move the page is drawn anew, still zoomable; zooming out fits the screen again.
    zoom = phone.locator("button.board-zoom")
    zoom.click()
    zoom.click()
    box = phone.locator(".board-frame svg.bd").bounding_box()
    assert box["width"] == VIEWPORTS["phone"]["width"]


def test_no_zoom_where_the_points_are_big_enough(browser, live_server, user_factory):
    kuro, shiro = user_factory(username="kuro"), user_factory(username="shiro")
    game = play.game_start(
        black=kuro,
        white=shiro,
        now=timezone.now(),
        settings=GameSettings(board_kind="square", board_size=9),
    )
    page = _log_in(browser, live_server.url, "kuro", "phone", has_touch=True, is_mobile=True)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_load_state("load")
    assert page.locator("button.board-zoom").count() == 0
