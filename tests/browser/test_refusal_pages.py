"""The pages a refusal answers with (core.refusals): the 403 page says why, the 404 page
says the same for a missing game and a private one. axe checks both (the `browser` fixture);
screenshots at 1280 px and 390 px."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.game_settings import GameSettings
from games.models import Game
from games.services import play
from tests.browser.conftest import needs_chromium
from tests.browser.helpers import log_in, shoot

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]


def test_a_spectator_is_told_why_and_a_private_game_is_not_found(
    browser, live_server, user_factory
):
    kuro, shiro = user_factory(username="kuro"), user_factory(username="shiro")
    user_factory(username="kibitzer")
    game = play.game_start(
        black=kuro,
        white=shiro,
        now=timezone.now(),
        settings=GameSettings(board_kind="square", board_size=9, ruleset="go-area"),
    )
    base = live_server.url
    page = log_in(browser, base, "kibitzer")
    answer = page.goto(f"{base}/games/{game.pk}/pass/")
    assert answer.status == 403
    assert "Only the players of this game can do that." in page.inner_text("main")
    shoot(browser, page, "refusal-403")
    Game.objects.filter(pk=game.pk).update(public=False)
    hidden = page.goto(f"{base}/games/{game.pk}/")
    text = page.inner_text("main")
    missing = page.goto(f"{base}/games/{game.pk + 1000}/")
    assert (hidden.status, missing.status) == (404, 404)
    assert text == page.inner_text("main")
    shoot(browser, page, "refusal-404")
