"""Returned mail as the player meets it: the notice, the box on the preferences page (axe runs
on every page), and asking to be mailed again by keyboard only."""

from __future__ import annotations

from django.utils import timezone

from messaging.bounces.address import bounce_address_read, return_path_for
from messaging.bounces.models import AddressHealth
from messaging.bounces.services import bounce_record
from tests.browser.conftest import needs_chromium
from tests.browser.helpers import expect, log_in, shoot
from tests.messaging.bounces.helpers import DOMAIN, dsn_bytes

pytestmark = needs_chromium


def test_a_bounce_is_shown_and_the_player_asks_to_be_mailed_again(
    browser, live_server, user_factory, settings
):
    settings.INBOUND_MAIL_DOMAIN = DOMAIN
    kuro = user_factory(username="kuro")
    path = return_path_for(user_id=kuro.pk, email=kuro.email)
    bounce_record(
        token=bounce_address_read(path),
        raw=dsn_bytes(to=path, recipient=kuro.email),
        now=timezone.now(),
    )
    page = log_in(browser, live_server.url, "kuro")

    page.goto(f"{live_server.url}/notifications/")
    expect()(page.get_by_text("came back undeliverable, so we stopped mailing it")).to_be_visible()
    page.goto(f"{live_server.url}/settings/preferences/")
    box = page.get_by_role("region", name="Your mail is not being delivered")
    expect()(box).to_contain_text("kuro@example.org")
    expect()(box).to_contain_text("5.1.1")
    shoot(browser, page, "bounces-preferences")

    button = page.get_by_role("button", name="Try my address again")
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_load_state()

    expect()(page.get_by_text("The site will mail kuro@example.org again.")).to_be_visible()
    expect()(page.get_by_role("region", name="Your mail is not being delivered")).to_have_count(0)
    assert AddressHealth.objects.get(user=kuro).failing_since is None
