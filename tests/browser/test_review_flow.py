"""A review with a variation, a comment and publication, in a real browser.

Black opens their finished 9×9 game, starts a review, goes to move 10 in the tree, plays a
3-move variation (two clicks on the board, one typed in the "Play at" field), comments on its
last move and publishes the review. White, told by a notification, opens the link, steps to
move 10 with the keys, down into the variation and along it, and reads the comment. The SGF
download holds the variation and the comment (read back with sgfmill). Screenshots at 1280
and 390 px go to the samples folder's screenshots/review-*.png.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect
from sgfmill import sgf as sgfmill_sgf

from games.game_settings import GameSettings
from games.reviews.models import Review
from games.services import play
from messaging.notifications.models import Notification
from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.conftest import PASSWORD

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]

MOVES = ("E5", "C3", "G7", "C7", "G3", "D4", "F4", "E3", "F3", "E7", "F7", "D6")


def _finished_game(black, white):
    now = timezone.now()
    game = play.game_start(
        black=black, white=white, now=now, settings=GameSettings(board_kind="square", board_size=9)
    )
    for text in (*MOVES, "pass", "pass"):
        user = game.player(game.to_move)
        if text == "pass":
            game = play.game_pass(
                game_id=game.pk, user=user, expected_move_number=game.move_number, now=now
            )
        else:
            game = play.game_move(
                game_id=game.pk,
                user=user,
                point=game.topology.parse(text),
                expected_move_number=game.move_number,
                now=now,
            )
    assert game.is_over
    return game


def _log_in(browser, base: str, username: str):
    context = browser.new_context(viewport=VIEWPORTS["desktop"], accept_downloads=True)
    page = context.new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill('input[name="login"]', username)
    page.fill('input[name="password"]', PASSWORD)
    page.click('button[type="submit"]:has-text("Log in")')
    page.wait_for_url(f"{base}/")
    return page


def _click_point(page, name: str) -> None:
    """Click the board where point `name` is (empty points have no visible circle)."""
    x, y = page.evaluate(
        """(name) => {
          const svg = document.querySelector('[data-review-tree-page] svg.bd');
          const c = svg.querySelector(`circle.bd-st[data-name="${name}"]`);
          const p = svg.createSVGPoint();
          p.x = Number(c.getAttribute('cx')); p.y = Number(c.getAttribute('cy'));
          const at = p.matrixTransform(svg.getScreenCTM());
          return [at.x, at.y];
        }""",
        name,
    )
    page.mouse.click(x, y)


def _stone(page, name: str) -> str:
    classes = (
        page.get_attribute(f'svg.bd circle.bd-st[data-name="{name}"]', "class") or ""
    ).split()
    return "b" if "b" in classes else "w" if "w" in classes else ""


def _here(page) -> str:
    return page.inner_text("[data-review-here]").strip()


def _shoot(browser, page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    state = page.context.storage_state()
    for label, viewport in VIEWPORTS.items():
        shot = browser.new_page(viewport=viewport, storage_state=state)
        shot.goto(page.url)
        assert shot.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        shot.screenshot(path=str(SHOTS / f"review-{name}-{label}.png"), full_page=True)
        shot.close()


def test_play_a_variation_comment_publish_and_step_through_it_as_the_other_player(
    browser, live_server, user_factory
):
    black = user_factory(username="kuroreview")
    white = user_factory(username="shiroreview")
    game = _finished_game(black, white)
    base = live_server.url

    page = _log_in(browser, base, black.username)
    page.goto(f"{base}/games/{game.pk}/review/")
    page.click("button:has-text('Start a review with variations')")
    page.wait_for_selector("[data-review-ready]")
    review = Review.objects.get(owner=black)

    page.click('[data-review-tree] a[data-node="10"]')
    assert _here(page) == "10. W E7"
    here = page.locator("[data-review-here]")
    _click_point(page, "H5")
    expect(here).to_have_text("11. B H5")
    _click_point(page, "J5")
    expect(here).to_have_text("12. W J5")
    page.fill("#review-point", "H4")
    page.press("#review-point", "Enter")
    expect(here).to_have_text("13. B H4")
    assert page.locator("[data-review-tree] ul.review-variations a").count() == 3

    # A move the rules refuse: said in words, nothing added.
    page.fill("#review-point", "E5")
    page.press("#review-point", "Enter")
    expect(page.locator("[data-review-error]")).to_contain_text("occupied")
    expect(here).to_have_text("13. B H4")

    page.fill("#review-comment-text", "H4 wins the corner: White should have played here.")
    page.click("button:has-text('Add the comment')")
    page.wait_for_selector("[data-review-ready] .review-comment")
    assert "H4 wins the corner" in page.inner_text("[data-review-comments]")

    page.check("#visibility-public")
    page.click("section.card button:has-text('Save')")
    page.wait_for_selector("text=Saved:")
    page.wait_for_selector("[data-review-ready]")
    _shoot(browser, page, "owner")
    review.refresh_from_db()
    assert review.visibility == "public" and review.nodes == 18
    assert Notification.objects.filter(user=white, event="review_published").count() == 1

    other = _log_in(browser, base, white.username)
    other.goto(f"{base}/games/{game.pk}/")
    other.click(f"a:has-text('{review.title}')")
    other.wait_for_selector("[data-review-ready]")
    assert other.locator("[data-review-move-form]").count() == 0  # only the owner plays
    other.keyboard.press("Home")
    assert _here(other) == "Start"
    for _ in range(10):
        other.keyboard.press("ArrowRight")
    assert _here(other) == "10. W E7"
    other.keyboard.press("ArrowRight")
    assert _here(other) == "11. B F7"
    other.keyboard.press("ArrowDown")
    assert _here(other) == "11. B H5"
    assert _stone(other, "H5") == "b"
    other.keyboard.press("ArrowRight")
    other.keyboard.press("ArrowRight")
    assert _here(other) == "13. B H4"
    assert (_stone(other, "J5"), _stone(other, "H4")) == ("w", "b")
    assert "H4 wins the corner" in other.inner_text("[data-review-comments]")
    other.keyboard.press("End")
    assert _here(other) == "13. B H4"
    other.keyboard.press("ArrowUp")  # at H4 there is no other variation: stays
    assert _here(other) == "13. B H4"
    _shoot(browser, other, "reader")

    with other.expect_download() as download:
        other.click("a:has-text('Download SGF')")
    sgf = sgfmill_sgf.Sgf_game.from_bytes(Path(download.value.path()).read_bytes())
    node = sgf.get_root()
    for _ in range(10):
        node = node[0]
    assert len(node) == 2
    variation = [node[1], node[1][0], node[1][0][0]]
    board = sgf.get_size()
    names = []
    for n in variation:
        colour, (row, col) = n.get_move()
        names.append(f"{colour} {'ABCDEFGHJ'[col]}{row + 1}")
    assert names == ["b H5", "w J5", "b H4"] and board == 9
    assert variation[-1].get("C") == "H4 wins the corner: White should have played here."


def test_analysis_board_and_private_notes_on_a_running_game(browser, live_server, user_factory):
    black = user_factory(username="kuroanalysis")
    white = user_factory(username="shiroanalysis")
    now = timezone.now()
    game = play.game_start(
        black=black, white=white, now=now, settings=GameSettings(board_kind="hex", board_size=6)
    )
    game = play.game_move(
        game_id=game.pk,
        user=black,
        point=game.topology.parse("F6"),
        expected_move_number=0,
        now=now,
    )
    base = live_server.url
    page = _log_in(browser, base, white.username)
    page.goto(f"{base}/games/{game.pk}/")
    page.fill("#game-notes-text", "Black's centre stone is lonely.")
    page.click("button:has-text('Save the notes')")
    expect(page.locator("#game-notes-text")).to_have_value("Black's centre stone is lonely.")
    page.click("button:has-text('Open your private analysis board')")
    page.wait_for_selector("[data-review-ready]")
    assert "nothing here touches the game" in page.inner_text("main")
    page.fill("#review-point", "pass")
    page.press("#review-point", "Enter")
    expect(page.locator("[data-review-here]")).to_have_text("2. W pass")
    _click_point(page, "E5")
    expect(page.locator("[data-review-here]")).to_have_text("3. B E5")
    game.refresh_from_db()
    assert game.move_number == 1 and game.to_move == 2  # the game is untouched
    other = _log_in(browser, base, black.username)
    other.goto(f"{base}/games/{game.pk}/")
    assert "centre stone is lonely" not in other.content()
    assert other.goto(page.url).status == 404  # the analysis is its owner's alone
