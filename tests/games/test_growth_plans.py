"""The reads that grow with the site use their indexes (bench/pages_at_scale.py found each
reading a million games without one): the plan is asked with sequential scans priced out, so
a query that cannot use its index still shows a scan of the whole table. PostgreSQL only."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import sql
from games.models import GameStatus
from games.selectors.play import notices_missing, notices_missing_since
from games.selectors.status import games_finished_public_page
from games.watching.selectors import follow_feed
from games.watching.services import follow_start

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


@pytest.fixture
def plans():
    """EXPLAIN of a statement (with its parameters), sequential scans priced out."""
    with connection.cursor() as cursor:
        cursor.execute("SET enable_seqscan = off")

    def explain(statement: str, params=()) -> str:
        with connection.cursor() as cursor:
            cursor.execute(f"EXPLAIN {statement}", params)
            return "\n".join(row[0] for row in cursor.fetchall())

    yield explain
    with connection.cursor() as cursor:
        cursor.execute("RESET enable_seqscan")


def _statements(call) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        call()
    return [query["sql"] for query in captured.captured_queries]


def test_a_players_finished_games_are_read_by_their_colour_indexes(plans, black):
    params = sql.FINISHED.params(
        value=black.pk, params=[GameStatus.FINISHED.value], size=20, start=0
    )
    plan = plans(sql.FINISHED.sql(), params)
    assert "game_black_finished" in plan and "game_white_finished" in plan
    assert "Seq Scan on games_game" not in plan


@pytest.mark.parametrize("player", [False, True])
def test_a_history_page_is_read_by_an_index_in_its_order(plans, black, player):
    statements = _statements(
        lambda: games_finished_public_page(
            user=black if player else None,
            after=f"1.{timezone.now().isoformat()}",
            before=None,
            size=20,
        )
    )
    assert statements
    for statement in statements:
        plan = plans(statement)
        assert "Seq Scan on games_game" not in plan
        expected = ("game_black_finished", "game_white_finished", "game_finished_at")
        assert any(name in plan for name in expected), plan


def test_the_notices_sweep_finds_recent_turns_by_the_last_move_index(plans):
    statements = _statements(lambda: notices_missing(now=timezone.now()))
    turns = plans(statements[0])
    # (On a big table the plan ORs it with game_running_unmoved: bench/pages_at_scale.py.)
    assert "game_running_last_move" in turns, turns
    assert "Seq Scan on games_game" not in turns


def test_the_notices_sweep_reads_its_minutes_by_the_last_move_and_finished_indexes(plans):
    # The beat's sweep after another (services.notices): the window since the last one, by the
    # same indexes, so that it reads the minutes' games and not the day's.
    now = timezone.now()
    statements = _statements(
        lambda: notices_missing_since(now=now, checked=now - dt.timedelta(minutes=2))
    )
    turns, overs = plans(statements[0]), plans(statements[1])
    assert "game_running_last_move" in turns, turns
    # (On the big database by game_finished_at; an empty table may pick another index that
    # holds `finished`.)
    assert "Index Cond: ((finished >=" in overs, overs
    assert "Seq Scan on games_game" not in turns + overs


def test_the_follow_feed_reads_the_followed_players_games_by_their_indexes(
    plans, game_factory, black, white, user_factory
):
    reader = user_factory(username="reader")
    follow_start(follower=reader, followed=black, now=timezone.now())
    game_factory()
    statements = _statements(lambda: follow_feed(user=reader))
    games = [statement for statement in statements if '"games_game"' in statement]
    assert len(games) == 2  # started, finished
    for statement in games:
        plan = plans(statement)
        # (With a subquery of the follows, a hashed subplan filtered every game of the site.)
        assert "Seq Scan on games_game" not in plan and "SubPlan" not in plan, plan


def test_the_follow_feed_of_a_player_who_follows_nobody_reads_no_game(user_factory):
    loner = user_factory(username="loner")
    statements = _statements(lambda: follow_feed(user=loner))
    assert len(statements) == 1
    assert '"games_game"' not in statements[0]


def test_the_home_page_counts_a_player_s_games_by_the_player_indexes(plans, black):
    running, finished = GameStatus.PLAYING.value, GameStatus.FINISHED.value
    params = [black.pk, running] * 4 + [black.pk, finished] * 2
    plan = plans(sql.PLAYER_GAME_COUNTS.sql(), params)
    assert "Seq Scan on games_game" not in plan, plan
    # Six counts, each its own index read (on the big database, index-only scans of the
    # (player, status) indexes): no OR of the colours, which PostgreSQL answered by a BitmapOr
    # and read every game of the player from the table.
    assert plan.count("InitPlan") == 6 and "BitmapOr" not in plan, plan


def test_a_players_record_is_counted_from_the_colour_indexes_alone(
    game_factory, black, white, user_factory
):
    """The record on a profile counts every finished game of the player (10,000 for some):
    each colour's part must be an index-only scan (board kind and result included in the
    index). Bitmap scans, which read the game rows, are priced out too; of the index scans the
    planner picks an index-only one only where the index covers the query."""
    import copy

    from games.models import Game
    from games.selectors.records import player_record
    from tests.plans import plan_without_seqscan

    # A site of finished games among many players, and statistics that know it.
    model = game_factory()
    others = [user_factory(username=f"p{n}") for n in range(20)]
    games = []
    for n in range(2000):
        game = copy.copy(model)
        game.pk, game.status, game.result = None, GameStatus.FINISHED, "B+R"
        game.black, game.white = others[n % 20], others[(n + 1) % 20]
        game.finished = timezone.now()
        games.append(game)
    Game.objects.bulk_create(games)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE games_game")

    [statement] = _statements(lambda: player_record(user=black))
    with connection.cursor() as cursor:
        cursor.execute("SET enable_bitmapscan = off")
    try:
        plan = plan_without_seqscan(statement)
    finally:
        with connection.cursor() as cursor:
            cursor.execute("RESET enable_bitmapscan")
    assert "Index Only Scan using game_black_finished" in plan, plan
    assert "Index Only Scan using game_white_finished" in plan, plan
    assert "Seq Scan on games_game" not in plan, plan
