"""A ladder in a real browser: two new players join the Go 9×9 ladder from its page, the lower
challenges the higher with the Challenge button, they play on the board until the defender
resigns, the table shows them swapped and both profiles show their new ratings with a link to
the rating graph. Screenshots (the samples folder's screenshots/ladder-*.png) at phone and desktop
width."""

from __future__ import annotations

import pytest
from django.utils import timezone

from ladder.ladders.models import Ladder, LadderChallenge, LadderEntry
from ladder.ratings.models import Rating
from tests.browser.conftest import needs_chromium
from tests.browser.helpers import expect as _expect
from tests.browser.helpers import log_in as _log_in
from tests.browser.helpers import shoot

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]


def _shoot(browser, page, name: str) -> None:
    shoot(browser, page, name, prefix="ladder-")


def _play(page, board_url: str, name: str) -> None:
    page.goto(board_url)
    page.click(f'a.bd-pt[data-name="{name}"]')
    with page.expect_navigation():
        page.click(f'button.board-confirm-play:has-text("Play {name}")')


def test_two_new_players_climb_a_ladder(live_server, browser, user_factory):
    expect = _expect()
    base = live_server.url
    ladder = Ladder.objects.create(
        name="Go 9×9",
        slug="go-9",
        board_kind="square",
        board_size=9,
        ruleset="go-area",
        komi="7.5",
        vacation_allowed=False,
        created=timezone.now(),
    )
    user_factory(username="hana")
    user_factory(username="ivo")
    hana = _log_in(browser, base, "hana")
    ivo = _log_in(browser, base, "ivo")
    ladder_url = f"{base}{ladder.get_absolute_url()}"

    for page in (hana, ivo):
        page.goto(f"{base}/ladders/")
        page.click("text=Go 9×9")
        with page.expect_navigation():
            page.click('button:has-text("Join this ladder")')
    expect(ivo.locator(".messages")).to_contain_text("You joined Go 9×9 at position 2.")
    expect(hana.locator("text=You are number 1.")).to_be_visible()

    # ivo, number 2, may challenge hana; hana has nobody above her to challenge.
    ivo.goto(ladder_url)
    _shoot(browser, ivo, "table-before")
    rows = ivo.locator("table.ladder-table tbody tr")
    expect(rows.nth(0)).to_contain_text("hana")
    expect(rows.nth(1)).to_contain_text("that's you")
    with ivo.expect_navigation():
        rows.nth(0).locator('a:has-text("Challenge")').click()
    # The confirmation names the opponent and says there is no way back; nothing started yet.
    expect(ivo.locator("h1")).to_have_text("Challenge hana?")
    expect(ivo.locator(".ladder-confirm")).to_contain_text("This cannot be undone.")
    assert not LadderChallenge.objects.exists()
    _shoot(browser, ivo, "challenge-confirm")
    with ivo.expect_navigation():
        ivo.click('button:has-text("Start the game against hana")')
    game = LadderChallenge.objects.get().game
    board_url = f"{base}{game.get_absolute_url()}"
    assert ivo.url == board_url
    expect(ivo.locator(".ladder-link")).to_contain_text("A game of the ladder Go 9×9")

    # They play: ivo (Black) and hana (White) each place stones, then hana resigns.
    for mover, point in ((ivo, "E5"), (hana, "C3"), (ivo, "G7"), (hana, "C7")):
        _play(mover, board_url, point)
    hana.goto(f"{board_url}resign/")
    with hana.expect_navigation():
        hana.click('button:has-text("Yes, resign")')
    expect(hana.locator("body")).to_contain_text("B+R")

    ivo.goto(ladder_url)
    rows = ivo.locator("table.ladder-table tbody tr")
    expect(rows.nth(0)).to_contain_text("ivo")
    expect(rows.nth(1)).to_contain_text("hana")
    expect(rows.nth(0)).to_contain_text("won against hana")
    expect(ivo.locator("text=You are number 1.")).to_be_visible()
    assert ivo.locator(".chart-card svg, section.card svg.chart").count() == 1
    _shoot(browser, ivo, "table-after")
    assert list(
        LadderEntry.objects.order_by("position").values_list("user__username", flat=True)
    ) == ["ivo", "hana"]

    for page, name in ((ivo, "ivo"), (hana, "hana")):
        rating = Rating.objects.get(user__username=name, family="square")
        page.goto(f"{base}/players/{name}/")
        expect(page.locator("dl.facts")).to_contain_text(f"Go (9×9): {rating.rating:.0f} ±")
        expect(page.locator("dl.facts")).to_contain_text("provisional")
    assert Rating.objects.get(user__username="ivo").rating > 1500
    assert Rating.objects.get(user__username="hana").rating < 1500
    _shoot(browser, ivo, "profile")
    ivo.click("dl.facts a")
    expect(ivo.locator("svg.chart")).to_be_visible()
    expect(ivo.locator("svg.chart")).to_contain_text("Rating")
    _shoot(browser, ivo, "rating-graph")
