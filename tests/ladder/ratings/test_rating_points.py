"""The rating graph's games, picked in the database (ladder.ratings.selectors.rating_points):
the same games as thinning the whole history in Python, and, on PostgreSQL, read by the
ratings' index without reading the games table (bench/pages_at_scale.py found it hashing every
game of the site for a player's graph)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ladder.ratings.models import RatingChange
from ladder.ratings.selectors import rating_games_shown, rating_points
from tests.ladder.conftest import NOW

pytestmark = pytest.mark.django_db


def _history(game_factory, black, white, count: int) -> list[RatingChange]:
    """`count` changes of black's Go rating, oldest first; pairs share a moment (ties go by
    id)."""
    changes = []
    for i in range(count):
        game = game_factory()
        changes.append(
            RatingChange.objects.create(
                game=game,
                user=black,
                family="square",
                board_size=9,
                score=1,
                periods=0,
                rating_before=1500 + i,
                deviation_before=300,
                volatility_before=0.06,
                opponent_rating=1500,
                opponent_deviation=300,
                rating_after=1501 + i,
                deviation_after=290,
                volatility_after=0.06,
                created=NOW + dt.timedelta(hours=i // 2),
            )
        )
    return changes


def test_the_graph_draws_every_step_th_game_back_from_the_latest_and_starts_at_the_first(
    game_factory, black, white
):
    history = _history(game_factory, black, white, 9)
    for most in range(1, 11):
        step = max(1, -(-len(history) // most))
        expected = history[::-1][::step][::-1]
        graph = rating_points(user=black, family="square", most=most)
        assert graph.total == 9
        assert [point.game_id for point in graph.drawn] == [c.game_id for c in expected], most
        assert len(graph.drawn) <= most
        assert graph.first.game_id == history[0].game_id
        assert graph.first.rating_before == 1500


def test_a_player_without_rated_games_has_an_empty_graph(black):
    graph = rating_points(user=black, family="square", most=400)
    assert (graph.total, graph.first, graph.drawn) == (0, None, [])


def test_a_private_game_is_shown_only_to_its_players(game_factory, black, white, user_factory):
    from games.models import Game

    public, private = game_factory(), game_factory()
    Game.objects.filter(pk=private.pk).update(public=False)
    ids = [public.pk, private.pk]
    assert rating_games_shown(game_ids=ids, viewer=None) == {public.pk}
    assert rating_games_shown(game_ids=ids, viewer=user_factory()) == {public.pk}
    assert rating_games_shown(game_ids=ids, viewer=white) == {public.pk, private.pk}


@pytest.mark.postgres
def test_the_graph_reads_the_ratings_index_alone_without_a_sort(game_factory, black, white):
    """Both queries (the count, the window) are index-only scans of the history index, which
    holds the values drawn; the window reads it in its own order, so nothing is sorted (the
    graph of 10,000 games read 8,000 rows of the table and sorted them twice)."""
    _history(game_factory, black, white, 3)
    with CaptureQueriesContext(connection) as captured:
        rating_points(user=black, family="square", most=2)
    assert len(captured.captured_queries) == 2
    with connection.cursor() as cursor:
        cursor.execute("SET enable_seqscan = off")
        cursor.execute("SET enable_bitmapscan = off")
        for query in captured.captured_queries:
            cursor.execute(f"EXPLAIN {query['sql']}")
            plan = "\n".join(row[0] for row in cursor.fetchall())
            assert "games_game" not in plan, plan
            assert "Index Only Scan" in plan and "rating_change_history" in plan, plan
            assert "Sort" not in plan, plan
        cursor.execute("RESET enable_seqscan")
        cursor.execute("RESET enable_bitmapscan")
