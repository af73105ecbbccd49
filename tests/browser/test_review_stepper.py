"""The review's stepper in a real browser (templates/games/reviews/show.html, review_tree.js):
Back and Forward are always drawn, disabled at the ends of the line shown and never a stale
link; after a variation is played Forward leads back into it. With and without JavaScript, at
1280 and 390 px, in English and Japanese; axe runs on every page (tests/browser/conftest.py)."""

from __future__ import annotations

import pytest
from django.utils import timezone, translation
from django.utils.translation import gettext, pgettext

from games.game_settings import GameSettings
from games.reviews import services as reviews
from games.services import play
from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.browser.helpers import expect
from tests.conftest import PASSWORD

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]

MOVES = ("E5", "C3", "G7", "C7", "G3", "D4", "F4", "E3", "pass", "pass")
CASES = [("desktop", "en"), ("phone", "ja")]


def _review(user_factory, language: str):
    black = user_factory(username="kuro", language=language)
    white = user_factory(username="shiro")
    now = timezone.now()
    game = play.game_start(
        black=black, white=white, now=now, settings=GameSettings(board_kind="square", board_size=9)
    )
    for text in MOVES:
        user, number = game.player(game.to_move), game.move_number
        if text == "pass":
            game = play.game_pass(game_id=game.pk, user=user, expected_move_number=number, now=now)
        else:
            game = play.game_move(
                game_id=game.pk,
                user=user,
                point=game.topology.parse(text),
                expected_move_number=number,
                now=now,
            )
    return reviews.review_create_from_game(game=game, user=black, now=now)


def _page(browser, base: str, viewport: str, *, scripts: bool = True):
    context = browser.new_context(viewport=VIEWPORTS[viewport], java_script_enabled=scripts)
    page = context.new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill('input[name="login"]', "kuro")
    page.fill('input[name="password"]', PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base}/")
    return page


def _steps(page) -> dict[str, str | None]:
    """Each step's target (its href) or None when disabled; both must be drawn."""
    out = {}
    for name in ("back", "forward"):
        link = page.locator(f'[data-step="{name}"]')
        expect()(link).to_be_visible()
        disabled = link.get_attribute("aria-disabled") == "true"
        out[name] = None if disabled else link.get_attribute("href")
        assert disabled == (link.get_attribute("href") is None)
    return out


@pytest.mark.parametrize(("viewport", "language"), CASES)
def test_back_and_forward_step_along_the_line_shown(
    browser, live_server, user_factory, viewport, language
):
    review = _review(user_factory, language)
    last = len(MOVES)
    page = _page(browser, live_server.url, viewport)
    page.goto(f"{live_server.url}{review.get_absolute_url()}")
    assert page.locator("html").get_attribute("lang") == language
    page.wait_for_selector("[data-review-ready]")
    here = page.locator("[data-review-here]")
    assert _steps(page) == {"back": f"?node={last - 1}&line={last}", "forward": None}

    # Back, then Forward again: Forward is there after Back.
    page.locator('[data-step="back"]').click()
    assert _steps(page)["forward"] == f"?node={last}&line={last}"
    page.locator('[data-step="forward"]').click()
    with translation.override(language):
        black = pgettext("a black move in the move list", "B")
        white = pgettext("a white move in the move list", "W")
        passed = gettext("pass")
    expect()(here).to_have_text(f"{last}. {white} {passed}")

    # From the start, Forward keeps Back.
    page.locator('[data-step="root"]').click()
    assert _steps(page) == {"back": None, "forward": f"?node=1&line={last}"}
    page.locator('[data-step="forward"]').click()
    assert _steps(page) == {"back": f"?node=0&line={last}", "forward": f"?node=2&line={last}"}

    # A variation after move 4: Forward is disabled, not the main line's move 5.
    page.locator('[data-review-tree] a[data-node="4"]').click()
    page.fill("#review-point", "H5")
    page.keyboard.press("Enter")
    expect()(here).to_contain_text(f"5. {black} H5")
    variation = int(page.evaluate("document.querySelector('[data-review-tree-page]').dataset.node"))
    assert _steps(page) == {"back": f"?node=4&line={variation}", "forward": None}
    page.screenshot(path=str(SHOTS / f"review-stepper-{language}-{viewport}.png"), full_page=True)
    # Back out of it, Forward goes back into it; the arrow key too.
    page.locator('[data-step="back"]').click()
    assert _steps(page)["forward"] == f"?node={variation}&line={variation}"
    page.locator('[data-step="forward"]').click()
    expect()(here).to_contain_text(f"5. {black} H5")
    page.locator('[data-step="back"]').click()
    page.locator("h1").click()
    page.keyboard.press("ArrowRight")
    expect()(here).to_contain_text(f"5. {black} H5")


def test_without_scripts_the_links_step_along_the_line(browser, live_server, user_factory):
    review = _review(user_factory, "en")
    last = len(MOVES)
    page = _page(browser, live_server.url, "phone", scripts=False)
    page.goto(f"{live_server.url}{review.get_absolute_url()}")
    assert _steps(page) == {"back": f"?node={last - 1}&line={last}", "forward": None}
    page.locator('[data-step="back"]').click()
    page.wait_for_url(f"**?node={last - 1}&line={last}")
    assert _steps(page)["forward"] == f"?node={last}&line={last}"
    page.locator('[data-step="root"]').click()
    assert _steps(page) == {"back": None, "forward": f"?node=1&line={last}"}
    page.screenshot(path=str(SHOTS / "review-stepper-nojs-phone.png"), full_page=True)
    # Closed here: axe cannot run where scripts are off (the fixture checks the open pages).
    page.context.close()
