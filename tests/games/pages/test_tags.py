"""The game page and the SGF record carry an ETag: reloading an unchanged page is a 304, and
anything the page shows (a move, a chat line, the viewer, their CSRF secret, a message, the
header counts, the time-left labels) makes a new one."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from accounts.models import User
from games.game_settings import GameSettings
from games.models import Game, GameChat
from games.services import chat, conditional, play
from ladder.tournaments.models import Tournament, TournamentPairing
from ladder.tournaments.services import tournament_create
from messaging.notifications.models import Channel, Notification

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


def test_a_kept_page_is_served_from_what_the_page_read_without_computing_the_rest(
    client, game_factory, white, monkeypatch
):
    """The tag comes from the rows the page read: a page kept for it is served without the
    board, clocks or words being worked out again (games.views.play.board)."""
    from games.views import play as play_views

    game = game_factory(moves=("E5",), now=FIXED)
    login(client, white, game)
    drawn = board(client, game)

    def refuse(**kwargs):
        raise AssertionError("the kept page was computed again")

    monkeypatch.setattr(play_views, "board_context", refuse)
    monkeypatch.setattr(play_views, "board_words_section", refuse)
    kept = board(client, game)
    assert kept.status_code == 200 and kept["ETag"] == drawn["ETag"]
    assert board(client, game, drawn["ETag"]).status_code == 304


def test_the_page_in_another_language_or_time_zone_has_another_tag(client, game_factory, white):
    game = game_factory(moves=("E5",), now=FIXED)
    login(client, white, game)
    english = board(client, game)["ETag"]
    client.cookies["django_language"] = "de"
    german = board(client, game)
    assert german["ETag"] != english and german["Content-Language"] == "de"
    del client.cookies["django_language"]
    User.objects.filter(pk=white.pk).update(time_zone="Asia/Tokyo")
    assert board(client, game)["ETag"] != english


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


# Rows the game page reads, each with a column and the values Hypothesis may give it. They are
# changed with QuerySet.update(), which sends no signal: the tag must see them from the page's
# own reads, with no stamp renewed on save.
_ROW_CHANGES = {
    ("tournament", "name"): st.text(
        alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")),
        min_size=1,
        max_size=30,
    ),
    ("pairing", "round"): st.integers(min_value=1, max_value=12),
    ("black", "display_name"): st.text(
        alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=20
    ),
    ("white", "username"): st.from_regex(r"[a-z][a-z0-9_]{2,11}", fullmatch=True).map(
        lambda name: f"w_{name}"
    ),
    ("chat", "text"): st.text(
        alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")),
        min_size=1,
        max_size=40,
    ),
    ("game", "komi"): st.integers(min_value=-20, max_value=20).map(lambda half: Decimal(half) / 2),
    ("game", "rated"): st.booleans(),
    ("game", "clock_days"): st.integers(min_value=1, max_value=14),
}

_CSRF = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]*"')


def _drawn(client, game) -> tuple[bytes, str]:
    """The page as drawn now (nothing kept: the cache is emptied first) and its tag; the CSRF
    token is masked afresh at each drawing, so its value is left out of the body."""
    cache.clear()
    response = board(client, game)
    assert response.status_code == 200
    return _CSRF.sub(b"csrf", response.content), response["ETag"]


_BASELINES: dict[int, dict] = {}


def _values(rows: dict) -> dict:
    """The values `_ROW_CHANGES` may change, as the rows hold them now."""
    return {
        row: query.values(*[c for r, c in _ROW_CHANGES if r == row])[0]
        for row, query in rows.items()
    }


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    changes=st.lists(
        st.sampled_from(sorted(_ROW_CHANGES)).flatmap(
            lambda row: st.tuples(st.just(row), _ROW_CHANGES[row])
        ),
        min_size=1,
        max_size=3,
    )
)
def test_any_change_to_a_row_the_page_reads_that_changes_the_page_changes_its_tag(
    client, game_factory, black, white, changes
):
    """The game page's tag is derived from what it reads (core.http_cache.tags.page_etag), not
    from a list of fields: whatever row changes, if the page drawn afresh differs, so does its
    tag; and an unchanged page keeps its tag."""
    game = Game.objects.filter(black=black, white=white).first()
    new = game is None
    if new:
        game = game_factory(moves=("E5",), now=FIXED)
        tournament = tournament_create(
            organiser=white,
            name="Spring cup",
            format="round_robin",
            settings=GameSettings(board_kind="square", board_size=9),
            now=FIXED,
        )
        TournamentPairing.objects.create(
            tournament=tournament, round=1, black=black, white=white, game=game, created=FIXED
        )
        chat.game_chat_post(game_id=game.pk, user=black, text="good luck", now=FIXED)
        login(client, black, game)
        assert b"Spring cup" in board(client, game).content  # the ladder's link, via the hook
    pairing = TournamentPairing.objects.get(game=game)
    rows = {
        "tournament": Tournament.objects.filter(pk=pairing.tournament_id),
        "pairing": TournamentPairing.objects.filter(pk=pairing.pk),
        "black": User.objects.filter(pk=black.pk),
        "white": User.objects.filter(pk=white.pk),
        "chat": GameChat.objects.filter(game=game),
        "game": Game.objects.filter(pk=game.pk),
    }
    # Each example starts from the same rows (the database outlives the examples).
    if new:
        _BASELINES[game.pk] = _values(rows)
    for row, columns in _BASELINES[game.pk].items():
        rows[row].update(**columns)
    before, tag = _drawn(client, game)
    assert _drawn(client, game) == (before, tag)  # drawing twice: one page, one tag
    for (row, column), value in changes:
        rows[row].update(**{column: value})
    after, new_tag = _drawn(client, game)
    if after != before:
        assert new_tag != tag, f"{changes} changed the page but not its tag"
