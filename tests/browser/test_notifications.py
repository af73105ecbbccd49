"""Notifications in a real browser: the header count, the list, mark read; and the game mails
as a mail client would show them (HTML with the inline board). Screenshots go to
the samples folder's screenshots/ and the samples folder's mail/.
"""

from __future__ import annotations

import base64
import email
from pathlib import Path

from django.utils import timezone

from games.game_settings import GameSettings
from games.services import chat, play
from messaging.notifications.models import Notification
from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.games.helpers import board_options, walled_game

pytestmark = needs_chromium

MAIL_SHOTS = Path(__file__).resolve().parents[2] / "test-output" / "mail"


def _as_shown(mail) -> str:
    """The HTML part with each cid: image replaced by a data URI, as a mail client shows it."""
    html = mail.alternatives[0][0]
    parsed = email.message_from_bytes(mail.message().as_bytes())
    for part in parsed.walk():
        if part.get_content_type() == "image/png":
            data = base64.b64encode(part.get_payload(decode=True)).decode()
            cid = part["Content-ID"].strip("<>")
            html = html.replace(f"cid:{cid}", f"data:image/png;base64,{data}")
    return html


def test_header_count_list_and_mark_read(browser, live_server, user_factory, mailoutbox):
    kuro, shiro = user_factory(username="kuro"), user_factory(username="shiro")
    game = play.game_start(
        black=kuro,
        white=shiro,
        now=timezone.now(),
        settings=GameSettings(board_kind="square", board_size=9, ruleset="go-area"),
    )
    play.game_move(
        game_id=game.pk,
        user=kuro,
        point=game.topology.parse("E5"),
        expected_move_number=0,
        now=timezone.now(),
    )
    for text in ("Have a good game!", "Sorry, I will be slow this week."):
        chat.game_chat_post(game_id=game.pk, user=kuro, text=text, now=timezone.now())
    assert Notification.objects.filter(user=shiro, read=False).count() == 3

    context = browser.new_context(viewport=VIEWPORTS["desktop"])
    context.add_cookies([])
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill('input[name="login"]', "shiro")
    page.fill('input[name="password"]', "correct-horse-battery-9")
    page.click('button[type="submit"]')
    page.wait_for_url(f"{live_server.url}/")
    assert page.locator(".nav-count").inner_text() == "3"

    page.click('.site-nav a[href="/notifications/"]')
    page.wait_for_url(f"{live_server.url}/notifications/")
    assert page.locator("tr.unread").count() == 3
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, viewport in VIEWPORTS.items():
        shot = browser.new_page(viewport=viewport, storage_state=context.storage_state())
        shot.goto(page.url)
        assert shot.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        shot.screenshot(path=str(SHOTS / f"notifications-{label}.png"), full_page=True)
        shot.close()

    page.locator("tr.unread button:has-text('Mark read')").first.click()
    page.wait_for_load_state()
    assert page.locator("tr.unread").count() == 2
    assert page.locator(".nav-count").inner_text() == "2"
    page.click("button:has-text('Mark all read')")
    page.wait_for_load_state()
    assert page.locator("tr.unread").count() == 0
    assert page.locator(".nav-count").count() == 0
    context.close()


def test_game_mails_as_a_mail_client_shows_them(
    browser, transactional_db, user_factory, mailoutbox
):
    # transactional_db: each service call commits, so the mail tasks run after it as in prod.
    kuro, shiro = user_factory(username="kuro"), user_factory(username="shiro")
    MAIL_SHOTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 640, "height": 900})
    for kind in ("square", "hex"):
        mailoutbox.clear()
        game = play.game_start(
            black=kuro,
            white=shiro,
            now=timezone.now(),
            settings=GameSettings(**board_options(kind)),
        )
        for i, move in enumerate(walled_game(kind)):
            player = game.player(game.to_move)
            if move == "pass":
                game = play.game_pass(
                    game_id=game.pk, user=player, expected_move_number=i, now=timezone.now()
                )
            else:
                game = play.game_move(
                    game_id=game.pk,
                    user=player,
                    point=game.topology.parse(move),
                    expected_move_number=i,
                    now=timezone.now(),
                )
        turn = [m for m in mailoutbox if "Your turn" in m.subject][-3]  # a few stones down
        over = next(m for m in mailoutbox if "is over" in m.subject)
        for name, mail in ((f"your_turn_{kind}", turn), (f"game_over_{kind}", over)):
            page.set_content(_as_shown(mail))
            image = page.locator("img").first
            assert image.evaluate("img => img.complete && img.naturalWidth > 0")
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            page.screenshot(path=str(MAIL_SHOTS / f"{name}-mail.png"), full_page=True)
    page.close()
