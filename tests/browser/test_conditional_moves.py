"""Conditional moves in a real browser: the waiting player clicks a sequence on the board
(numbered ghost stones), saves it, the opponent plays the expected move and the answer is on the
board. Once on 9×9 Go and once on a hex-6 Badux board; screenshots at 1280 and 390 px go to
the samples folder's screenshots/conditional-*.png.
"""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from games.game_settings import GameSettings
from games.models import ConditionalMoves
from games.services import play
from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.conftest import PASSWORD

pytestmark = needs_chromium

BOARDS = {
    # board kind, size, Black's first move, then their move / your answer ...
    "square": ("square", 9, "E5", ("C3", "G7", "C7", "G3")),
    "hex": ("hex", 6, "F6", ("C3", "H8", "D4", "E7")),
}


def _expect():
    return pytest.importorskip("playwright.sync_api").expect


def _log_in(browser, base: str, username: str, viewport: dict):
    page = browser.new_context(viewport=viewport).new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill('input[name="login"]', username)
    page.fill('input[name="password"]', PASSWORD)
    page.click('button[type="submit"]:has-text("Log in")')
    page.wait_for_url(f"{base}/")
    return page


def _click_point(page, name: str) -> None:
    """Click the centre of the board point `name` (there are no links on the opponent's turn:
    conditional.js maps the click to the nearest point)."""
    box = page.evaluate(
        """(name) => {
            const section = document.querySelector("[data-conditional]");
            const item = section.dataset.points.split(" ").find(i => i.startsWith(name + ","));
            const [, x, y] = item.split(",");
            const svg = document.querySelector("[data-board] svg.bd");
            let at = svg.createSVGPoint();
            at.x = parseFloat(x); at.y = parseFloat(y);
            at = at.matrixTransform(svg.getScreenCTM());
            return {x: at.x, y: at.y};
        }""",
        name,
    )
    page.mouse.click(box["x"], box["y"])


def _enter(page, sequence: tuple[str, ...]) -> None:
    expect = _expect()
    page.click("button[data-plan-start]")
    for index, name in enumerate(sequence):
        _click_point(page, name)
        expect(page.locator("svg.bd text.cm-num")).to_have_count(index + 1)
    expect(page.locator("[data-plan-text]")).to_contain_text(f"1. {sequence[0]} (them)")


@pytest.mark.parametrize("board", list(BOARDS))
def test_a_sequence_clicked_on_the_board_is_saved_and_played(
    browser, live_server, user_factory, board
):
    expect = _expect()
    kind, size, first, sequence = BOARDS[board]
    black = user_factory(username="alice")
    white = user_factory(username="bob")
    game = play.game_start(
        black=black,
        white=white,
        settings=GameSettings(board_kind=kind, board_size=size),
        now=timezone.now(),
    )
    game = play.game_move(
        game_id=game.pk,
        user=black,
        point=game.topology.parse(first),
        expected_move_number=0,
        now=timezone.now(),
    )
    base = live_server.url
    board_url = f"{base}{game.get_absolute_url()}"
    SHOTS.mkdir(parents=True, exist_ok=True)

    # Screenshots with a sequence entered and a line saved, at both widths.
    for label, viewport in VIEWPORTS.items():
        page = _log_in(browser, base, "alice", viewport)
        page.goto(board_url)
        _enter(page, sequence)
        page.locator("#conditional").scroll_into_view_if_needed()
        page.screenshot(
            path=str(SHOTS / f"conditional-{board}-entering-{label}.png"), full_page=True
        )
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        page.context.close()

    page = _log_in(browser, base, "alice", VIEWPORTS["desktop"])
    page.goto(board_url)
    _enter(page, sequence)
    # Save is only offered once the line ends with an answer.
    _click_point(page, "A1")
    expect(page.locator("button[data-plan-save]")).to_be_disabled()
    page.click("button[data-plan-undo]")
    expect(page.locator("[data-plan-text]")).to_contain_text(f"4. {sequence[3]} (you). Click")
    with page.expect_navigation():
        page.click("button[data-plan-save]")
    a, b, c, d = sequence
    label = f"if {a} → {b}, then if {c} → {d}"
    expect(page.locator(".conditional-lines li")).to_have_count(1)
    expect(page.locator(".conditional-line")).to_have_text(label)
    assert ConditionalMoves.objects.get().owner_id == black.pk
    # A saved line can be shown on the board again (and extended from there).
    page.click('button:has-text("Show / extend")')
    expect(page.locator("svg.bd text.cm-num")).to_have_count(4)
    page.click("button[data-plan-cancel]")
    expect(page.locator("svg.bd text.cm-num")).to_have_count(0)
    for shot_label, viewport in VIEWPORTS.items():
        shot = browser.new_page(viewport=viewport, storage_state=page.context.storage_state())
        shot.goto(f"{board_url}#conditional")
        shot.screenshot(
            path=str(SHOTS / f"conditional-{board}-saved-{shot_label}.png"), full_page=True
        )
        assert shot.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        shot.close()

    # Bob plays the expected move on his own page; Alice's answer is on the board at once.
    bob = _log_in(browser, base, "bob", VIEWPORTS["desktop"])
    bob.goto(board_url)
    bob.click(f'a.bd-pt[data-name="{a}"]')
    with bob.expect_navigation():
        bob.click(f'button.board-confirm-play:has-text("Play {a}")')
    expect(bob.locator(f'svg.bd circle.bd-st[data-name="{b}"]')).to_have_class(re.compile(r"\bb\b"))
    expect(bob.locator("p.to-move")).to_contain_text("Your turn")
    page.goto(board_url)
    expect(page.locator(f'svg.bd circle.bd-st[data-name="{b}"]')).to_have_class(
        re.compile(r"\bb\b")
    )
    expect(page.locator(".conditional-line")).to_have_text(f"if {c} → {d}")
