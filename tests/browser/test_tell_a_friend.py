"""\"Tell a friend\" in a real browser: the inviter fills the form, the friend opens the mailed
link, signs up and finds the game invitation on their status page. Screenshots of the form,
the invitation page and the "never invite me again" page at 1280 px and 390 px."""

from __future__ import annotations

import re

from accounts.models import User
from games.models import Challenge
from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.browser.helpers import log_in, shoot
from tests.conftest import PASSWORD

pytestmark = needs_chromium


def test_invite_a_friend_who_signs_up_and_finds_the_game(
    browser, live_server, user_factory, mailoutbox
):
    kuro = user_factory(username="kuro")
    base = live_server.url
    page = log_in(browser, base, "kuro")
    mailoutbox.clear()  # the notice of a log-in from a new browser
    page.goto(f"{base}/games/new/")
    page.click("a:has-text('Invite them by e-mail')")
    page.wait_for_url(f"{base}/games/invite-a-friend/")
    shoot(browser, page, "invite-friend-form")
    page.fill('input[name="email"]', "pal@example.net")
    page.fill('textarea[name="note"]', "Shall we try Go on hexagons? <3")
    page.select_option('select[name="game"]', "hex-6")
    page.click("button:has-text('Send the invitation')")
    page.wait_for_load_state()
    assert "Invitation sent to pal@example.net" in page.inner_text(".messages")
    shoot(browser, page, "invite-friend-sent")

    (mail,) = mailoutbox
    join = re.search(r"(/games/invitation/[^/\s]+/)\s", mail.body).group(1)
    never = re.search(r"(/games/invitation/never/[^/\s]+/)", mail.body).group(1)
    friend = browser.new_context(viewport=VIEWPORTS["desktop"]).new_page()
    friend.goto(f"{base}{join}")
    assert "Shall we try Go on hexagons? <3" in friend.inner_text("main")
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, viewport in VIEWPORTS.items():
        shot = friend.context.new_page()
        shot.set_viewport_size(viewport)
        shot.goto(f"{base}{join}")
        shot.screenshot(path=str(SHOTS / f"invite-landing-{label}.png"), full_page=True)
        assert shot.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        shot.close()
    friend.click("a:has-text('Sign up and see the invitation')")
    friend.wait_for_url(re.compile(r".*/accounts/signup/.*"))
    assert friend.input_value('input[name="email"]') == "pal@example.net"
    friend.fill('input[name="username"]', "pal")
    friend.fill('input[name="password1"]', PASSWORD)
    friend.fill('input[name="password2"]', PASSWORD)
    friend.click("form button[type='submit']")
    friend.wait_for_load_state()
    pal = User.objects.get(username="pal")
    challenge = Challenge.objects.get(recipient=pal)
    assert challenge.creator == kuro and challenge.board_kind == "hex"
    friend.goto(f"{base}/games/")
    assert friend.locator(f"a[href='/games/challenges/{challenge.pk}/']").count() >= 1

    stranger = browser.new_context(viewport=VIEWPORTS["desktop"]).new_page()
    stranger.goto(f"{base}{never}")
    shoot(browser, stranger, "invite-never")
    stranger.click("button:has-text('Never invite me again')")
    assert "will not send an invitation" in stranger.inner_text("main")
