"""What a new player finds in ladders and tournaments, and the byo-yomi clock, in a browser
(axe checks every page; screenshots at 1280 and 390 px go to the samples folder's screenshots/,
named new-player-ladders-*): the ladder challenge asks first and is reached by keyboard, the
tournament page says what happens next and lets its organiser change or cancel it, the
tournament form shows only the clock fields of the chosen time control, the board shows a
byo-yomi clock and the opponent's pass, the sign-up page takes the browser's time zone, the
new API token has a copy button and the API docs lead back to the site."""

from __future__ import annotations

import pytest
from django.utils import timezone

from accounts.models import ApiToken
from games.game_settings import GameSettings
from games.services import play as play_service
from ladder.ladders.models import Ladder, LadderChallenge
from ladder.ladders.services import ladder_join
from ladder.tournaments import services as tournaments
from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.browser.helpers import log_in, shoot

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]


def _expect():
    return pytest.importorskip("playwright.sync_api").expect


def test_ladders_tournaments_and_the_byoyomi_board_as_a_new_player_finds_them(
    browser, live_server, user_factory
):
    expect = _expect()
    base = live_server.url
    now = timezone.now()
    hana, ivo = user_factory(username="hana"), user_factory(username="ivo")
    ladder = Ladder.objects.create(
        name="Go 9×9", slug="go-9", board_kind="square", board_size=9, ruleset="go-area",
        komi="7.5", created=now, clock_kind="japanese", clock_days=7, clock_periods=5,
        clock_period_days=1,
    )  # fmt: skip
    for user in (hana, ivo):
        ladder_join(ladder_id=ladder.pk, user=user, now=now)

    # The ladder: "Challenge" is a link, reached by keyboard, to a page that asks first.
    page = log_in(browser, base, "ivo")
    page.goto(f"{base}/ladders/go-9/")
    expect(page.locator(".declare-offer")).to_contain_text("Declare your Go strength")
    shoot(browser, page, "new-player-ladders-ladder")
    link = page.locator("table.ladder-table a:has-text('Challenge')")
    link.focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Challenge hana?")
    expect(page.locator(".ladder-confirm")).to_contain_text("7 d + 5 × 1 d byo-yomi")
    expect(page.locator(".ladder-confirm")).to_contain_text("This cannot be undone.")
    assert not LadderChallenge.objects.exists()
    shoot(browser, page, "new-player-ladders-ladder-confirm")
    with page.expect_navigation():
        page.click("button:has-text('Start the game against hana')")
    game = LadderChallenge.objects.get().game
    expect(page.locator(".players")).to_contain_text("then 5 × 1 day byo-yomi")
    expect(page.locator(".time-zone-note")).to_contain_text("UTC")
    # ivo plays, hana passes: ivo is told, with what a second pass does.
    play_service.game_move(
        game_id=game.pk,
        user=ivo,
        point=game.topology.parse("E5"),
        expected_move_number=0,
        now=timezone.now(),
    )
    play_service.game_pass(game_id=game.pk, user=hana, expected_move_number=1, now=timezone.now())
    page.goto(f"{base}{game.get_absolute_url()}")
    expect(page.locator(".passed-notice")).to_contain_text("hana passed.")
    shoot(browser, page, "new-player-ladders-board-byoyomi-pass")

    # A tournament: every game setting, the fields of the chosen clock only.
    page.goto(f"{base}/tournaments/new/")
    assert page.locator("#id_clock_periods").is_hidden()
    page.check("input[name=clock_kind][value=japanese]")
    assert page.locator("#id_clock_periods").is_visible()
    assert page.locator("#id_clock_period_moves").is_hidden()
    assert page.locator("#id_mcmahon_bar").is_hidden()  # round robin: no McMahon fields
    page.select_option("#id_format", "mcmahon")
    assert page.locator("#id_mcmahon_bar").is_visible()
    shoot(browser, page, "new-player-ladders-tournament-new")
    page.select_option("#id_format", "swiss")
    page.fill("#id_name", "Autumn Swiss")
    page.select_option("#id_clock_days", "14")
    page.select_option("#id_clock_periods", "5")
    page.select_option("#id_clock_period_days", "1")
    page.fill("#id_player_limit", "4")
    with page.expect_navigation():
        page.click("button:has-text('Open registration')")
    expect(page.locator(".next-step")).to_contain_text("1 of 4 places taken")
    expect(page.locator("body")).to_contain_text("Change the tournament")
    shoot(browser, page, "new-player-ladders-tournament-open")

    # A Swiss in round 1: the page says what round 2 waits for.
    swiss = tournaments.tournament_create(
        organiser=hana, name="Spring Swiss", format="swiss", rounds=3, player_limit=8,
        settings=GameSettings(board_kind="square", board_size=9), now=now, start_when_full=False,
    )  # fmt: skip
    for user in (hana, ivo, user_factory(username="jun"), user_factory(username="kai")):
        tournaments.tournament_join(tournament_id=swiss.pk, user=user, now=now)
    tournaments.tournament_start(tournament_id=swiss.pk, user=hana, now=now)
    page.goto(f"{base}{swiss.get_absolute_url()}")
    expect(page.locator(".next-step")).to_contain_text("Round 2 is paired as soon as")
    expect(page.locator("#standings")).to_contain_text("?")
    shoot(browser, page, "new-player-ladders-tournament-running")


def test_sign_up_takes_the_browsers_time_zone_and_the_token_can_be_copied(
    browser, live_server, user_factory
):
    expect = _expect()
    base = live_server.url
    context = browser.new_context(viewport=VIEWPORTS["desktop"], timezone_id="Asia/Tokyo")
    page = context.new_page()
    page.goto(f"{base}/accounts/signup/")
    expect(page.locator("h1")).to_have_text("Sign up")
    expect(page.locator("select[name=time_zone]")).to_have_value("Asia/Tokyo")
    page.screenshot(path=str(SHOTS / "new-player-ladders-signup-desktop.png"), full_page=True)
    page.set_viewport_size(VIEWPORTS["phone"])
    page.screenshot(path=str(SHOTS / "new-player-ladders-signup-phone.png"), full_page=True)
    context.close()

    user_factory(username="tokenuser")
    page = log_in(browser, base, "tokenuser")
    page.goto(f"{base}/settings/preferences/")
    page.fill("#id_name", "my Go bot")
    with page.expect_navigation():
        page.click("button:has-text('Create token')")
    assert ApiToken.objects.count() == 1
    copy = page.locator("#api-token-copy")
    expect(copy).to_be_visible()
    copy.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#api-token-copied")).not_to_be_empty()
    page.screenshot(path=str(SHOTS / "new-player-ladders-token-desktop.png"), full_page=True)
    page.goto(f"{base}/api/v1/docs")
    back = page.locator(".api-docs-back a").first
    expect(back).to_have_text("← Back to Badux")
    expect(page.locator(".swagger-ui .info")).to_be_visible()
    page.screenshot(path=str(SHOTS / "new-player-ladders-api-docs-desktop.png"))
