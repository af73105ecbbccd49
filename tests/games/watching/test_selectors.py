"""Watch and follow, the reads: the games browser's filters and keyset pages, the follow feed,
the watched games, and what the game page shows of watchers and comments."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.game_settings import GameSettings
from games.models import Game, GameOrigin
from games.selectors.play import game_page_get
from games.services import play as play_service
from games.watching import selectors, services
from games.watching.forms import browse_key_format, browse_key_parse
from games.watching.selectors import BrowseFilter, BrowseKey
from tests.games.conftest import NOW

pytestmark = pytest.mark.django_db


def _all_pages(choice: BrowseFilter, size: int) -> list[int]:
    seen, after = [], None
    while True:
        page = selectors.games_browse(choice=choice, after=after, size=size)
        seen += [g.pk for g in page.games]
        if page.next_key is None:
            return seen
        after = page.next_key


def test_the_browser_pages_through_every_public_game_once_newest_activity_first(game_factory):
    games = [game_factory() for _ in range(7)]
    # Three share one moment (ties are broken by id); one has moves later than all.
    Game.objects.filter(pk__in=[g.pk for g in games[:3]]).update(last_move_at=NOW)
    Game.objects.filter(pk=games[3].pk).update(last_move_at=NOW + dt.timedelta(hours=1))
    Game.objects.filter(pk=games[4].pk).update(public=False)
    seen = _all_pages(BrowseFilter(), size=2)
    expected = [g.pk for g in games if g.pk != games[4].pk]
    assert sorted(seen) == sorted(expected)
    assert seen[0] == games[3].pk
    assert len(seen) == len(set(seen))
    assert seen == _all_pages(BrowseFilter(), size=100)


def test_the_browser_filters_by_board_state_rated_origin_and_player(
    game_factory, black, white, user_factory
):
    other = user_factory(username="third")
    go19 = game_factory(board_size=19, rated=False)
    hex8 = game_factory(board_kind="hex", board_size=8)
    done = game_factory(black=other)
    play_service.game_resign(game_id=done.pk, user=white, expected_move_number=0, now=NOW)
    ladder = play_service.game_start(
        black=black, white=other, settings=GameSettings(board_kind="square", board_size=9),
        now=NOW, origin=GameOrigin.LADDER,
    )  # fmt: skip

    def found(**choice) -> set[int]:
        return {g.pk for g in selectors.games_browse(choice=BrowseFilter(**choice)).games}

    assert found(board="square-19") == {go19.pk}
    assert found(board="hex-8") == {hex8.pk}
    assert found(state="finished") == {done.pk}
    assert found(rated="no") == {go19.pk}
    assert found(origin="ladder") == {ladder.pk}
    assert found(origin="tournament") == set()
    assert found(player=other) == {done.pk, ladder.pk}
    assert found(player=other, state="playing") == {ladder.pk}


@given(st.text(max_size=40))
def test_any_after_value_is_a_key_or_the_first_page(value):
    key = browse_key_parse(value)
    assert key is None or isinstance(key, BrowseKey)


def test_a_page_key_reads_back_as_itself():
    key = BrowseKey(active=dt.datetime(2026, 3, 1, 12, 0, 0, 123456, tzinfo=dt.UTC), pk=42)
    assert browse_key_parse(browse_key_format(key)) == key


def test_the_follow_feed_shows_the_followed_players_new_games_and_results(
    game_factory, black, white, user_factory
):
    reader, stranger = user_factory(username="reader"), user_factory(username="stranger")
    services.follow_start(follower=reader, followed=black, now=NOW)
    started = game_factory(now=NOW)
    ended = game_factory(now=NOW - dt.timedelta(days=1))
    play_service.game_resign(
        game_id=ended.pk, user=white, expected_move_number=0, now=NOW + dt.timedelta(hours=1)
    )
    game_factory(black=stranger, white=white)  # nobody the reader follows
    private = game_factory()
    Game.objects.filter(pk=private.pk).update(public=False)
    feed = selectors.follow_feed(user=reader)
    assert [(item.game.pk, item.finished) for item in feed] == [
        (ended.pk, True),
        (started.pk, False),
        (ended.pk, False),
    ]
    assert selectors.follow_feed(user=stranger) == []


def test_the_status_page_s_watched_games_put_running_ones_first(game_factory, white, user_factory):
    watcher = user_factory(username="watcher")
    done, running = game_factory(), game_factory()
    play_service.game_resign(game_id=done.pk, user=white, expected_move_number=0, now=NOW)
    for game in (done, running):
        services.watch_start(game_id=game.pk, user=watcher, now=NOW)
    assert [g.pk for g in selectors.games_watched_by(user=watcher)] == [running.pk, done.pk]


def test_the_game_page_reads_watchers_and_comments_only_when_there_are_some(
    game_factory, black, user_factory, django_assert_num_queries
):
    game = game_factory()
    spectator = user_factory(username="kibitzer")
    for viewer in (black, spectator):
        read = game_page_get(game_id=game.pk, viewer=viewer)
        with django_assert_num_queries(0):
            shown = selectors.board_watch_read(game=read, viewer=viewer)
        assert shown["lines"] == [] and not shown["mine"]
    services.watch_start(game_id=game.pk, user=spectator, now=NOW)
    services.kibitz_post(game_id=game.pk, user=spectator, text="Sharp", now=NOW)
    read = game_page_get(game_id=game.pk, viewer=black)
    with django_assert_num_queries(2):
        shown = selectors.board_watch_read(game=read, viewer=black)
    assert shown["count"] == 1 and [k.text for k in shown["lines"]] == ["Sharp"]
    services.kibitz_hidden_set(user=black, hidden=True, now=NOW)
    read = game_page_get(game_id=game.pk, viewer=black)
    shown = selectors.board_watch_read(game=read, viewer=black)
    assert shown["hidden"] and shown["lines"] == []
    read = game_page_get(game_id=game.pk, viewer=spectator)
    shown = selectors.board_watch_read(game=read, viewer=spectator)
    assert shown["mine"] and shown["count"] is None and len(shown["lines"]) == 1
