"""The marking phase an unsure count opens by itself, as both players see it in a real browser
(two contexts): the groups the count is not sure of are named and ringed; Black marks one dead,
White sees the change, both accept and the game page says the marking was agreed. Screenshots
of each player's marking page (desktop 1280 px and phone 390 px) go to the samples folder's
screenshots/count-marking-*.png."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.models import DisputeStatus, ScoreDispute
from tests.browser.conftest import needs_chromium
from tests.browser.helpers import log_in, shoot
from tests.games.helpers import FIGHT, corner_fight_moves
from tests.games.positions import play_out

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]


def test_both_players_see_and_settle_the_marking_of_an_unsure_count(
    browser, live_server, user_factory
):
    black = user_factory(username="kuro")
    white = user_factory(username="shiro")
    game = play_out(black=black, white=white, now=timezone.now(), moves=corner_fight_moves())
    dispute = ScoreDispute.objects.get(game=game)
    assert dispute.opened_by is None
    base = live_server.url
    marking = f"{base}/games/{game.pk}/marking/"

    pages = {}
    for who, user in (("black", black), ("white", white)):
        page = log_in(browser, base, user.username)
        page.goto(f"{base}/games/{game.pk}/")
        assert "The count is not sure of some groups." in page.content()
        page.click("text=Mark the dead stones")
        page.wait_for_url(marking)
        text = page.locator("main").inner_text()
        assert "The count is not sure about the groups at" in text
        assert "C7" in text and "A7" in text
        assert page.locator("svg.bd .bd-unsure").count() == len(FIGHT)
        pages[who] = page
    shoot(browser, pages["white"], "white", prefix="count-marking-")

    kuro = pages["black"]
    kuro.click('a.bd-stone[data-name="A8"]')
    kuro.wait_for_function(
        "() => document.querySelector('svg.bd circle.bd-st[data-name=\"A8\"]')"
        ".classList.contains('dead')"
    )
    shoot(browser, kuro, "black", prefix="count-marking-")
    kuro.click('button:has-text("Accept this marking")')
    kuro.wait_for_selector("text=waiting for your opponent")

    shiro = pages["white"]
    shiro.reload()
    assert shiro.locator('svg.bd circle.bd-st.dead[data-name="A8"]').count() == 1
    shiro.click('button:has-text("Accept this marking")')
    shiro.wait_for_url(f"{base}/games/{game.pk}/")
    assert ScoreDispute.objects.get(game=game).status == DisputeStatus.AGREED
    game.refresh_from_db()
    assert game.score["agreed"] is True
    assert "Dead stones (agreed by both players): A7, A8, B7." in shiro.content()
    shoot(browser, shiro, "agreed", prefix="count-marking-")
