"""Table headers keep their words whole: no "SCHWAR|Z", "NEGR|O" or split Japanese header at
1280 or 390 px, on the pages with the site's tables (a scored game's score table, the players
table, the history, the status page); a table wider than a phone scrolls in its own box, so
the page itself never does. Screenshots: the samples folder's
screenshots/headers-<lang>-<page>-<width>.png."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.game_settings import GameSettings
from games.services import play as play_service
from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.conftest import PASSWORD

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]

# Every word of a visible `table.list th` whose letters land on more than one line.
SPLIT_WORDS = """() => {
  const split = [];
  for (const th of document.querySelectorAll("table.list th")) {
    if (!th.getClientRects().length) { continue; }
    const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // A word ends at a space, and in Japanese or Chinese also at a bracket or a mark of
      // punctuation, where a line may break.
      for (const m of node.data.matchAll(/[^\\s（）()「」、。・：:]+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))
        );
        if (lines.size > 1) { split.push(m[0]); }
      }
    }
  }
  return split;
}"""


@pytest.mark.parametrize("language", ["de", "es", "ja"])
def test_table_headers_keep_their_words_whole(browser, live_server, user_factory, language):
    base = live_server.url
    player = user_factory(username=f"head{language}", language=language)
    rival = user_factory(username=f"rival{language}")
    now = timezone.now()
    game = play_service.game_start(
        black=player, white=rival, settings=GameSettings(board_kind="square", board_size=9), now=now
    )
    for user, number in ((player, 0), (rival, 1)):  # two passes: scored, with a score table
        play_service.game_pass(game_id=game.pk, user=user, expected_move_number=number, now=now)
    SHOTS.mkdir(parents=True, exist_ok=True)
    split = []
    for label, viewport in VIEWPORTS.items():
        context = browser.new_context(
            viewport=viewport, extra_http_headers={"Accept-Language": language}
        )
        page = context.new_page()
        page.goto(f"{base}/accounts/login/")
        page.fill('input[name="login"]', player.username)
        page.fill('input[name="password"]', PASSWORD)
        page.click('form button[type="submit"]')
        page.wait_for_url(f"{base}/")
        for name, path in (("game", f"/games/{game.pk}/"), ("history", "/games/history/")):
            page.goto(f"{base}{path}")
            shot = SHOTS / f"headers-{language}-{name}-{label}.png"
            page.screenshot(path=str(shot), full_page=True)
            assert page.locator("table.list th").count(), f"no table on {path}"
            split += [f"{name} {label}: {word}" for word in page.evaluate(SPLIT_WORDS)]
            fits = page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            assert fits, f"{path} is wider than {label} in {language}"
        context.close()
    assert not split, f"headers split mid-word in {language}: {split}"
