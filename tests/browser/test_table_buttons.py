"""Buttons inside table cells keep their words whole: the organiser's "Disqualifizieren" in a
running tournament's standings at 390 px in German was drawn one letter per line (a 35 px wide,
280 px tall button), because buttons may break anywhere (site.css) and a table cell shrinks to
its content's narrowest width. Screenshots: the samples folder's
screenshots/table-buttons-<lang>-<width>.png."""

from __future__ import annotations

import pytest

from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.browser.helpers import log_in
from tests.ladder.conftest import tournament_factory  # noqa: F401 (a fixture)

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]

# Every word of a visible button in a table cell whose letters land on more than one line.
SPLIT_BUTTON_WORDS = """() => {
  const split = [];
  for (const button of document.querySelectorAll("table td button, table td .button")) {
    if (!button.getClientRects().length) { continue; }
    const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
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


@pytest.mark.parametrize("language", ["de", "ru"])
def test_disqualify_buttons_in_the_standings_keep_their_words_whole(
    browser, live_server, user_factory, request, language
):
    base = live_server.url
    boss = user_factory(username=f"boss{language}", language=language)
    players = [boss, *(user_factory(username=f"{n}{language}") for n in ("ann", "ben"))]
    tournament = request.getfixturevalue("tournament_factory")(
        players=players, organiser=boss, start=True
    )
    page = log_in(browser, base, boss.username)
    SHOTS.mkdir(parents=True, exist_ok=True)
    split = []
    for label, viewport in VIEWPORTS.items():
        page.set_viewport_size(viewport)
        page.goto(f"{base}{tournament.get_absolute_url()}")
        buttons = page.locator("#standings form[action*='/disqualify/'] button")
        assert buttons.count() == 2, "one disqualify button per other player"
        page.screenshot(path=str(SHOTS / f"table-buttons-{language}-{label}.png"), full_page=True)
        split += [f"{label}: {word}" for word in page.evaluate(SPLIT_BUTTON_WORDS)]
    assert not split, f"buttons split mid-word in {language}: {split}"
