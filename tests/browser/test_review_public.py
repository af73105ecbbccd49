"""A public review in a real browser: analysis after the final two passes, a signed-in
visitor's comment (with JavaScript and without), and the review listed on the owner's profile
and on the reviews page. axe checks every page (tests/browser/conftest.py)."""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from games.game_settings import GameSettings
from games.models import GameContact
from games.reviews import services
from games.reviews.models import ReviewComment
from games.services import play
from tests.browser.conftest import VIEWPORTS, needs_chromium
from tests.browser.helpers import log_in as _log_in

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]

MOVES = ("E5", "C3", "G7", "C7", "G3", "D4", "F4", "E3", "F3", "E7", "F7", "D6", "pass", "pass")


def _finished_game(black, white):
    """A 9×9 game of twelve moves ended by two passes."""
    now = timezone.now()
    game = play.game_start(
        black=black, white=white, now=now, settings=GameSettings(board_kind="square", board_size=9)
    )
    for text in MOVES:
        user, number = game.player(game.to_move), game.move_number
        if text == "pass":
            game = play.game_pass(game_id=game.pk, user=user, expected_move_number=number, now=now)
        else:
            point = game.topology.parse(text)
            game = play.game_move(
                game_id=game.pk, user=user, point=point, expected_move_number=number, now=now
            )
    assert game.is_over
    return game


def _public_review(black, white, title="Lesson of the game"):
    game = _finished_game(black, white)
    now = timezone.now()
    review = services.review_create_from_game(game=game, user=black, now=now)
    return services.review_update(
        review_id=review.pk, user=black, title=title, visibility="public", now=now
    )


def test_analysis_goes_on_after_the_final_passes(browser, live_server, user_factory):
    black = user_factory(username="kuroafter")
    white = user_factory(username="shiroafter")
    review = _public_review(black, white)
    base = live_server.url
    page = _log_in(browser, base, black.username)
    page.goto(f"{base}{review.get_absolute_url()}")
    page.wait_for_selector("[data-review-ready]")
    here = page.locator("[data-review-here]")
    expect(here).to_have_text("14. W pass")  # the end of the game: two passes
    page.fill("#review-point", "B2")
    page.press("#review-point", "Enter")
    expect(here).to_have_text("15. B B2")
    expect(page.locator("[data-review-error]")).to_have_text("")
    page.fill("#review-point", "pass")
    page.press("#review-point", "Enter")
    expect(here).to_have_text("16. W pass")
    review.refresh_from_db()
    assert review.nodes == 17


def test_a_visitor_comments_on_a_public_review_with_and_without_javascript(
    browser, live_server, user_factory
):
    black = user_factory(username="kuroshared")
    white = user_factory(username="shiroshared")
    visitor = user_factory(username="kibitzer")
    review = _public_review(black, white)
    base = live_server.url
    page = _log_in(browser, base, visitor.username)
    page.goto(f"{base}{review.get_absolute_url()}?node=3")
    page.wait_for_selector("[data-review-ready]")
    assert page.locator("[data-review-move-form]").count() == 0  # only the owner plays
    page.fill("#review-comment-text", "Why not D4 here?")
    page.click("button:has-text('Add the comment')")
    page.wait_for_selector("[data-review-ready] .review-comment")
    expect(page.locator("[data-review-comments]")).to_contain_text("Why not D4 here?")
    assert ReviewComment.objects.get(author=visitor).node == 3

    # Without JavaScript: the same form, and the owner's comment has a report link.
    services.review_comment_add(
        review_id=review.pk, user=black, node=3, text="Because of the ladder.", now=timezone.now()
    )
    state = page.context.storage_state()
    context = browser.new_context(
        viewport=VIEWPORTS["phone"], java_script_enabled=False, storage_state=state
    )
    plain = context.new_page()
    plain.goto(f"{base}{review.get_absolute_url()}?node=3")
    plain.fill("#review-comment-text", "Thanks!")
    plain.click("button:has-text('Add the comment')")
    expect(plain.locator("[data-review-comments]")).to_contain_text("Thanks!")
    plain.click("a:has-text('Report this comment by kuroshared')")
    expect(plain.locator("h1")).to_have_text("Report a comment")
    assert ReviewComment.objects.filter(author=visitor).count() == 2
    # Closed here: axe cannot run where scripts are off (the fixture checks the open pages).
    context.close()

    # With scripts, stepping to the comment shows its report link too (review_tree.js), and
    # the report reaches the staff.
    page.goto(f"{base}{review.get_absolute_url()}?node=2")
    page.wait_for_selector("[data-review-ready]")
    page.keyboard.press("ArrowRight")
    expect(page.locator("[data-review-here]")).to_have_text("3. B G7")
    page.click("[data-review-comments] a:has-text('Report this comment by kuroshared')")
    page.fill("#id_reason", "Spoils the lesson.")
    page.click("button:has-text('Send to the staff')")
    expect(page.locator(".messages")).to_contain_text("Your report was sent to the site staff.")
    assert GameContact.objects.get(author=visitor).game_id == review.game_id


def test_the_public_review_is_listed_on_the_profile_and_the_reviews_page(
    browser, live_server, user_factory
):
    black = user_factory(username="kurolisted")
    white = user_factory(username="shirolisted")
    review = _public_review(black, white, title="How the corner died")
    base = live_server.url
    page = browser.new_page(viewport=VIEWPORTS["desktop"])
    page.goto(f"{base}/players/{black.username}/")
    section = page.locator("section[aria-labelledby='profile-reviews-title']")
    expect(section).to_contain_text("How the corner died")
    section.get_by_role("link", name="Public reviews with kurolisted").click()
    expect(page.locator("table.list")).to_contain_text("How the corner died")
    page.select_option("#id_board", "hex-6")
    page.click("form[role='search'] button:has-text('Show')")
    expect(page.locator("p.empty")).to_be_visible()
    page.goto(f"{base}/learn/")
    page.click("h2 a:has-text('Public reviews')")
    page.click("a:has-text('How the corner died')")
    expect(page.locator("h1")).to_have_text("How the corner died")
    assert review.get_absolute_url() in page.url
