"""Marks and labels on a review, in a real browser: the owner chooses a mark and clicks the
board (mouse), then chooses the letter tool from the keyboard and presses Enter on the board
cursor's point (keyboard); each mark is drawn at once, said in the status line and by the
cursor, kept when stepping away and back, and is in the SGF download (read back by sgfmill).
On a hexagon the mark is exported in the coordinates of the moves. Without JavaScript the mark
form takes a typed point. axe checks every page."""

from __future__ import annotations

import pytest
from django.utils import timezone
from sgfmill import sgf

from games.reviews import services as review_services
from tests.browser.conftest import VIEWPORTS, needs_chromium
from tests.browser.helpers import FOCUSED, cursor_to, expect, log_in, shoot
from tests.conftest import PASSWORD
from tests.games.positions import play_out

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]

MOVES = ("E5", "C3", "G7", "C7", "G3", "D4", "F4", "E3", "F3", "E7", "F7", "D6")
FOCUSED_LABEL = "document.activeElement.getAttribute('aria-label')"


def _review(user_factory, **options):
    black, white = user_factory(username="kuro"), user_factory(username="shiro")
    moves = options.pop("moves", MOVES)
    game = play_out(black=black, white=white, now=timezone.now(), moves=moves, **options)
    return review_services.review_create_from_game(game=game, user=black, now=timezone.now())


def _click_point(page, name: str) -> None:
    """Click the board where point `name` is, scrolled into the window first."""
    x, y = page.evaluate(
        """(name) => {
          const svg = document.querySelector('[data-review-tree-page] svg.bd');
          const c = svg.querySelector(`circle.bd-st[data-name="${name}"]`);
          svg.scrollIntoView({ block: "center" });  // the mouse clicks inside the window only
          const p = svg.createSVGPoint();
          p.x = Number(c.getAttribute('cx')); p.y = Number(c.getAttribute('cy'));
          const at = p.matrixTransform(svg.getScreenCTM());
          return [at.x, at.y];
        }""",
        name,
    )
    page.mouse.click(x, y)


def _sgf_node(page, review, number: int):
    answer = page.request.get(page.url.split("?")[0] + "sgf/")
    assert answer.ok
    return sgf.Sgf_game.from_bytes(answer.body()).get_main_sequence()[number]


def _mark(page, name: str):
    return page.locator(f'svg.bd g.bd-marks [data-name="{name}"]')


def test_marks_by_mouse_and_by_keyboard_are_kept_and_exported(browser, live_server, user_factory):
    review = _review(user_factory)
    base = live_server.url
    page = log_in(browser, base, review.owner.username)
    page.goto(f"{base}{review.get_absolute_url()}?node=10")
    page.wait_for_selector("[data-review-ready]")
    said = page.locator("#board-said")
    here = page.locator("[data-review-here]")
    # With the script, no mark is chosen at first: a click plays a move.
    expect()(page.locator("#review-tool-none")).to_be_checked()

    # Mouse: the triangle, then a click on H5 marks it (no move is played).
    page.click("label[for='review-tool-triangle']")
    _click_point(page, "H5")
    expect()(_mark(page, "H5")).to_have_attribute("data-mark", "triangle")
    expect()(said).to_have_text("Triangle at H5.")
    expect()(here).to_have_text("10. W E7")

    # Keyboard: from the triangle, the arrows choose the letter tool; Shift+Tab back to the
    # board, where Enter on C3 (a white stone) labels it "A".
    page.focus("#review-tool-triangle")
    for _ in range(4):  # square, circle, cross, letter
        page.keyboard.press("ArrowDown")
    expect()(page.locator("#review-tool-letter")).to_be_checked()
    for _ in range(40):
        page.keyboard.press("Shift+Tab")
        if page.evaluate(FOCUSED):
            break
    assert page.evaluate(FOCUSED), "Shift+Tab reaches the board"
    cursor_to(page, "square", 9, "C3")
    page.keyboard.press("Enter")
    expect()(_mark(page, "C3")).to_have_text("A")
    expect()(said).to_have_text("Label A at C3.")
    expect()(page.locator("svg.bd [data-cursor='C3']")).to_have_attribute(
        "aria-label", "C3, white stone, label A"
    )
    expect()(page.locator("svg.bd [data-cursor='H5']")).to_have_attribute(
        "aria-label", "H5, empty, triangle"
    )
    # Enter again on the labelled point takes the label off; once more puts it back.
    page.keyboard.press("Enter")
    expect()(_mark(page, "C3")).to_have_count(0)
    page.keyboard.press("Enter")
    expect()(_mark(page, "C3")).to_have_text("A")

    # Stepping away hides them, stepping back shows them again; a new page draws them too.
    page.click("[data-step='back']")
    expect()(page.locator("svg.bd g.bd-marks")).to_have_count(0)
    page.click("[data-step='forward']")
    expect()(_mark(page, "H5")).to_have_count(1)
    page.reload()
    expect()(_mark(page, "C3")).to_have_text("A")
    shoot(browser, page, "marks", prefix="review-")

    node = _sgf_node(page, review, 10)
    assert node.get("TR") == {(4, 7)}  # H5: row 5 from the bottom, column H
    assert node.get_raw_list("LB") == [b"cg:A"]  # C3
    assert node.get_raw("W") == b"ec"  # E7, the move of node 10


def test_a_mark_on_a_hexagon_is_exported_in_the_moves_coordinates(
    browser, live_server, user_factory
):
    review = _review(user_factory, moves=("F6", "E5"), board_kind="hex", board_size=6)
    base = live_server.url
    page = log_in(browser, base, review.owner.username)
    page.goto(f"{base}{review.get_absolute_url()}?node=2")
    page.wait_for_selector("[data-review-ready]")
    page.click("label[for='review-tool-circle']")
    _click_point(page, "D4")
    expect()(_mark(page, "D4")).to_have_attribute("data-mark", "circle")
    topology = review.game.topology
    node = _sgf_node(page, review, 2)
    assert node.get_raw_list("CR") == [topology.sgf(topology.parse("D4")).encode()]
    assert node.get_raw("W") == topology.sgf(topology.parse("E5")).encode()


def test_without_javascript_the_form_marks_a_typed_point(browser, live_server, user_factory):
    review = _review(user_factory)
    base = live_server.url
    context = browser.new_context(viewport=VIEWPORTS["desktop"], java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill('input[name="login"]', review.owner.username)
    page.fill('input[name="password"]', PASSWORD)
    with page.expect_navigation():
        page.keyboard.press("Enter")
    page.goto(f"{base}{review.get_absolute_url()}?node=10")
    # No "no mark" choice without the script: the triangle is chosen.
    expect()(page.locator("#review-tool-none")).to_be_hidden()
    expect()(page.locator("#review-tool-triangle")).to_be_checked()
    page.check("#review-tool-square")
    page.fill("#review-mark-point", "h5")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect()(page.locator(".messages")).to_contain_text("Square at H5.")
    expect()(page.locator("[data-review-here]")).to_have_text("10. W E7")
    expect()(_mark(page, "H5")).to_have_attribute("data-mark", "square")
    page.fill("#review-mark-point", "Z1")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect()(page.locator(".messages")).to_contain_text("Z1")
    expect()(_mark(page, "H5")).to_have_count(1)
    context.close()  # axe's check at the end runs scripts, which this context does not
