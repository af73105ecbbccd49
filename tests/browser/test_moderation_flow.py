"""Moderation in a real browser: a player reports another from their profile, the report lands
in the moderators' queue, a moderator mutes the player from it; the muted player's chat line
and message are refused with the reason, they read the decision on their page, and once the
sweep ends the mute they chat again. Screenshots of the queue, a report and the player's page
at 1280 px and 390 px."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from accounts.moderation.models import Report, Sanction, SanctionKind
from accounts.moderation.services import sanctions_end_due
from games.game_settings import GameSettings
from games.models import GameChat
from games.services import chat, play
from messaging.messages.models import Message
from tests.browser.conftest import needs_chromium
from tests.browser.helpers import log_in, shoot

pytestmark = needs_chromium


def test_report_mute_refusals_and_expiry(browser, live_server, user_factory):
    kuro, shiro = user_factory(username="kuro"), user_factory(username="shiro")
    user_factory(username="judge", is_staff=True)
    game = play.game_start(
        black=kuro,
        white=shiro,
        now=timezone.now(),
        settings=GameSettings(board_kind="square", board_size=9, ruleset="go-area"),
    )
    chat.game_chat_post(
        game_id=game.pk, user=shiro, text="You play like a fool.", now=timezone.now()
    )
    base = live_server.url

    # kuro reports shiro from shiro's profile.
    page = log_in(browser, base, "kuro")
    page.goto(f"{base}/players/shiro/")
    page.click("a:has-text('Report shiro to the moderators')")
    page.wait_for_url(f"{base}/players/shiro/report/")
    shoot(browser, page, "moderation-report-form")
    page.fill('textarea[name="reason"]', "Insults me in our game's chat.")
    page.click("button:has-text('Send to the moderators')")
    page.wait_for_url(f"{base}/players/shiro/")
    assert "sent to the moderators" in page.inner_text(".messages")
    report = Report.objects.get()
    assert (report.reporter, report.reported_user) == (kuro, shiro)

    # The moderator finds it in the queue (by the menu) and mutes shiro for an hour.
    moderator = log_in(browser, base, "judge")
    moderator.focus(".nav-group-account .nav-group-title")  # the Account menu opens on focus
    moderator.click(".nav-group-account a:has-text('Moderation')")
    moderator.wait_for_url(f"{base}/moderation/")
    assert "Insults me in our game's chat." in moderator.inner_text("main")
    shoot(browser, moderator, "moderation-queue")
    moderator.click("table a:has-text('Player')")
    moderator.wait_for_url(f"{base}/moderation/reports/{report.pk}/")
    shoot(browser, moderator, "moderation-report")
    moderator.select_option('select[name="kind"]', "mute")
    moderator.fill('textarea[name="reason"]', "Insults in the game chat.")
    moderator.select_option('select[name="duration"]', "1")
    moderator.click("button:has-text('Take this decision')")
    moderator.wait_for_url(f"{base}/moderation/")
    assert "No open reports." in moderator.inner_text("main")
    mute = Sanction.objects.get(kind=SanctionKind.MUTE, user=shiro)

    # shiro's chat line and message are refused, with the reason.
    player = log_in(browser, base, "shiro")
    player.goto(f"{base}/games/{game.pk}/")
    player.fill('input[name="text"]', "Hello again")
    player.click("form[action$='/chat/'] button:has-text('Send')")
    said = player.inner_text(".messages")
    assert "You are muted" in said and "Insults in the game chat." in said
    assert GameChat.objects.count() == 1
    player.goto(f"{base}/messages/new/kuro/")
    player.fill('input[name="subject"]', "About the game")
    player.fill('textarea[name="body"]', "Sorry, maybe")
    player.click("form button[type='submit']:has-text('Send')")
    assert "Insults in the game chat." in player.inner_text("main")
    assert not Message.objects.exists()
    player.goto(f"{base}/players/shiro/moderation/")
    assert "Insults in the game chat." in player.inner_text("main")
    shoot(browser, player, "moderation-player")

    # The mute ends by the sweep; shiro chats again.
    assert sanctions_end_due(now=mute.ends_at + dt.timedelta(seconds=1)) == 1
    player.goto(f"{base}/games/{game.pk}/")
    player.fill('input[name="text"]', "Hello again")
    player.click("form[action$='/chat/'] button:has-text('Send')")
    assert GameChat.objects.count() == 2
