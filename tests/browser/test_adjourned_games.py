"""Adjourned games in a real browser (issue 38): a moderator suspends a player from a report in
the queue and chooses to adjourn their games (the form offers it under "For a suspension"); the
opponent sees the game adjourned on the game page and the status page, annuls it after the
confirmation page, and the game page then reads "Annulled". axe runs on every page (the
browser fixture); screenshots at every width."""

from __future__ import annotations

from django.utils import timezone

from accounts.moderation.models import GamesChoice, Sanction, SanctionKind
from accounts.moderation.services import report_create
from games.game_settings import GameSettings
from games.models import EndReason, Game
from games.services import play
from tests.browser.conftest import needs_chromium
from tests.browser.helpers import log_in, shoot

pytestmark = needs_chromium


def test_moderator_adjourns_and_the_opponent_annuls(browser, live_server, user_factory):
    kuro, shiro = user_factory(username="kuro"), user_factory(username="shiro")
    user_factory(username="judge", is_staff=True)
    now = timezone.now()
    game = play.game_start(
        black=kuro,
        white=shiro,
        now=now,
        settings=GameSettings(board_kind="square", board_size=9, ruleset="go-area"),
    )
    report = report_create(
        reporter=shiro, reported_user=kuro, kind="player", snapshot="", reason="Insults.", now=now
    )
    base = live_server.url

    # The moderator suspends kuro for a day from the report, adjourning kuro's games.
    moderator = log_in(browser, base, "judge")
    moderator.goto(f"{base}/moderation/reports/{report.pk}/")
    groups = moderator.eval_on_selector_all(
        'select[name="games"] optgroup', "els => els.map(e => e.label)"
    )
    assert groups == ["For a suspension", "For a ban"]
    moderator.select_option('select[name="kind"]', "suspend")
    moderator.fill('textarea[name="reason"]', "Insults in the game chat.")
    moderator.select_option('select[name="duration"]', "24")
    moderator.select_option('select[name="games"]', "adjourn")
    shoot(browser, moderator, "adjourn-decision")
    moderator.click("button:has-text('Take this decision')")
    assert "Adjourn them until the suspension ends" in moderator.inner_text("main")
    moderator.click("button:has-text('Yes, suspend')")
    moderator.wait_for_url(f"{base}/moderation/")
    sanction = Sanction.objects.get(kind=SanctionKind.SUSPEND, user=kuro)
    assert sanction.games == GamesChoice.ADJOURN

    # shiro sees it adjourned on the status page and the game page.
    player = log_in(browser, base, "shiro")
    player.goto(f"{base}/games/")
    assert "Adjourned" in player.inner_text("main")
    shoot(browser, player, "adjourned-status")
    player.goto(f"{base}/games/{game.pk}/")
    assert "Adjourned" in player.inner_text(".adjourned-notice")
    shoot(browser, player, "adjourned-game")

    # ... and annuls it after confirming.
    player.click(".adjourned-notice a:has-text('Annul the game')")
    player.wait_for_url(f"{base}/games/{game.pk}/annul/")
    assert "no result" in player.inner_text("main")
    shoot(browser, player, "annul-confirmation")
    player.click("button:has-text('Yes, annul the game')")
    player.wait_for_url(f"{base}/games/{game.pk}/")
    assert "Annulled" in player.inner_text(".game-result")
    game.refresh_from_db()
    assert game.end_reason == EndReason.ANNULLED and game.result == "Void"
    shoot(browser, player, "annulled-game")
    assert Game.objects.get(pk=game.pk).is_annulled
