"""A banned player's link in a real browser: logged out (a ban keeps them from logging in), they
open the decision from the link its mail carries, read its reason and end date, and answer it
once; axe checks each page. Screenshots before and after the answer at 1280 px and 390 px."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from accounts.moderation import links
from accounts.moderation.models import Report, ReportKind, SanctionKind
from accounts.moderation.services import sanction_take
from tests.browser.conftest import VIEWPORTS, needs_chromium
from tests.browser.helpers import shoot

pytestmark = needs_chromium


def test_a_banned_player_reads_and_answers_the_decision_from_the_mails_link(
    browser, live_server, user_factory
):
    judge = user_factory(username="judge", is_staff=True)
    banned = user_factory(username="kuro")
    ban = sanction_take(
        moderator=judge,
        user=banned,
        kind=SanctionKind.BAN,
        reason="Played with an engine's help in three tournament games.",
        now=timezone.now(),
        ends_at=timezone.now() + dt.timedelta(days=30),
    )
    token = links.decision_token_make(sanction=ban)
    base = live_server.url

    page = browser.new_context(viewport=VIEWPORTS["desktop"]).new_page()
    page.goto(f"{base}/moderation/decision/{token}/")
    main = page.inner_text("main")
    assert "Played with an engine's help" in main and "Ban" in main and "Until" in main
    shoot(browser, page, "moderation-decision-link")
    page.fill('textarea[name="text"]', "I played those games myself; look at my older games.")
    page.click("button:has-text('Send my answer')")
    page.wait_for_url(f"{base}/moderation/decision/{token}/")
    assert "sent to the moderators" in page.inner_text(".messages")
    assert page.locator('textarea[name="text"]').count() == 0  # once
    shoot(browser, page, "moderation-decision-link-answered")
    appeal = Report.objects.get(kind=ReportKind.APPEAL)
    assert appeal.appeal_of == ban and appeal.reporter == banned

    page.goto(f"{base}/moderation/decision/{token}x/")
    assert "expired or is not valid" in page.inner_text("main")
