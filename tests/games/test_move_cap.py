"""The move-cap house rule: the move that reaches the cap ends the game, and the
`count_at_move_cap` task counts it as it stands (dead stones estimated). Twice = once."""

from __future__ import annotations

import datetime as dt

from django.urls import reverse

import rules
from games.models import EndReason, Game, GameStatus
from games.pages.result import result_context
from games.pages.sgf import game_sgf
from games.services import play, sweeps
from games.tasks import play as tasks
from tests.games.conftest import NOW


def _one_move_before_the_cap(game: Game) -> Game:
    """Write a legal record up to one pass before the cap: Black fills the board from the
    first legal point, White passes (never two passes in a row, so only the cap ends it)."""
    state = rules.Game.new(game.topology, game.rule_set)
    cap = game.rule_set.move_cap
    codes = []
    while len(codes) < 2 * cap - 1:
        if state.to_move == rules.BLACK:
            point = state.legal_points()[0]
            state.play(point, rules.BLACK)
            codes.append(game.topology.sgf(point))
        else:
            state.pass_turn(rules.WHITE)
            codes.append("..")
    game.moves = "".join(codes)
    game.move_number = state.move_number
    game.to_move = state.to_move
    game.save()
    return game


def test_the_move_reaching_the_cap_ends_the_game_and_the_task_counts_it(
    game_factory, white, django_capture_on_commit_callbacks, mailoutbox
):
    game = _one_move_before_the_cap(game_factory())
    assert game.rule_set.move_cap == 75  # 9×9
    later = NOW + dt.timedelta(hours=1)

    with django_capture_on_commit_callbacks() as callbacks:
        ended = play.game_pass(game_id=game.pk, user=white, expected_move_number=149, now=later)
    # Ended at once, counted after the commit.
    assert (ended.status, ended.end_reason, ended.result) == (
        GameStatus.FINISHED,
        EndReason.MOVE_CAP,
        "",
    )
    assert ended.awaiting_count and ended.deadline is None and ended.finished == later
    # One task queued through the outbox (the other commit hook renews the status stamps).
    queued = [cb.keywords["row"].task for cb in callbacks if "row" in getattr(cb, "keywords", {})]
    assert queued == ["games.count_at_move_cap"]

    with django_capture_on_commit_callbacks(execute=True):
        result = tasks.count_at_move_cap.delay(game.pk).get()
    game.refresh_from_db()
    assert result == game.result
    assert game.result.startswith("B+")  # Black owns the board
    assert game.score["method"] == "area"
    assert game.end_reason == EndReason.MOVE_CAP and not game.awaiting_count
    assert f"RE[{game.result}]" in game_sgf(game=game)
    assert result_context(game=game)["reason"] == "Move limit reached"
    assert len(mailoutbox) == 2  # both players hear the result once it is known

    # The task again: nothing changes, no second mail.
    before = (game.result, game.score, game.finished)
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.count_at_move_cap.delay(game.pk).get() is None
    game.refresh_from_db()
    assert (game.result, game.score, game.finished) == before
    assert len(mailoutbox) == 2


def test_the_count_task_ignores_games_that_do_not_wait_for_it(game_factory):
    running = game_factory()
    assert play.game_count_at_move_cap(game_id=running.pk, now=NOW) is None
    resigned = game_factory()
    play.game_resign(game_id=resigned.pk, user=resigned.black, expected_move_number=0, now=NOW)
    assert play.game_count_at_move_cap(game_id=resigned.pk, now=NOW) is None
    assert play.game_count_at_move_cap(game_id=999_999, now=NOW) is None


def test_the_sweep_queues_a_count_that_was_lost(
    game_factory, white, django_capture_on_commit_callbacks
):
    game = _one_move_before_the_cap(game_factory())
    # The commit happened but the task never ran (no on-commit callbacks in this test).
    play.game_pass(game_id=game.pk, user=white, expected_move_number=149, now=NOW)
    assert Game.objects.get(pk=game.pk).awaiting_count
    # Eager Celery in tests: queuing runs the count once the sweep's own work commits.
    with django_capture_on_commit_callbacks(execute=True):
        assert sweeps.games_count_pending(now=NOW + dt.timedelta(minutes=5)) == 1
    game.refresh_from_db()
    assert game.result.startswith("B+")
    assert sweeps.games_count_pending(now=NOW + dt.timedelta(minutes=6)) == 0


def test_the_board_says_the_game_is_being_counted_until_the_task_ran(client, game_factory, white):
    game = _one_move_before_the_cap(game_factory())
    play.game_pass(game_id=game.pk, user=white, expected_move_number=149, now=NOW)
    page = client.get(reverse("games:board", args=[game.pk]))
    assert b"Result: being counted" in page.content
    assert b"The move limit was reached" in page.content
    play.game_count_at_move_cap(game_id=game.pk, now=NOW)
    page = client.get(reverse("games:board", args=[game.pk]))
    assert b"Result: B+" in page.content
    assert b"Move limit reached." in page.content
