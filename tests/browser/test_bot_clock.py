"""Issue 37.7 in a browser: while a bot is to move, the status page's card and the game page say
the bot is thinking (its clock does not run), never that it is on vacation; at 390 px, in
German and Japanese (the words from the catalogs, checked translated)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from games.bots.engines import engine_get
from games.bots.services import bot_account_for
from games.game_settings import GameSettings
from games.services import play
from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.browser.helpers import expect
from tests.conftest import PASSWORD

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def waiting_bot(settings):
    """A bot whose move stays queued: the outbox keeps its task for the relay, which no test
    runs, so the bot stays to move."""
    settings.BOT_ENGINES = {
        "tiny": {
            "name": "Tiny bot",
            "strength": "easy",
            "kind": "mcts",
            "budget": "easy",
            "playouts": 8,
            "boards": ["square 9"],
        }
    }
    settings.OUTBOX_PUBLISH_AT_COMMIT = False
    return bot_account_for(engine=engine_get(key="tiny"))


def _said(language: str, msgid: str) -> str:
    with translation.override(language):
        said = translation.gettext(msgid)
    assert said != msgid, f"{msgid!r} is not translated into {language}"
    return said


@pytest.mark.parametrize("language", ["de", "ja"])
def test_a_bot_to_move_is_thinking_not_on_vacation(
    browser, live_server, user_factory, waiting_bot, language
):
    base = live_server.url
    player = user_factory(username=f"bot{language}", language=language)
    now = timezone.now()
    game = play.game_start(
        black=player,
        white=waiting_bot,
        now=now,
        settings=GameSettings(board_kind="square", board_size=9, ruleset="go-area"),
    )
    play.game_move(game_id=game.pk, user=player, point="E5", expected_move_number=0, now=now)
    game.refresh_from_db()
    assert game.player_to_move_id == waiting_bot.pk
    thinking = _said(language, "the bot is thinking; its clock does not run")
    vacation = (
        _said(language, "stopped: on vacation"),
        _said(language, "They have %(left)s; the clock is stopped: they are on vacation").split(
            "%"
        )[0],
    )
    page = browser.new_context(viewport=VIEWPORTS["phone"]).new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill('input[name="login"]', player.username)
    page.fill('input[name="password"]', PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base}/")
    SHOTS.mkdir(parents=True, exist_ok=True)
    for url, name in ((reverse("games:status"), "status"), (game.get_absolute_url(), "game")):
        page.goto(f"{base}{url}")
        assert page.locator("html").get_attribute("lang") == language
        expect()(page.locator("main")).to_contain_text(thinking)
        text = page.locator("main").inner_text()
        assert not any(words and words in text for words in vacation), name
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), name
        page.screenshot(path=str(SHOTS / f"bot-clock-{name}-{language}-phone.png"), full_page=True)
