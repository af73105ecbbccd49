"""Private messages in a real browser: from a profile to a new conversation, the unread count
in the menu, reading, replying, reporting spam and archiving. Screenshots of the inbox, the
new-message form and a thread at 1280 px and 390 px go to the samples folder's screenshots/.
"""

from __future__ import annotations

from django.utils import timezone

from messaging.messages import services as threads
from messaging.messages.models import SpamReport
from tests.browser.conftest import needs_chromium
from tests.browser.helpers import log_in, shoot

pytestmark = needs_chromium


def test_write_read_reply_report_and_archive(browser, live_server, user_factory, settings):
    settings.ADMINS = [("Staff", "staff@example.org")]
    user_factory(username="kuro")
    shiro = user_factory(username="shiro")
    ao = user_factory(username="ao")
    threads.thread_start(
        sender=ao,
        recipient=shiro,
        subject="Cheap stones",
        body="Buy cheap stones at example.com!!!",
        now=timezone.now(),
    )
    base = live_server.url

    page = log_in(browser, base, "kuro")
    page.goto(f"{base}/players/shiro/")
    page.click("a:has-text('Send a message')")
    page.wait_for_url(f"{base}/messages/new/shiro/")
    shoot(browser, page, "message-new")
    page.fill('input[name="subject"]', "Rematch?")
    page.fill('textarea[name="body"]', "Good game!\nShall we play a 19×19 next? <b>not bold</b>")
    page.click("button:has-text('Send')")
    page.wait_for_url(f"{base}/messages/*/")
    assert "Message sent to shiro" in page.inner_text(".messages")
    assert "<b>not bold</b>" in page.inner_text(".message-body")

    other = log_in(browser, base, "shiro")
    assert other.locator(".site-nav a[href='/messages/'] .nav-count").inner_text() == "2"
    other.click(".site-nav a[href='/messages/']")
    other.wait_for_url(f"{base}/messages/")
    assert other.locator("tr.unread").count() == 2
    shoot(browser, other, "message-inbox")

    other.click("a:has-text('Rematch?')")
    other.wait_for_url(f"{base}/messages/*/")
    assert other.locator(".site-nav a[href='/messages/'] .nav-count").inner_text() == "1"
    other.fill('textarea[name="body"]', "Yes, gladly.")
    other.click("button:has-text('Send reply')")
    other.wait_for_load_state()
    assert other.locator(".message").count() == 2
    shoot(browser, other, "message-thread")

    other.goto(f"{base}/messages/")
    other.click("a:has-text('Cheap stones')")
    other.wait_for_url(f"{base}/messages/*/")
    other.click("button:has-text('Report as spam')")
    other.wait_for_load_state()
    assert "staff will look" in other.inner_text(".messages")
    assert SpamReport.objects.get().reporter == shiro
    other.click("button:has-text('Archive this conversation')")
    other.wait_for_url(f"{base}/messages/")
    assert other.locator("tr").filter(has_text="Cheap stones").count() == 0
    assert other.locator(".nav-count").count() == 0

    page.goto(f"{base}/messages/")
    assert page.locator("tr.unread").filter(has_text="Rematch?").count() == 1
