"""The game page and the SGF record carry an ETag: reloading an unchanged page is a 304, and
anything the page shows (a move, a chat line, the viewer, their CSRF secret, a message, the
header counts, the time-left labels) makes a new one."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.services import chat, conditional, play
from messaging.models import Channel, Notification

# The clocks' labels depend on the time: the page is drawn at one fixed instant.
FIXED = timezone.now()


@pytest.fixture(autouse=True)
def _fixed_time(monkeypatch):
    monkeypatch.setattr(timezone, "now", lambda: FIXED)


def login(client, user, game) -> None:
    """Log in and open the game page once, as a browser holding its CSRF cookie would have."""
    client.force_login(user)
    client.get(reverse("games:board", args=[game.pk]))


def board(client, game, etag: str | None = None):
    headers = {"If-None-Match": etag} if etag else {}
    return client.get(reverse("games:board", args=[game.pk]), headers=headers)


def test_an_unchanged_game_page_is_a_304(client, game_factory, black):
    game = game_factory(moves=("E5",), now=FIXED)
    login(client, black, game)
    first = board(client, game)
    etag = first["ETag"]
    assert first.status_code == 200 and etag
    assert "no-cache" in first["Cache-Control"] and "private" in first["Cache-Control"]
    again = board(client, game, etag)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag


def test_a_move_a_chat_line_or_a_notice_changes_the_page(client, game_factory, black, white):
    game = game_factory(moves=("E5",), now=FIXED)
    login(client, white, game)
    etag = board(client, game)["ETag"]
    play.game_move(
        game_id=game.pk,
        user=white,
        point=game.topology.parse("D4"),
        expected_move_number=1,
        now=FIXED,
    )
    changed = board(client, game, etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    etag = changed["ETag"]
    chat.game_chat_post(game_id=game.pk, user=black, text="good move", now=FIXED)
    changed = board(client, game, etag)
    assert changed.status_code == 200 and b"good move" in changed.content
    etag = changed["ETag"]
    Notification.objects.create(
        user=white, event="your_turn", key="k", text="t", created=FIXED, channel=Channel.SITE
    )
    changed = board(client, game, etag)
    assert changed.status_code == 200 and b"1 new" in changed.content
    assert board(client, game, changed["ETag"]).status_code == 304


def test_time_passing_changes_the_clock_labels_and_the_tag(
    client, game_factory, black, monkeypatch
):
    game = game_factory(now=FIXED)
    login(client, black, game)
    etag = board(client, game)["ETag"]
    monkeypatch.setattr(timezone, "now", lambda: FIXED + dt.timedelta(hours=5))
    assert board(client, game, etag).status_code == 200


def test_the_tag_belongs_to_the_viewer_and_their_session(client, game_factory, black, white):
    game = game_factory(now=FIXED)
    login(client, black, game)
    etag = board(client, game)["ETag"]
    login(client, white, game)
    assert board(client, game, etag).status_code == 200
    client.logout()  # a new session brings a new CSRF secret, which the page's forms carry
    login(client, black, game)
    assert board(client, game, etag).status_code == 200


def test_a_message_to_show_or_a_finished_game_is_always_drawn(client, game_factory, black, white):
    game = game_factory(moves=("E5",), now=FIXED)
    login(client, white, game)
    etag = board(client, game)["ETag"]
    refused = client.post(
        reverse("games:move", args=[game.pk]), {"point": "E5", "move_number": "1"}
    )
    assert refused.status_code == 302
    page = board(client, game, etag)
    assert page.status_code == 200 and b"already occupied" in page.content
    assert not page.has_header("ETag")
    play.game_resign(game_id=game.pk, user=white, expected_move_number=1, now=FIXED)
    page = board(client, game)
    assert page.status_code == 200 and not page.has_header("ETag")


def test_the_sgf_record_is_a_304_until_it_changes(client, game_factory, black, white):
    game = game_factory(moves=("E5",), now=FIXED)
    login(client, black, game)
    url = reverse("games:sgf", args=[game.pk])
    first = client.get(url)
    etag = first["ETag"]
    assert first.status_code == 200 and b"B[ee]" in first.content
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304
    play.game_resign(game_id=game.pk, user=white, expected_move_number=1, now=FIXED)
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and b"RE[B+R]" in changed.content


def _without_tokens(html: bytes) -> bytes:
    return re.sub(rb'name="csrfmiddlewaretoken" value="[^"]+"', b"", html)


def test_a_page_drawn_for_the_same_tag_is_served_from_the_cache(client, game_factory, white):
    game = game_factory(moves=("E5",), now=FIXED)
    login(client, white, game)
    drawn = board(client, game)
    kept = board(client, game)
    assert kept.status_code == 200 and kept["ETag"] == drawn["ETag"]
    assert [t.name for t in kept.templates] == []  # nothing was rendered
    assert _without_tokens(kept.content) == _without_tokens(drawn.content)
    assert b'id="move-form"' in kept.content
    # Its token is valid for the session's CSRF secret: the move goes through.
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', kept.content)[1]
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = client.cookies
    response = strict.post(
        reverse("games:move", args=[game.pk]),
        {"point": "D4", "move_number": "1", "csrfmiddlewaretoken": token.decode()},
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.move_number == 2


def test_a_saved_conditional_line_changes_the_waiting_player_s_page(client, game_factory, black):
    game = game_factory(moves=("E5",), now=FIXED)  # White to move: Black waits
    login(client, black, game)
    etag = board(client, game)["ETag"]
    code = game.topology.sgf
    conditional.conditional_moves_set(
        game_id=game.pk,
        user=black,
        tree=[{"if": code(game.topology.parse("D4")), "play": code(game.topology.parse("C3")),
               "then": []}],
        expected_move_number=1,
        now=FIXED,
    )  # fmt: skip
    changed = board(client, game, etag)
    assert changed.status_code == 200
    assert "D4" in changed.content.decode() and changed["ETag"] != etag


def test_visitors_not_logged_in_share_one_kept_page_whatever_csrf_cookie_they_send(
    game_factory,
):
    game = game_factory(moves=("E5",), now=FIXED)
    tags, rendered = set(), []
    for n in range(4):
        visitor = Client()
        visitor.cookies["csrftoken"] = f"{n:032d}"  # a new well-formed secret each time
        response = board(visitor, game)
        assert response.status_code == 200 and b"csrfmiddlewaretoken" not in response.content
        tags.add(response["ETag"])
        rendered.append(bool(response.templates))
    assert len(tags) == 1
    assert rendered == [True, False, False, False]  # drawn once, then the kept page
    kept = [k for k in cache._cache if ":games:page:" in k]  # noqa: SLF001 - locmem's keys
    assert len(kept) == 1
