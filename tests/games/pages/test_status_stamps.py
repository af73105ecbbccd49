"""The status page is kept whole under a tag made of the player's status stamp and the minute:
a reload of an unchanged page is a 304 or the kept page, and a move, a new game, a challenge,
the next minute, a flash message or a lost stamp each give the page as it is now."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.contrib.messages import constants as message_levels
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from core.http_cache.stamps import status_stamp_get
from games.game_settings import GameSettings
from games.services import challenges
from games.services import play as play_service
from tests.games.conftest import play

# Time-left labels and the minute in the tag depend on the clock: the page is drawn at a fixed
# instant unless a test moves it on.
FIXED = timezone.now().replace(second=10, microsecond=0)
STATUS = reverse("games:status")


@pytest.fixture
def clock(monkeypatch):
    """Set the time the site reads: `clock(t)`."""

    def set_time(value: dt.datetime) -> None:
        monkeypatch.setattr(timezone, "now", lambda: value)

    set_time(FIXED)
    return set_time


def open_status(client, user) -> None:
    """Log in and open the page once, as a browser holding its CSRF cookie would have."""
    client.force_login(user)
    client.get(STATUS)


def status(client, etag: str | None = None):
    return client.get(STATUS, headers={"If-None-Match": etag} if etag else {})


def test_an_unchanged_status_page_is_a_304_then_the_kept_page(
    client, game_factory, black, clock, django_assert_max_num_queries
):
    game_factory(moves=("E5",), now=FIXED)
    open_status(client, black)
    first = status(client)
    assert first.status_code == 200 and first["ETag"]
    assert "private" in first["Cache-Control"] and "no-cache" in first["Cache-Control"]
    assert status(client, first["ETag"]).status_code == 304
    # A browser without the page gets the kept one: the session, the player and the header's
    # counts are all it reads.
    with django_assert_max_num_queries(3):
        again = status(client)
    assert again.status_code == 200 and again.content == first.content
    assert again["ETag"] == first["ETag"]


def test_the_opponents_move_shows_at_once(
    client, game_factory, black, white, clock, django_capture_on_commit_callbacks
):
    game = game_factory(moves=("E5",), now=FIXED)
    open_status(client, black)
    before = status(client)
    assert b"Their turn" in before.content and b"Your turn" not in before.content
    with django_capture_on_commit_callbacks(execute=True):  # the move commits
        play(game, "D4", FIXED)
    after = status(client, before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert b"Your turn" in after.content


def test_a_new_game_and_an_invitation_show_at_once(
    client, game_factory, black, white, clock, django_capture_on_commit_callbacks
):
    open_status(client, black)
    empty = status(client)
    assert b"No running games" in empty.content
    with django_capture_on_commit_callbacks(execute=True):
        game_factory(now=FIXED)
    with_game = status(client, empty["ETag"])
    assert with_game.status_code == 200 and b"No running games" not in with_game.content
    with django_capture_on_commit_callbacks(execute=True):
        challenges.challenge_create(
            creator=white,
            recipient=black,
            settings=GameSettings(board_kind="square", board_size=13),
            now=FIXED,
        )
    invited = status(client, with_game["ETag"])
    assert invited.status_code == 200 and b"Invitations to you" in invited.content


def test_the_next_minute_draws_the_page_again(client, game_factory, black, clock):
    game_factory(moves=("E5",), now=FIXED)
    open_status(client, black)
    etag = status(client)["ETag"]
    clock(FIXED + dt.timedelta(seconds=30))  # the same minute
    assert status(client, etag).status_code == 304
    clock(FIXED + dt.timedelta(minutes=1))
    later = status(client, etag)
    assert later.status_code == 200 and later["ETag"] != etag


def test_each_player_and_page_has_its_own_tag(client, game_factory, black, white, clock):
    game_factory(moves=("E5",), now=FIXED)
    open_status(client, black)
    mine = status(client)["ETag"]
    assert client.get(STATUS, {"page": "2"})["ETag"] != mine
    open_status(client, white)
    theirs = status(client)
    assert theirs["ETag"] != mine and b"Your turn" in theirs.content


def test_a_flash_message_or_another_query_draws_the_page_untagged(client, black, clock):
    open_status(client, black)
    storage = CookieStorage(client.request().wsgi_request)
    storage.add(message_levels.INFO, "Game started.")
    response = client.get(STATUS)
    assert response.status_code == 200
    client.cookies[storage.cookie_name] = storage._encode(storage._queued_messages)
    flashed = client.get(STATUS)
    assert b"Game started." in flashed.content and not flashed.has_header("ETag")
    assert not client.get(STATUS, {"sort": "x"}).has_header("ETag")


def test_a_lost_stamp_is_drawn_anew_and_never_reuses_a_kept_page(
    client, game_factory, black, clock
):
    game_factory(moves=("E5",), now=FIXED)
    open_status(client, black)
    etag = status(client)["ETag"]
    cache.delete(f"games:status-stamp:{black.pk}")
    fresh = status(client, etag)
    assert fresh.status_code == 200 and fresh["ETag"] != etag


def test_a_game_saved_renews_both_players_stamps_once_it_commits(
    game_factory, black, white, django_capture_on_commit_callbacks
):
    """Not before: a page drawn meanwhile reads the rows as they were, so it must stay under
    the old stamp."""
    game = game_factory(now=FIXED)
    seen = [(status_stamp_get(user_id=black.pk), status_stamp_get(user_id=white.pk))]
    with django_capture_on_commit_callbacks(execute=True):
        play(game, "E5", FIXED)
        seen.append((status_stamp_get(user_id=black.pk), status_stamp_get(user_id=white.pk)))
    seen.append((status_stamp_get(user_id=black.pk), status_stamp_get(user_id=white.pk)))
    before, uncommitted, committed = seen
    assert uncommitted == before
    assert committed[0] != before[0] and committed[1] != before[1]


@pytest.mark.usefixtures("cache_down")
def test_a_failing_cache_draws_every_page(client, game_factory, black, clock):
    game_factory(moves=("E5",), now=FIXED)
    open_status(client, black)
    first, second = status(client), status(client)
    assert first.status_code == second.status_code == 200
    assert first["ETag"] != second["ETag"]  # a new stamp each time: nothing can be reused


def test_two_spellings_of_a_page_share_a_tag_and_two_pages_never_do(
    client, game_factory, black, white, clock
):
    for _ in range(25):  # two pages of finished games
        game = game_factory(now=FIXED)
        play_service.game_resign(game_id=game.pk, user=white, expected_move_number=0, now=FIXED)
    open_status(client, black)

    def links(response) -> list[str]:
        return re.findall(r'href="(/games/\d+/)"', response.content.decode())

    second = client.get(STATUS, {"page": "2"})
    assert client.get(STATUS, {"page": "0002"})["ETag"] == second["ETag"]
    first = client.get(STATUS, {"page": "0000000000001"})
    assert links(first) == links(client.get(STATUS, {"page": "1"})) != links(second)
    late = client.get(STATUS, {"page": "0000000000002"})  # too long a number: the first page
    assert late["ETag"] != second["ETag"] and links(late) == links(first)
