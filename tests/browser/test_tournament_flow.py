"""Tournaments in a real browser.

* A 4-player round robin: the organiser creates it with the form, the four join with the Join
  button, the organiser starts it, the six games are finished (through the games service), and
  the page's standings read 3, 2, 1, 0.
* A 6-player McMahon of three rounds with a bye: six join, one withdraws with the Withdraw
  button during round 1 (that game is resigned and stays a loss), so rounds 2 and 3 have five
  players and a bye each (a bye scores a win,
  as the EGF rules count it); the standings and rounds show it.

Screenshots at 1280 and 390 px into the samples folder (tests/samples.py); every page
must fit a 390 px phone without sideways scrolling (the wide tables scroll in their own box).
"""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.game_settings import GameSettings
from games.services.play import game_resign
from ladder.ratings.services import rating_declare
from ladder.tournaments import services
from ladder.tournaments.models import Tournament, TournamentPairing
from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.browser.helpers import expect as _expect
from tests.browser.helpers import log_in as _log_in
from tests.samples import samples_dir

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]
OUT = samples_dir("tournament")


def _shoot(browser, page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    OUT.mkdir(parents=True, exist_ok=True)
    state = page.context.storage_state()
    for label, viewport in VIEWPORTS.items():
        shot = browser.new_page(viewport=viewport, storage_state=state)
        shot.goto(page.url)
        for folder in (SHOTS, OUT):
            shot.screenshot(path=str(folder / f"tournament-{name}-{label}.png"), full_page=True)
        assert shot.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), (
            f"tournament-{name}-{label} is wider than the window"
        )
        shot.close()


def _finish_round(tournament, number, winner):
    """Resign every running game of round `number` for the player who is not `winner(p)`."""
    for p in TournamentPairing.objects.filter(tournament=tournament, round=number).select_related(
        "black", "white"
    ):
        if p.game_id and not p.decided:
            won = winner(p)
            loser = p.white if won.pk == p.black_id else p.black
            game_resign(
                game_id=p.game_id, user=loser, expected_move_number=None, now=timezone.now()
            )


def _create(page, base, **fields):
    page.goto(f"{base}/tournaments/")
    page.click("text=Organise a tournament")
    page.fill('input[name="name"]', fields["name"])
    page.select_option('select[name="format"]', fields["format"])
    page.select_option('select[name="game"]', "square-9")
    if "rounds" in fields:
        page.fill('input[name="rounds"]', str(fields["rounds"]))
    if "handicap_rule" in fields:
        page.select_option('select[name="handicap_rule"]', fields["handicap_rule"])
    page.fill('input[name="player_limit"]', str(fields["player_limit"]))
    page.uncheck('input[name="start_when_full"]')
    page.uncheck('input[name="join"]')  # the organiser joins with the page's button below
    with page.expect_navigation():
        page.click('button:has-text("Open registration")')


def test_a_four_player_round_robin_played_to_its_standings(live_server, browser, user_factory):
    expect = _expect()
    base = live_server.url
    names = ["ana", "bo", "cy", "di"]
    users = {n: user_factory(username=n) for n in names}
    pages = {n: _log_in(browser, base, n) for n in names}
    ana = pages["ana"]
    _create(ana, base, name="Club round robin", format="round_robin", player_limit=4)
    expect(ana.locator(".messages")).to_contain_text("Club round robin is open for registration.")
    tournament = Tournament.objects.get(name="Club round robin")
    url = f"{base}{tournament.get_absolute_url()}"
    for name in names:
        page = pages[name]
        page.goto(url)
        with page.expect_navigation():
            page.click('button:has-text("Join this tournament")')
        expect(page.locator(".messages")).to_contain_text("You are registered.")
    _shoot(browser, ana, "rr-registration")
    with ana.expect_navigation():
        ana.click('button:has-text("Start the tournament")')
    expect(ana.locator(".messages")).to_contain_text("The tournament has started")
    expect(ana.locator("details.round")).to_have_count(3)

    # The alphabetically first player of each game wins: ana 3, bo 2, cy 1, di 0.
    def first(p):
        return min(p.black, p.white, key=lambda u: u.username)

    for number in (1, 2, 3):
        _finish_round(tournament, number, first)
    ana.goto(url)
    expect(ana.locator(".tag").first).to_have_text("Finished")
    rows = ana.locator("#standings tbody tr")
    expect(rows).to_have_count(4)
    for n, (name, points) in enumerate(zip(names, ("3", "2", "1", "0"), strict=True)):
        expect(rows.nth(n).locator("td").nth(2)).to_contain_text(name)
        expect(rows.nth(n).locator("td").nth(4)).to_have_text(points)
    _shoot(browser, ana, "rr-standings")
    assert users["ana"].notifications.filter(event="tournament_end").exists()


def test_a_six_player_mcmahon_of_three_rounds_with_a_bye(live_server, browser, user_factory):
    expect = _expect()
    base = live_server.url
    ranks = {"mo": "2d", "ned": "1d", "ola": "1k", "pia": "3k", "quin": "5k", "rae": "8k"}
    users = {}
    for name, rank in ranks.items():
        users[name] = user_factory(username=name)
        rating_declare(user=users[name], family="square", rank=rank)
    mo = _log_in(browser, base, "mo")
    _create(
        mo, base, name="McMahon open", format="mcmahon", rounds=3, player_limit=6,
        handicap_rule="mcmahon",
    )  # fmt: skip
    tournament = Tournament.objects.get(name="McMahon open")
    url = f"{base}{tournament.get_absolute_url()}"
    for user in users.values():
        services.tournament_join(tournament_id=tournament.pk, user=user, now=timezone.now())
    mo.goto(url)
    with mo.expect_navigation():
        mo.click('button:has-text("Start the tournament")')
    expect(mo.locator("section.round")).to_have_count(1)

    # The stronger declared rank wins every game (rank order is the seed order).
    seed = {u.pk: n for n, u in enumerate(users.values())}

    def stronger(p):
        return p.black if seed[p.black_id] < seed[p.white_id] else p.white

    # rae withdraws during round 1: that game is resigned (a loss that stays), and rounds 2
    # and 3 pair the five others, so each has a bye.
    rae = _log_in(browser, base, "rae")
    rae.goto(url)
    with rae.expect_navigation():
        rae.click('button:has-text("Withdraw")')
    expect(rae.locator("h1")).to_have_text("Withdraw from McMahon open?")
    with rae.expect_navigation():
        rae.click('button:has-text("Yes, withdraw")')
    expect(rae.locator(".messages")).to_contain_text("You have withdrawn")
    _shoot(browser, mo, "mcmahon-round1")
    for number in (1, 2, 3):
        _finish_round(tournament, number, stronger)
    mo.goto(url)
    expect(mo.locator(".tag").first).to_have_text("Finished")
    # One round listed at a time (the latest), the others a link away.
    expect(mo.locator("section.round")).to_have_count(1)
    expect(mo.locator(".round-links [aria-current=page]")).to_have_text("Round 3")
    for number in (3, 2):
        if number != 3:
            with mo.expect_navigation():
                mo.locator(".round-links").get_by_role("link", name=f"Round {number}").click()
        expect(mo.locator(f"#round-{number}")).to_be_visible()
        expect(mo.locator("section.round td.muted:has-text('bye')")).to_have_count(1)
    rows = mo.locator("#standings tbody tr")
    expect(rows).to_have_count(6)
    expect(rows.first.locator("td").nth(2)).to_contain_text("mo")
    expect(mo.locator("#standings")).to_contain_text("withdrawn")
    byes = TournamentPairing.objects.filter(tournament=tournament, white__isnull=True)
    assert byes.count() == 2 and len({b.black_id for b in byes}) == 2  # never the same twice
    _shoot(browser, mo, "mcmahon-standings")


def test_a_double_elimination_bracket_is_drawn(live_server, browser, user_factory):
    expect = _expect()
    base = live_server.url
    users = [user_factory(username=f"k{i}") for i in range(1, 7)]
    page = _log_in(browser, base, "k1")
    _create(page, base, name="Knockout cup", format="double_elim", player_limit=6)
    _shoot(browser, page, "knockout-open")
    tournament = Tournament.objects.get(name="Knockout cup")
    for user in users:
        services.tournament_join(tournament_id=tournament.pk, user=user, now=timezone.now())
    services.tournament_start(tournament_id=tournament.pk, user=users[0], now=timezone.now())
    seed = dict(tournament.players.values_list("user_id", "seed"))

    def higher(p):
        return p.white if seed[p.white_id] < seed[p.black_id] else p.black

    _finish_round(tournament, 1, higher)  # winners' round 1
    page.reload()
    bracket = page.locator("#bracket")
    expect(bracket.locator(".bracket-round h3").first).to_have_text("Round 1")
    expect(bracket.locator(".bracket-match .side.won")).to_have_count(2)
    _shoot(browser, page, "knockout-bracket")
    page.goto(f"{base}/tournaments/")
    expect(page.locator("text=Knockout cup")).to_be_visible()
    _shoot(browser, page, "list")
    page.goto(f"{base}/tournaments/new/")
    _shoot(browser, page, "new")


def test_a_big_mcmahon_s_standings_turn_pages_by_keyboard_and_without_javascript(
    live_server, browser, user_factory
):
    """56 players: the standings and cross table come 50 lines a page; the Next link is
    reached with Tab and followed with Enter, and the pages work with JavaScript off."""
    from ladder.tournaments.views import STANDINGS_PAGE

    expect = _expect()
    base = live_server.url
    users = [user_factory(username=f"b{i:02}") for i in range(56)]
    tournament = services.tournament_create(
        organiser=users[0],
        name="Big McMahon",
        format="mcmahon",
        settings=GameSettings(board_kind="square", board_size=9, rated=True),
        now=timezone.now(),
        rounds=3,
        player_limit=60,
        start_when_full=False,
    )
    for user in users:
        services.tournament_join(tournament_id=tournament.pk, user=user, now=timezone.now())
    services.tournament_start(tournament_id=tournament.pk, user=users[0], now=timezone.now())
    _finish_round(tournament, 1, lambda p: p.black)
    page = _log_in(browser, base, "b55")
    page.goto(f"{base}{tournament.get_absolute_url()}?page=1")
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(STANDINGS_PAGE)
    expect(page.locator("nav.pagination .current")).to_have_text("Page 1 of 2")
    _shoot(browser, page, "mcmahon-page-1")
    next_link = page.locator('nav.pagination a[rel="next"]')
    for _ in range(400):  # Tab through the page to the Next link
        page.keyboard.press("Tab")
        if next_link.evaluate("el => el === document.activeElement"):
            break
    else:
        raise AssertionError("Tab never reaches the Next link")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(rows).to_have_count(56 - STANDINGS_PAGE)
    expect(page.locator("nav.pagination .current")).to_have_text("Page 2 of 2")
    _shoot(browser, page, "mcmahon-page-2")
    context = browser.new_context(java_script_enabled=False)
    plain = context.new_page()
    plain.goto(f"{base}{tournament.get_absolute_url()}")
    expect(plain.locator("nav.pagination .current")).to_have_text("Page 1 of 2")
    plain.click('nav.pagination a[rel="next"]')
    expect(plain.locator("#standings tbody tr")).to_have_count(56 - STANDINGS_PAGE)
    # Closed here: axe cannot run where scripts are off (the fixture checks the open pages).
    context.close()
