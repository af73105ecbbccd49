"""Game services: who may act, what the rules refuse (the game left unchanged), clocks, the end
of the game and its automatic count."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied

from games import hooks
from games.errors import MoveRefused, NotAPlayer, StalePage
from games.models import Game, GameStatus
from games.selectors.play import game_move_list
from games.services import play as play_service
from rules import BLACK, WHITE
from tests.games.conftest import NOW
from tests.games.helpers import KO_SETUP, snapshot

pytestmark = pytest.mark.django_db


def play(game: Game, user, text: str, *, expected: int | None = None, now=NOW) -> Game:
    return play_service.game_move(
        game_id=game.pk,
        user=user,
        point=game.topology.parse(text),
        expected_move_number=game.move_number if expected is None else expected,
        now=now,
    )


def test_moves_are_stored_as_sgf_points_and_listed_with_coordinates(game_factory):
    game = game_factory(moves=("D4", "E5", "pass"))
    game.refresh_from_db()
    assert game.moves == "dfee.."
    assert game.move_number == 3
    assert game.to_move == WHITE
    labels = [(row.number, row.colour, row.label) for row in game_move_list(game=game)]
    assert labels == [(1, BLACK, "D4"), (2, WHITE, "E5"), (3, BLACK, "pass")]


@pytest.mark.parametrize(
    ("ruleset", "moves", "mover", "point", "code", "words"),
    [
        ("go-area", ("E5",), "white", "E5", "occupied", "already occupied"),
        ("go-area", ("J9", "A2", "J8", "B1"), "black", "A1", "suicide", "suicide"),
        ("go-territory", KO_SETUP, "white", "C4", "ko", "retake the ko"),
        ("go-area", KO_SETUP, "white", "C4", "superko", "repeat an earlier position"),
        ("go-area", ("E5",), "black", "D4", "not_your_turn", "not your turn"),
    ],
)
def test_every_illegal_move_is_explained_and_changes_nothing(
    game_factory, black, white, ruleset, moves, mover, point, code, words
):
    game = game_factory(ruleset=ruleset, moves=moves)
    before = snapshot(game)
    user = black if mover == "black" else white
    with pytest.raises(MoveRefused, match=words) as info:
        play(game, user, point)
    assert info.value.code == code
    assert snapshot(game) == before


def test_a_finished_game_takes_no_more_moves(game_factory, black, white):
    game = game_factory(moves=("E5",))
    play_service.game_resign(game_id=game.pk, user=white, expected_move_number=1, now=NOW)
    before = snapshot(game)
    with pytest.raises(MoveRefused, match="already over") as info:
        play(game, white, "D4", expected=1)
    assert info.value.code == "game_over"
    assert snapshot(game) == before


def test_a_stale_page_is_refused_and_changes_nothing(game_factory, black, white):
    game = game_factory(moves=("E5", "D4"))
    before = snapshot(game)
    with pytest.raises(StalePage, match="moved on"):
        play(game, black, "C3", expected=1)
    assert snapshot(game) == before


def test_strangers_cannot_move_pass_or_resign(game_factory, user_factory):
    game = game_factory()
    stranger = user_factory(username="kibitzer")
    before = snapshot(game)
    with pytest.raises(NotAPlayer):
        play(game, stranger, "E5")
    with pytest.raises(NotAPlayer):
        play_service.game_pass(game_id=game.pk, user=stranger, expected_move_number=0, now=NOW)
    with pytest.raises(PermissionDenied):
        play_service.game_resign(game_id=game.pk, user=stranger, expected_move_number=0, now=NOW)
    assert snapshot(game) == before


def test_only_the_player_to_move_may_pass(game_factory, white):
    game = game_factory()
    with pytest.raises(MoveRefused) as info:
        play_service.game_pass(game_id=game.pk, user=white, expected_move_number=0, now=NOW)
    assert info.value.code == "not_your_turn"


def test_captures_are_counted(game_factory):
    #   White A2 and B1 take the black stone on A1.
    game = game_factory(moves=("A1", "A2", "J9", "B1"))
    game.refresh_from_db()
    assert (game.black_captures, game.white_captures) == (0, 1)


def test_each_move_restarts_the_clock_of_the_next_player(game_factory, black):
    game = game_factory(clock_days=3)
    assert game.deadline == NOW + dt.timedelta(days=3)
    later = NOW + dt.timedelta(hours=30)
    game = play(game, black, "E5", now=later)
    assert game.deadline == later + dt.timedelta(days=3)
    assert game.last_move_at == later


def test_fischer_banks_time_left_plus_increment_up_to_the_cap(game_factory, black, white):
    game = game_factory(
        clock_kind="fischer", clock_days=7, clock_increment_days=2, clock_cap_days=14
    )
    assert game.deadline == NOW + dt.timedelta(days=7)
    t1 = NOW + dt.timedelta(days=1)
    game = play(game, black, "E5", now=t1)
    assert game.black_bank == dt.timedelta(days=8)  # 6 left + 2
    assert game.deadline == t1 + dt.timedelta(days=7)  # White's initial bank
    t2 = t1 + dt.timedelta(hours=1)
    game = play(game, white, "D4", now=t2)
    assert game.deadline == t2 + dt.timedelta(days=8)
    game = play(game, black, "C3", now=t2)
    assert game.black_bank == dt.timedelta(days=10)
    game = play(game, white, "F6", now=t2)
    game = play(game, black, "G7", now=t2)
    game = play(game, white, "B2", now=t2)
    game = play(game, black, "H8", now=t2)
    assert game.black_bank == dt.timedelta(days=14)  # capped


def test_handicap_puts_black_stones_down_and_white_moves_first(game_factory, white):
    game = game_factory(handicap=4)
    assert game.to_move == WHITE
    assert game.komi == Decimal("0.5")
    game = play(game, white, "E5")
    assert game.to_move == BLACK


def test_two_passes_end_the_game_and_score_it(game_factory, black, white):
    # Black walls off the left four columns; White owns the rest. Area: B 36, W 45 + 7.5.
    moves = []
    for row in range(1, 10):
        moves += [f"D{row}", f"E{row}"]
    game = game_factory(moves=(*moves, "pass", "pass"))
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.end_reason == "passes"
    assert game.deadline is None
    assert game.finished == NOW
    assert game.result == "W+16.5"
    assert game.score["black"]["total"] == 36
    assert game.score["white"]["total"] == 52.5
    assert game.score["dead"] == []


def test_resignation_gives_the_win_to_the_opponent_on_either_turn(game_factory, black):
    game = game_factory(moves=("E5",))
    game = play_service.game_resign(game_id=game.pk, user=black, expected_move_number=1, now=NOW)
    assert (game.status, game.result, game.end_reason) == ("finished", "W+R", "resign")
    assert game.score is None


def test_timeout_only_ends_an_overdue_game_and_is_safe_twice(game_factory, black):
    game = game_factory(clock_days=1)
    assert play_service.game_timeout(game_id=game.pk, now=NOW + dt.timedelta(hours=23)) is None
    late = NOW + dt.timedelta(days=1, seconds=1)
    game = play_service.game_timeout(game_id=game.pk, now=late)
    assert (game.result, game.end_reason, game.finished) == ("W+T", "timeout", late)
    assert play_service.game_timeout(game_id=game.pk, now=late) is None


def test_the_finished_hook_runs_once_and_side_effects_wait_for_commit(
    game_factory, black, white, django_capture_on_commit_callbacks
):
    seen = []

    def receiver(*, game, now):
        seen.append((game.pk, game.result, now))

    hooks.game_finished_register(receiver)
    try:
        game = game_factory(moves=("E5",))
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            play_service.game_resign(game_id=game.pk, user=white, expected_move_number=1, now=NOW)
        assert seen == [(game.pk, "B+R", NOW)]
        # The game-over mail and the review's estimate graph (games.reviews' receiver of the
        # same hook), each queued once for after the commit (another hook renews the status
        # stamps of both players).
        queued = [cb for cb in callbacks if "row" in getattr(cb, "keywords", {})]
        assert sorted(cb.keywords["row"].task for cb in queued) == [
            "games.game_estimate",
            "games.notify_game_over",
        ]
    finally:
        hooks.game_finished_unregister(receiver)


def test_a_move_mails_the_next_player_after_commit(
    game_factory, black, white, django_capture_on_commit_callbacks, mailoutbox
):
    game = game_factory()
    with django_capture_on_commit_callbacks(execute=True):
        play(game, black, "E5")
    assert [m.to for m in mailoutbox] == [[white.email]]
    assert "Your turn" in mailoutbox[0].subject
