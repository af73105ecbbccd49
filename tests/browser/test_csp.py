"""The pages' scripts still work in Chromium with the Content-Security-Policy on, and the
browser reports no violation: the board's click-to-confirm (board.js), the review stepper
(replay.js) and the live preview of the preferences (accounts/preferences.js)."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from games.game_settings import GameSettings
from games.services import play
from tests.browser.conftest import needs_chromium
from tests.browser.helpers import log_in_recording_violations

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]

PASSWORD = "correct-horse-battery-9"


def _expect():
    return pytest.importorskip("playwright.sync_api").expect


def _violations(page) -> list[str]:
    return page.evaluate("window.__cspViolations")


def test_the_game_review_and_preferences_scripts_run_under_the_policy(
    browser, live_server, user_factory
):
    expect = _expect()
    base = live_server.url
    kuro, shiro = user_factory(username="kuro"), user_factory(username="shiro")
    game = play.game_start(
        black=kuro,
        white=shiro,
        now=timezone.now(),
        settings=GameSettings(board_kind="square", board_size=9, ruleset="go-area"),
    )
    page, errors = log_in_recording_violations(browser, base, "kuro")

    # The board: a click shows the ghost stone and the confirm bar; confirming plays.
    board_url = f"{base}/games/{game.pk}/"
    response = page.goto(board_url)
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-eval" not in policy
    page.click('a.bd-pt[data-name="E5"]')
    expect(page.locator(".board-confirm")).to_be_visible()
    stone = page.locator('svg.bd circle.bd-st[data-name="E5"]')
    expect(stone).to_have_class(re.compile(r"\bghost\b"))
    with page.expect_navigation():
        page.click('button.board-confirm-play:has-text("Play E5")')
    expect(stone).to_have_class(re.compile(r"\bb\b"))
    assert _violations(page) == []
    game.refresh_from_db()
    assert game.move_number == 1

    # The review stepper.
    page.goto(f"{board_url}review/")
    status = page.locator(".board-review-move")
    expect(status).to_have_text("Move 1 of 1: Black E5")
    page.click('button[aria-label="First move"]')
    expect(status).to_have_text("Start: empty board")
    assert _violations(page) == []

    # The preferences' live preview, moved out of an inline script.
    page.goto(f"{base}/settings/preferences/")
    preview = page.locator("#board-preview")
    page.check('input[name="board_theme"][value="slate"]')
    expect(preview).to_have_class(re.compile(r"\bboard-theme-slate\b"))
    page.uncheck("#id_show_coordinates")
    expect(preview).to_have_class(re.compile(r"\bboard-no-coords\b"))
    assert _violations(page) == []

    assert [e for e in errors if "Content Security Policy" in e] == []
