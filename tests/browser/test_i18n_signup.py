"""Issue 22 end to end: a visitor whose browser asks for Japanese signs up, gets the
verification mail in Japanese, reads the site in Japanese and plays a move; their German
opponent (who chose German) gets the your-turn mail in German, dates written the German way.
Then the home, a game and the preferences pages in Japanese, German and Russian at 390 and
1280 px, screenshots in the samples folder's screenshots/i18n-real-<lang>-*.png, none wider than
the window.

Expected words come from the catalogs (gettext under translation.override), so the test holds
as translators improve them; a literal from locale/ja/LC_MESSAGES/django.po proves the
Japanese catalog is the one served."""

from __future__ import annotations

import re
import zoneinfo

import pytest
from django.utils import formats, timezone, translation

from accounts.models import User
from games.game_settings import GameSettings
from games.models import Game
from games.services import play as play_service
from tests.browser.conftest import VIEWPORTS, needs_chromium
from tests.browser.helpers import expect, log_in, shoot
from tests.conftest import PASSWORD

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]


def _said(language: str, msgid: str) -> str:
    """`msgid` as the catalog of `language` says it, checked to be translated."""
    with translation.override(language):
        said = translation.gettext(msgid)
    assert said != msgid, f"{msgid!r} is not translated into {language}"
    return said


def _game(black: User, white: User) -> Game:
    return play_service.game_start(
        black=black,
        white=white,
        settings=GameSettings(board_kind="square", board_size=9),
        now=timezone.now(),
    )


def test_a_japanese_visitor_signs_up_and_plays_and_a_german_opponent_is_told_in_german(
    browser, live_server, mailoutbox, user_factory
):
    base = live_server.url
    hans = user_factory(username="hans", language="de", time_zone="Europe/Berlin")
    context = browser.new_context(viewport=VIEWPORTS["desktop"], locale="ja-JP")
    page = context.new_page()

    # The signup page, in Japanese because the browser asks for it.
    page.goto(f"{base}/accounts/signup/")
    assert page.locator("html").get_attribute("lang") == "ja"
    expect()(page.locator("h1")).to_have_text(_said("ja", "Sign up"))
    assert "登録" in page.inner_text("h1")  # locale/ja/LC_MESSAGES/django.po: "Sign up"
    page.fill('input[name="email"]', "kuro@example.org")
    page.fill('input[name="username"]', "kuro")
    page.fill('input[name="password1"]', PASSWORD)
    page.fill('input[name="password2"]', PASSWORD)
    page.click('form button[type="submit"]')
    page.wait_for_url(re.compile(r"/accounts/confirm-email/$"))
    kuro = User.objects.get(username="kuro")
    assert kuro.language == "ja"  # kept for the mails the player gets later

    # The verification mail: our Japanese subject and greeting.
    [verification] = mailoutbox
    assert verification.to == ["kuro@example.org"]
    with translation.override("ja"):
        subject = translation.gettext("Verify your e-mail address")
    assert subject != "Verify your e-mail address" and subject in verification.subject
    assert _said("ja", "Hello from Badux!") in verification.body
    link = re.search(r"https?://\S+/accounts/confirm-email/\S+", verification.body).group(0)
    page.goto(link)
    page.click('form button[type="submit"]')
    page.wait_for_url(f"{base}/")
    assert page.locator("html").get_attribute("lang") == "ja"
    assert "新しい対局" in page.inner_text("body")  # "New game"

    # A game against the German player; the Japanese player (Black) plays E5 on the board.
    game = _game(kuro, hans)
    page.goto(f"{base}{game.get_absolute_url()}")
    assert page.locator("html").get_attribute("lang") == "ja"
    assert _said("ja", "Pass") in page.inner_text("main")
    page.click('a.bd-pt[data-name="E5"]')
    expect()(page.locator(".board-confirm")).to_be_visible()
    with page.expect_navigation():
        page.click("button.board-confirm-play")
    expect()(page.locator('svg.bd circle.bd-st[data-name="E5"]')).to_have_class(
        re.compile(r"\bb\b")
    )
    game.refresh_from_db()
    assert game.move_number == 1

    # Hans's your-turn mail: German subject and body, the deadline as Germans write it.
    [turn] = [m for m in mailoutbox if m.to == [hans.email]]
    with translation.override("de"):
        subject = translation.gettext(
            "Your turn against %(opponent_username)s (game %(game_pk)s)"
        ) % {"opponent_username": "kuro", "game_pk": game.pk}
        play_line = translation.gettext("Play your move: %(game_url)s") % {"game_url": ""}
        berlin = game.deadline.astimezone(zoneinfo.ZoneInfo("Europe/Berlin"))
        deadline = formats.date_format(berlin, "DATETIME_FORMAT")  # "3. Dezember 2026 17:05"
    assert subject.startswith("Du bist am Zug") and subject in turn.subject
    assert play_line.strip() in turn.body and "Play your move" not in turn.body
    assert f"{deadline} (Europe/Berlin)" in turn.body
    assert re.fullmatch(r"\d+\. \w+ \d{4} \d\d:\d\d", deadline)
    assert '<html lang="de">' in turn.alternatives[0][0]
    context.close()


PAGES = [("home", "/"), ("preferences", "/settings/preferences/")]


@pytest.mark.parametrize("language", ["ja", "de", "ru"])
def test_home_game_and_preferences_pages_fit_in_each_language(
    browser, live_server, user_factory, language
):
    player = user_factory(username=f"reader{language}", language=language)
    rival = user_factory(username=f"rival{language}")
    game = _game(player, rival)
    page = log_in(browser, live_server.url, player.username)
    for name, path in [*PAGES, ("game", game.get_absolute_url())]:
        page.goto(f"{live_server.url}{path}")
        assert page.locator("html").get_attribute("lang") == language
        shoot(browser, page, name, prefix=f"i18n-real-{language}-")
    page.context.close()
