"""The saved review page's text boxes ("Play at", the title) have the site's input box and a
44 px tap target at phone and desktop widths (they had no type and kept a 21 px box); the phone
in German and in Japanese, whose labels are longer or denser than English."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.game_settings import GameSettings
from games.reviews.services import review_create_from_game
from games.services import play
from tests.browser.conftest import VIEWPORTS, needs_chromium
from tests.browser.helpers import log_in

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    ("viewport", "language"), [("phone", "de"), ("phone", "ja"), ("desktop", "en")]
)
def test_review_text_boxes_are_tap_sized(browser, live_server, user_factory, viewport, language):
    black = user_factory(username="kuroboxes", language=language if language != "en" else "")
    white = user_factory(username="shiroboxes")
    now = timezone.now()
    game = play.game_start(
        black=black, white=white, now=now, settings=GameSettings(board_kind="square", board_size=9)
    )
    for player in (black, white):
        game = play.game_pass(
            game_id=game.pk, user=player, expected_move_number=game.move_number, now=now
        )
    review = review_create_from_game(game=game, user=black, now=now)
    page = log_in(browser, live_server.url, black.username)
    page.set_viewport_size(VIEWPORTS[viewport])
    page.goto(f"{live_server.url}{review.get_absolute_url()}")
    assert page.locator("html").get_attribute("lang") == language
    for selector in ("#review-point", "#review-title"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["height"] >= 44, (selector, box)
        border = page.eval_on_selector(selector, "e => getComputedStyle(e).borderTopWidth")
        assert border == "1px"  # the site's input rule applies
