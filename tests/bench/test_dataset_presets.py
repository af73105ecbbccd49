"""The dataset's presets (bench/dataset): the pages-full site fills every page the bench opens
as at scale 1, with small tables, and is refused at any scale but 0."""

from __future__ import annotations

import math

import pytest

from bench.dataset.__main__ import arguments
from bench.dataset.base import BUSY_RUNNING, _counts, board_of
from games.views.common import PAGE_SIZE as GAMES_PAGE
from games.views.status import RUNNING_PAGE_SIZE
from ladder.ladders.views import TABLE_PAGE
from ladder.ratings.views import GRAPH_POINTS, TABLE_ROWS
from ladder.tournaments.selectors import LIST_SIZE
from ladder.tournaments.views import STANDINGS_PAGE
from messaging.messages.views import PAGE_SIZE as INBOX_PAGE
from messaging.notifications.views import PAGE_SIZE as NOTICES_PAGE

FULL = _counts(0, pages_full=True)
BIG = _counts(1)


def _go_games(heavy_finished: int) -> int:
    return sum(board_of(i)[0] == "square" for i in range(1, heavy_finished + 1))


def _graph_points(total: int) -> int:
    """Points rating_points draws of `total` changes (every step-th, ladder.ratings.selectors)."""
    step = max(1, -(-total // GRAPH_POINTS))
    return math.ceil(total / step)


def test_rating_graph_draws_as_many_points_as_at_scale_one_spread():
    total = _go_games(FULL["heavy_finished"])
    assert total > GRAPH_POINTS  # spread, not every game
    assert _graph_points(total) == _graph_points(_go_games(BIG["heavy_finished"])) == GRAPH_POINTS
    assert total >= TABLE_ROWS


def test_paginated_pages_have_a_full_last_page_after_the_first():
    big_ladder, _small = FULL["ladders"]
    assert big_ladder >= 2 * TABLE_PAGE and big_ladder % TABLE_PAGE == 0
    assert FULL["mcmahon"] >= 2 * STANDINGS_PAGE and FULL["mcmahon"] % STANDINGS_PAGE == 0
    assert FULL["heavy_finished"] >= 2 * GAMES_PAGE
    assert FULL["busy_running"] == BUSY_RUNNING >= 2 * RUNNING_PAGE_SIZE
    heavy_threads = math.ceil(FULL["threads"] / FULL["heavy_thread_every"])
    assert heavy_threads >= 2 * INBOX_PAGE
    assert FULL["notifications"] // FULL["heavy_notice_every"] >= 2 * NOTICES_PAGE
    public_reviews = FULL["reviews"] - FULL["reviews"] // 3
    assert public_reviews >= 2 * GAMES_PAGE
    assert FULL["tournaments"] >= LIST_SIZE


def test_whole_lists_and_threads_are_those_of_scale_one():
    # The API's ladder and tournament without `page` are the whole table.
    assert FULL["ladders"] == BIG["ladders"]
    assert FULL["mcmahon"] == BIG["mcmahon"]
    assert FULL["messages"] // FULL["threads"] == BIG["messages"] // BIG["threads"]


def test_tables_stay_small_and_hold_what_the_pages_need():
    assert FULL["users"] >= FULL["ladders"][0] + 10
    # busy's games, then the McMahon's current round, then a few more for the clock sweep
    assert FULL["running"] >= FULL["busy_running"] + FULL["mcmahon"] // 2 + 5
    assert FULL["finished"] >= FULL["heavy_finished"] + 2 * GAMES_PAGE
    for kind in ("users", "finished", "running", "notifications", "messages", "reviews"):
        assert FULL[kind] < 20_000, kind


def test_the_empty_site_is_unchanged():
    empty = _counts(0)
    assert (empty["heavy_finished"], empty["busy_running"], empty["mcmahon"]) == (5, 3, 10)
    assert empty["ladders"] == (10, 5)


def test_pages_full_is_refused_but_at_scale_zero(capsys):
    assert arguments(["--database-url", "x", "--scale", "0", "--pages-full"]).pages_full
    with pytest.raises(SystemExit) as exited:
        arguments(["--database-url", "x", "--scale", "1", "--pages-full"])
    assert exited.value.code == 2
    assert "--pages-full" in capsys.readouterr().err
    with pytest.raises(ValueError, match="scale 0"):
        _counts(0.5, pages_full=True)
