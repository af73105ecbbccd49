"""A whole game in a real browser, once on a 9×9 Go board and once on a hex-6 Badux board.

Two players in two browser contexts: one posts an open challenge, the other accepts it in the
Waiting Room; they play by clicking points and confirming each move, pass twice, read the
counted result and step through the review with its buttons, slider and arrow keys.
Screenshots of the board pages (both board themes, phone and desktop width) are written to
the samples folder's screenshots/game-*.png.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from django.utils import timezone

from accounts.models import Preferences
from games.game_settings import GameSettings
from games.models import Game, GameStatus
from games.services import play
from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.conftest import PASSWORD

pytestmark = needs_chromium

THEMES = ("wood", "slate")
SCORE_LABELS = ("Territory", "Stones", "Dead stones", "Prisoners", "Komi", "Total")


@dataclass(frozen=True)
class Script:
    """One short game and what its count must show."""

    name: str  # screenshot prefix
    choice: str  # the new-game form's "game" value
    ruleset: str
    moves: tuple[str, ...]  # in turn from Black; "pass" passes
    result: str
    winner_line: str
    dead: str
    black: tuple[str, ...]  # territory, stones, dead stones, prisoners, komi, total
    white: tuple[str, ...]


def _walls_9x9() -> tuple[str, ...]:
    # Black walls column E, White column F; White's C5 invasion dies in Black's area.
    walls = [p for row in range(1, 9) for p in (f"E{row}", f"F{row}")]
    return (*walls, "E9", "C5", "D5", "F9", "pass", "pass")


def _walls_hex6() -> tuple[str, ...]:
    # Black walls row 3 (the bottom is Black's), White row 9; White's C1 throw-in dies.
    black = ("A3", "B3", "C3", "D3", "E3", "F3", "G3")
    white = ("D9", "E9", "F9", "G9", "H9", "J9", "K9")
    walls = [p for pair in zip(black, white, strict=True) for p in pair]
    return (*walls, "H3", "C1", "B1", "L9", "pass", "pass")


SQUARE = Script(
    name="square",
    choice="square-9",
    ruleset="go-area",
    moves=_walls_9x9(),
    result="B+1.5",
    winner_line="alice (Black) wins by 1.5 points.",
    dead="C5",
    black=("35", "10", "0", "0", "0", "45"),
    white=("27", "9", "1", "0", "7.5", "43.5"),
)
HEX = Script(
    name="hex",
    choice="hex-6",
    ruleset="badux",
    moves=_walls_hex6(),
    result="W+6.5",
    winner_line="bob (White) wins by 6.5 points.",
    dead="C1",
    black=("12", "9", "0", "0", "0", "21"),
    white=("13", "8", "1", "0", "6.5", "27.5"),
)


def _log_in(browser, base: str, username: str):
    context = browser.new_context(viewport=VIEWPORTS["desktop"])
    page = context.new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill('input[name="login"]', username)
    page.fill('input[name="password"]', PASSWORD)
    page.click('button[type="submit"]:has-text("Log in")')
    page.wait_for_url(f"{base}/")
    return page


def _stone(page, name: str):
    return page.locator(f'svg.bd circle.bd-st[data-name="{name}"]')


def _play(page, board_url: str, name: str, colour: str) -> None:
    """Click `name` on the board, check the ghost and the confirm bar, then confirm."""
    expect = _expect()
    page.goto(board_url)
    page.click(f'a.bd-pt[data-name="{name}"]')
    expect(page.locator(".board-confirm")).to_be_visible()
    expect(page.locator(".board-confirm-text")).to_have_text(f"{colour} at {name}?")
    expect(_stone(page, name)).to_have_class(re.compile(r"\bghost\b"))
    with page.expect_navigation():
        page.click(f'button.board-confirm-play:has-text("Play {name}")')
    letter = "b" if colour == "Black" else "w"
    expect(_stone(page, name)).to_have_class(re.compile(rf"\b{letter}\b"))
    assert "ghost" not in (_stone(page, name).get_attribute("class") or "")


def _pass(page, board_url: str) -> None:
    page.goto(board_url)
    page.click('a.button:has-text("Pass")')
    with page.expect_navigation():
        page.click('button:has-text("Yes, pass")')
    assert page.url == board_url


def _expect():
    return pytest.importorskip("playwright.sync_api").expect


def _set_theme(user, theme: str) -> None:
    Preferences.objects.update_or_create(user=user, defaults={"board_theme": theme})


def _shoot(browser, page, user, name: str, prepare=None, boards: int = 1) -> None:
    """Screenshot the page's URL in both themes at phone and desktop width."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    state = page.context.storage_state()
    for theme in THEMES:
        _set_theme(user, theme)
        for label, viewport in VIEWPORTS.items():
            shot = browser.new_page(viewport=viewport, storage_state=state)
            shot.goto(page.url)
            if boards:
                assert shot.locator(f"svg.bd.board-theme-{theme}").count() == boards
            if prepare is not None:
                prepare(shot)
            shot.screenshot(path=str(SHOTS / f"{name}-{theme}-{label}.png"), full_page=True)
            # Nothing sticks out sideways, at phone width either.
            assert shot.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), (
                f"{name}-{theme}-{label} is wider than the window"
            )
            shot.close()
    _set_theme(user, "wood")


def _check_review(page, script: Script) -> None:
    expect = _expect()
    last = len(script.moves)
    status = page.locator(".board-review-move")
    slider = page.locator("input.board-review-slider")
    first_point = script.moves[0]
    expect(status).to_have_text(f"Move {last} of {last}: White passes")
    # replay.js replaces the server's step links and capture line, which would go stale.
    expect(page.locator(".review-steps")).to_be_hidden()
    expect(page.locator(".review-captures")).to_be_hidden()

    page.click('button[aria-label="First move"]')
    expect(status).to_have_text("Start: empty board")
    assert page.locator("svg.bd circle.bd-st.b, svg.bd circle.bd-st.w").count() == 0
    assert page.locator("svg.bd").get_attribute("class").count("bd-noscore") == 1

    current = page.locator(".move-list li.current")
    expect(current).to_have_count(0)  # the start is no move
    page.click('button[aria-label="Forward one move"]')
    expect(status).to_have_text(f"Move 1 of {last}: Black {first_point}")
    expect(_stone(page, first_point)).to_have_class(re.compile(r"\bb\b"))
    # The move list follows the stepper: one bold move, the one shown.
    expect(current).to_have_count(1)
    expect(current).to_have_text(f"B {first_point}")
    expect(current.locator("a")).to_have_css("font-weight", "700")
    expect(current.locator("a")).to_have_attribute("aria-current", "step")
    page.click('button[aria-label="Forward one move"]')
    expect(status).to_have_text(f"Move 2 of {last}: White {script.moves[1]}")
    expect(current).to_have_text(f"W {script.moves[1]}")
    page.click('button[aria-label="Back one move"]')
    expect(status).to_have_text(f"Move 1 of {last}: Black {first_point}")
    expect(current).to_have_text(f"B {first_point}")
    # A click in the list shows that move without loading the page.
    url = page.url
    page.click('.move-list a[data-move="2"]')
    expect(status).to_have_text(f"Move 2 of {last}: White {script.moves[1]}")
    expect(current).to_have_text(f"W {script.moves[1]}")
    assert page.url == url
    page.click('button[aria-label="Back one move"]')
    expect(_stone(page, script.moves[1])).not_to_have_class(re.compile(r"\bw\b"))

    page.click('button[aria-label="Last move"]')
    expect(status).to_have_text(f"Move {last} of {last}: White passes")
    expect(slider).to_have_value(str(last))
    assert "bd-noscore" not in page.locator("svg.bd").get_attribute("class")

    # The slider: the invasion move, then one further.
    invasion = script.moves.index(script.dead) + 1
    slider.evaluate(
        "(el, v) => { el.value = v; el.dispatchEvent(new Event('input', {bubbles: true})); }",
        str(invasion),
    )
    expect(status).to_have_text(f"Move {invasion} of {last}: White {script.dead}")
    expect(_stone(page, script.dead)).to_have_class(re.compile(r"\bw\b"))
    slider.focus()
    page.keyboard.press("ArrowRight")  # the slider moves itself, once
    expect(status).to_have_text(re.compile(rf"^Move {invasion + 1} of {last}: "))

    # The keys, with the focus outside the slider.
    page.locator("h1").click()
    page.keyboard.press("ArrowLeft")
    expect(status).to_have_text(f"Move {invasion} of {last}: White {script.dead}")
    page.keyboard.press("Home")
    expect(status).to_have_text("Start: empty board")
    expect(slider).to_have_value("0")
    page.keyboard.press("ArrowRight")
    expect(status).to_have_text(f"Move 1 of {last}: Black {first_point}")
    page.keyboard.press("PageDown")
    expect(status).to_have_text(re.compile(rf"^Move 11 of {last}: "))
    page.keyboard.press("End")
    expect(status).to_have_text(f"Move {last} of {last}: White passes")


@pytest.mark.parametrize("script", [SQUARE, HEX], ids=lambda s: s.name)
def test_two_players_challenge_play_pass_count_and_review(
    browser, live_server, user_factory, script
):
    expect = _expect()
    base = live_server.url
    alice = user_factory(username="alice")
    bob = user_factory(username="bob")
    a = _log_in(browser, base, "alice")
    b = _log_in(browser, base, "bob")

    # Alice posts an open challenge, Black, in the Waiting Room.
    a.goto(f"{base}/games/new/")
    a.select_option('select[name="game"]', script.choice)
    a.select_option('select[name="ruleset"]', script.ruleset)
    a.select_option('select[name="colour"]', "black")
    a.click('button:has-text("Create the challenge")')
    a.wait_for_url(f"{base}/games/waiting-room/")
    expect(a.locator(".messages")).to_contain_text("Your challenge is in the Waiting Room.")

    # Bob accepts it there and lands on the new game's board.
    b.goto(f"{base}/games/waiting-room/")
    row = b.locator("table.list tbody tr", has_text="alice")
    with b.expect_navigation():
        row.locator('button:has-text("Accept")').click()
    game = Game.objects.get()
    board_url = f"{base}/games/{game.pk}/"
    assert b.url == board_url
    assert (game.black, game.white) == (alice, bob)
    expect(b.locator("p.to-move")).to_contain_text("Black to play, move 1.")
    assert b.locator("a.bd-pt").count() == 0  # not Bob's turn: nothing to click

    # A mis-click is taken back: Cancel and Escape leave the board as it was.
    a.goto(board_url)
    expect(a.locator("p.to-move")).to_contain_text("Your turn (Black), move 1.")
    a.click(f'a.bd-pt[data-name="{script.moves[2]}"]')
    expect(_stone(a, script.moves[2])).to_have_class(re.compile(r"\bghost\b"))
    a.click("button.board-confirm-cancel")
    expect(a.locator(".board-confirm")).to_be_hidden()
    assert a.locator("circle.bd-st.ghost").count() == 0
    a.click(f'a.bd-pt[data-name="{script.moves[4]}"]')
    a.keyboard.press("Escape")
    expect(a.locator(".board-confirm")).to_be_hidden()
    game.refresh_from_db()
    assert game.move_number == 0

    players = {"Black": a, "White": b}
    for number, move in enumerate(script.moves):
        colour = "Black" if number % 2 == 0 else "White"
        page = players[colour]
        if move == "pass":
            _pass(page, board_url)
        else:
            _play(page, board_url, move, colour)
        if number == 9:
            # Mid-game, Black to move, a ghost stone waiting for confirmation.
            _shoot(
                browser,
                a,
                alice,
                f"game-{script.name}-playing",
                prepare=lambda shot: shot.click(f'a.bd-pt[data-name="{script.moves[10]}"]'),
            )

    game.refresh_from_db()
    assert (game.status, game.end_reason, game.result) == (
        GameStatus.FINISHED,
        "passes",
        script.result,
    )

    # Both players see the count: winner, territory, stones, dead stones, komi, totals.
    for page in (a, b):
        page.goto(board_url)
        result = page.locator(".game-result")
        expect(result.locator("h2")).to_have_text(f"Result: {script.result}")
        expect(result).to_contain_text(script.winner_line)
        expect(result).to_contain_text("Both players passed.")
        expect(result).to_contain_text(f"Dead stones (estimated): {script.dead}.")
        assert result.locator("thead th").all_text_contents() == ["", "Black", "White"]
        table = {
            line.locator("th").text_content(): tuple(line.locator("td").all_text_contents())
            for line in result.locator("tbody tr").all()
        }
        given = dict(zip(SCORE_LABELS, zip(script.black, script.white, strict=True), strict=True))
        # What adds up to the total, then apart, what area scoring does not count.
        assert table == {
            "Live stones": given["Stones"],
            "Territory": given["Territory"],
            "Komi": given["Komi"],
            "Total": given["Total"],
            "Not in the total (area scoring counts what is on the board)": (),
            "Prisoners taken": given["Prisoners"],
            "Own dead stones": given["Dead stones"],
        }
        # The count fits its column: no sideways scrolling.
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        expect(_stone(page, script.dead)).to_have_class(re.compile(r"\bdead\b"))
        assert page.locator("svg.bd g.bd-score rect.bd-t").count() > 0
        assert page.locator("a.bd-pt").count() == 0
    _shoot(browser, a, alice, f"game-{script.name}-finished")

    # The review: buttons, slider and keys.
    with a.expect_navigation():
        a.click('.game-side a:has-text("Review")')
    assert a.url == f"{board_url}review/"
    _check_review(a, script)
    _shoot(browser, a, alice, f"game-{script.name}-review")
    a.context.close()
    b.context.close()


def test_status_page_lists_running_games_with_thumbnails_and_opens_the_next_one(
    browser, live_server, user_factory
):
    expect = _expect()
    base = live_server.url
    now = timezone.now()
    alice = user_factory(username="alice", time_zone="Europe/Paris")
    bob = user_factory(username="bob")
    carol = user_factory(username="carol")

    def start(black, white, kind, size, days, moves=()):
        game = play.game_start(
            black=black,
            white=white,
            now=now,
            settings=GameSettings(
                board_kind=kind,
                board_size=size,
                ruleset="badux" if kind == "hex" else "go-area",
                clock_days=days,
            ),
        )
        for name in moves:
            game = play.game_move(
                game_id=game.pk,
                user=game.player(game.to_move),
                point=game.topology.parse(name),
                expected_move_number=game.move_number,
                now=now,
            )
        return game

    start(alice, bob, "square", 19, 7, ("D4", "Q16", "Q4", "D16"))
    urgent = start(bob, alice, "hex", 6, 1, ("F6",))
    start(alice, carol, "square", 9, 3, ("E5",))  # Carol's turn
    start(carol, alice, "hex", 12, 5, ("F6", "H8", "J4"))
    start(alice, carol, "square", 13, 2)
    done = start(alice, bob, "square", 9, 3, ("E5", "D5"))
    play.game_resign(game_id=done.pk, user=bob, expected_move_number=2, now=now)

    page = _log_in(browser, base, "alice")
    page.goto(f"{base}/games/")
    cards = page.locator("li.game-card")
    expect(cards).to_have_count(5)
    assert cards.nth(0).get_attribute("class") == "game-card your-turn"
    expect(cards.nth(0)).to_contain_text("Badux hex 6 against bob")
    expect(cards.last).to_contain_text("Their turn")
    thumbs = page.locator("img.bd-thumb")
    expect(thumbs).to_have_count(5)
    for i in range(5):  # each drawn by its own address (lazily: all five are in view)
        thumbs.nth(i).scroll_into_view_if_needed()
        page.wait_for_function(
            "img => img.complete && img.naturalWidth > 0", arg=thumbs.nth(i).element_handle()
        )
    expect(cards.nth(0).locator("time")).to_contain_text(re.compile(r"CES?T$"))
    _shoot(browser, page, alice, "status", boards=0)

    page.click('a.button:has-text("Next game")')
    page.wait_for_url(f"{base}/games/{urgent.pk}/")
    page.context.close()


def test_automatch_queue_join_wait_pair_and_leave(browser, live_server, user_factory):
    expect = _expect()
    base = live_server.url
    alice = user_factory(username="alice")
    user_factory(username="bob")
    a = _log_in(browser, base, "alice")
    b = _log_in(browser, base, "bob")

    for game in ("hex-6", "square-9"):
        a.goto(f"{base}/games/auto-match/")
        a.select_option('select[name="game"]', game)
        a.click('button:has-text("Join the queue")')
        expect(a.locator(".messages")).to_contain_text("You are in the queue for")
    expect(a.locator("table.list tbody tr")).to_have_count(2)
    _shoot(browser, a, alice, "auto-match", boards=0)

    b.goto(f"{base}/games/auto-match/")
    b.select_option('select[name="game"]', "square-9")
    with b.expect_navigation():
        b.click('button:has-text("Join the queue")')
    expect(b.locator(".messages")).to_contain_text("Paired with alice: your game has started.")
    game = Game.objects.get()
    assert b.url == f"{base}/games/{game.pk}/"

    a.goto(f"{base}/games/auto-match/")
    rows = a.locator("table.list tbody tr")
    expect(rows).to_have_count(1)
    expect(rows).to_contain_text("Badux hex 6")
    rows.locator('button:has-text("Leave the queue")').click()
    expect(a.locator(".messages")).to_contain_text("You left the queue for Badux hex 6.")
    expect(a.locator("p.empty")).to_have_text("You are not in the queue.")
    a.context.close()
    b.context.close()
