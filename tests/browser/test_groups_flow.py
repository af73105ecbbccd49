"""A group's life in a real browser: ann creates a group by request, bob asks to join and ann
lets him in, ann opens a group ladder, both join it and bob's challenge is played to a
resignation; ann starts a thread, bob replies mentioning @ann and ann finds the notice; an
outsider gets 404 from the closed board. Screenshots (screenshots/groups-*.png) of the group's
page and its board at 1280 and 390 px; axe runs on every page."""

from __future__ import annotations

import pytest

from ladder.groups.models import Group, Membership
from ladder.ladders.models import LadderChallenge
from messaging.notifications.models import Notification
from tests.browser.conftest import needs_chromium
from tests.browser.helpers import expect as _expect
from tests.browser.helpers import log_in as _log_in
from tests.browser.helpers import shoot

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]


def _post(page, button: str) -> None:
    with page.expect_navigation():
        page.click(f'button:has-text("{button}")')


def _play(page, board_url: str, name: str) -> None:
    page.goto(board_url)
    page.click(f'a.bd-pt[data-name="{name}"]')
    _post(page, f"Play {name}")


def test_a_group_from_creation_to_its_board(live_server, browser, user_factory):
    expect = _expect()
    base = live_server.url
    for name in ("ann", "bob", "cid"):
        user_factory(username=name)
    ann, bob, cid = (_log_in(browser, base, name) for name in ("ann", "bob", "cid"))

    # ann creates a group that players join by request.
    ann.goto(f"{base}/groups/")
    ann.click("text=Create a group")
    ann.fill('input[name="name"]', "Hex friends")
    ann.fill('textarea[name="description"]', "We play **Badux** on Fridays.")
    ann.check('input[name="access"][value="request"]')
    _post(ann, "Create the group")
    expect(ann.locator("h1")).to_have_text("Hex friends")
    expect(ann.locator("main > .message-body strong")).to_have_text("Badux")
    group = Group.objects.get(slug="hex-friends")

    # bob asks to join; ann lets him in.
    bob.goto(f"{base}/groups/hex-friends/")
    _post(bob, "Ask to join")
    expect(bob.locator(".messages")).to_contain_text("You asked to join")
    ann.goto(f"{base}/groups/hex-friends/")
    _post(ann, "Let bob in")
    assert Membership.objects.get(group=group, user__username="bob").standing == "member"

    # ann opens a group ladder; both join; cid, outside the group, is refused.
    ann.click("text=Open a ladder for the group")
    ann.fill('input[name="name"]', "Club 9x9")
    ann.select_option('select[name="board"]', "square-9")
    _post(ann, "Open the ladder")
    ladder_url = ann.url
    _post(ann, "Join this ladder")
    bob.goto(ladder_url)
    _post(bob, "Join this ladder")
    cid.goto(ladder_url)
    with cid.expect_response(lambda r: r.url.endswith("/join/")) as refused:
        cid.click('button:has-text("Join this ladder")')
    assert refused.value.status == 403
    expect(cid.locator("body")).to_contain_text("Only the group's members may join this.")

    # bob (number 2) challenges ann and they play until ann resigns.
    bob.goto(ladder_url)
    with bob.expect_navigation():
        bob.locator("table.ladder-table tbody tr").nth(0).locator('a:has-text("Challenge")').click()
    _post(bob, "Start the game against ann")
    game = LadderChallenge.objects.get().game
    board_url = f"{base}{game.get_absolute_url()}"
    for mover, point in ((bob, "E5"), (ann, "C3"), (bob, "G7"), (ann, "C7")):
        _play(mover, board_url, point)
    ann.goto(f"{board_url}resign/")
    _post(ann, "Yes, resign")
    bob.goto(ladder_url)
    expect(bob.locator("text=You are number 1.")).to_be_visible()

    # ann starts a thread; bob replies and mentions her; she is told.
    ann.goto(f"{base}/groups/hex-friends/board/")
    ann.click("text=Start a thread")
    ann.fill('input[name="title"]', "Friday night")
    ann.fill('textarea[name="body"]', "Who plays this *Friday*?")
    _post(ann, "Post the thread")
    thread_url = ann.url
    bob.goto(f"{base}/groups/hex-friends/board/")
    expect(bob.locator("table.thread-list")).to_contain_text("1 new")
    bob.click("text=Friday night")
    bob.fill('textarea[name="body"]', "Count me in, @ann!")
    _post(bob, "Post the reply")
    expect(bob.locator(".message-list")).to_contain_text("Count me in, @ann!")
    note = Notification.objects.get(user__username="ann", event="group_mention")
    assert "bob mentioned you in “Friday night”" in note.text
    ann.goto(f"{base}/notifications/")
    expect(ann.locator("body")).to_contain_text("bob mentioned you")
    ann.goto(f"{base}/groups/hex-friends/board/")
    expect(ann.locator("table.thread-list")).to_contain_text("1 new")

    # The closed board is 404 to cid, who is not a member.
    answer = cid.goto(thread_url)
    assert answer.status == 404
    answer = cid.goto(f"{base}/groups/hex-friends/board/")
    assert answer.status == 404

    ann.goto(f"{base}/groups/hex-friends/")
    shoot(browser, ann, "group-page", prefix="groups-")
    ann.goto(f"{base}/groups/hex-friends/board/")
    shoot(browser, ann, "board", prefix="groups-")
    ann.goto(thread_url)
    shoot(browser, ann, "thread", prefix="groups-")
