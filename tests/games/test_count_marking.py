"""When the count is unsure, the game goes to a marking phase by itself: both players are told
which groups to check and by when, a bot accepts whatever marking the player makes, and the
deadline sweep lets the automatic count stand. The result records whether the marking was
agreed. (The corner fight of tests/games/test_uncertain_count.py is the unsure count.)"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

from games.models import DisputeStatus, ResultCorrection, ScoreDispute
from games.pages.sgf import game_sgf
from games.services import disputes
from games.svg.words import caption_words
from games.tasks.disputes import sweep_disputes
from tests.games.conftest import NOW
from tests.games.helpers import FIGHT, corner_fight_moves
from tests.games.positions import SQUARE_AUTO, counted_hex, counted_square, play_out

FAKE_GTP = str(Path(__file__).parent / "bots" / "fake_gtp.py")


def _names(game, sgf_points) -> set[str]:
    return {game.topology.name(game.topology.from_sgf(p)) for p in sgf_points}


def _fight(black, white):
    return play_out(black=black, white=white, now=NOW, moves=corner_fight_moves())


def test_an_unsure_count_opens_the_marking_phase_and_tells_both_players(
    black, white, settings, django_capture_on_commit_callbacks, mailoutbox
):
    settings.GAMES_DISPUTE_WINDOW_DAYS = 3
    with django_capture_on_commit_callbacks(execute=True):
        game = _fight(black, white)
    dispute = game.score_dispute
    assert dispute.opened_by is None
    assert dispute.status == DisputeStatus.MARKING
    assert dispute.deadline == NOW + dt.timedelta(days=3)
    assert _names(game, dispute.unsure) == FIGHT
    assert dispute.dead == game.score["dead"]
    assert (dispute.black_accepted, dispute.white_accepted) == (False, False)
    checks = [m for m in mailoutbox if "check the count" in m.subject]
    assert sorted(m.to[0] for m in checks) == sorted([black.email, white.email])
    # NOW + 3 days is a Wednesday; the groups are named by their lowest, leftmost stone.
    body = checks[0].body
    assert "is not sure about the groups at" in body
    assert "by Wednesday" in body
    assert "C7" in body and "A7" in body


def test_a_sure_count_opens_nothing(black, white):
    game = counted_square(black=black, white=white, now=NOW)
    assert game.score["uncertain"] == []
    assert not ScoreDispute.objects.filter(game=game).exists()
    assert game.score["agreed"] is False


def test_both_accepting_the_same_marking_makes_it_agreed(black, white):
    game = _fight(black, white)
    dispute = game.score_dispute
    toggled = disputes.dispute_toggle(
        game_id=game.pk,
        user=white,
        point=game.topology.parse("B9"),
        expected_version=dispute.version,
        now=NOW,
    )
    for player in (black, white):
        toggled = disputes.dispute_accept(
            game_id=game.pk, user=player, expected_version=toggled.version, now=NOW
        )
    game.refresh_from_db()
    assert toggled.status == DisputeStatus.AGREED
    assert game.score["agreed"] is True
    assert _names(game, game.score["dead"]) == {"B9", "C9", "C8", "C7"}
    assert ResultCorrection.objects.filter(game=game).count() == 1
    # The record and the scored picture say the marking was agreed.
    record = game_sgf(game=game)
    assert "The dead stones were agreed by both players." in record
    assert "dead stones agreed by both players" in caption_words(agreed=True).area_scoring


def test_an_automatic_count_says_so_in_its_record(black, white):
    game = counted_square(black=black, white=white, now=NOW)
    assert "The dead stones are the automatic count's estimate." in game_sgf(game=game)
    assert "estimated by the count" in caption_words(agreed=False).area_scoring
    assert caption_words().area_scoring == "area scoring"


def test_at_the_deadline_the_automatic_marking_stands_unagreed(
    black, white, settings, django_capture_on_commit_callbacks, mailoutbox
):
    settings.GAMES_DISPUTE_WINDOW_DAYS = 3
    game = _fight(black, white)
    before = (game.result, game.score)
    disputes.dispute_accept(game_id=game.pk, user=black, expected_version=0, now=NOW)
    deadline = game.score_dispute.deadline
    assert disputes.disputes_expire(now=deadline - dt.timedelta(seconds=1)) == 0
    with django_capture_on_commit_callbacks(execute=True):
        assert disputes.disputes_expire(now=deadline) == 1
    assert disputes.disputes_expire(now=deadline) == 0  # twice: nothing more
    game.refresh_from_db()
    assert game.score_dispute.status == DisputeStatus.EXPIRED
    assert (game.result, game.score) == before
    assert game.score["agreed"] is False
    assert sum("the marking phase ended" in m.subject for m in mailoutbox) == 2


def test_the_beat_task_sweeps_overdue_phases(black, white, settings):
    settings.GAMES_DISPUTE_WINDOW_DAYS = 0  # overdue at once
    game = _fight(black, white)
    assert sweep_disputes() == 1
    game.score_dispute.refresh_from_db()
    assert game.score_dispute.status == DisputeStatus.EXPIRED


def test_a_bot_proposes_its_marking_and_accepts_the_players_change(
    black, user_factory, django_capture_on_commit_callbacks, mailoutbox
):
    bot = user_factory(username="robo", is_bot=True)
    with django_capture_on_commit_callbacks(execute=True):
        game = _fight(black, bot)
    dispute = game.score_dispute
    assert (dispute.black_accepted, dispute.white_accepted) == (False, True)
    # Only the player hears of it; the bot reads no notices.
    assert [m.to for m in mailoutbox if "check the count" in m.subject] == [[black.email]]
    changed = disputes.dispute_toggle(
        game_id=game.pk,
        user=black,
        point=game.topology.parse("A8"),
        expected_version=dispute.version,
        now=NOW,
    )
    assert changed.white_accepted  # the bot never insists on its own marking
    agreed = disputes.dispute_accept(
        game_id=game.pk, user=black, expected_version=changed.version, now=NOW
    )
    game.refresh_from_db()
    assert agreed.status == DisputeStatus.AGREED
    assert _names(game, game.score["dead"]) == {"A8", "A7", "B7"}
    assert game.score["agreed"] is True


def test_accepting_the_automatic_marking_records_the_agreement_without_an_audit_row(black, white):
    game = counted_square(black=black, white=white, now=NOW)
    dispute = disputes.dispute_open(game_id=game.pk, user=black, now=NOW)
    for player in (white, black):
        disputes.dispute_accept(
            game_id=game.pk, user=player, expected_version=dispute.version, now=NOW
        )
    game.refresh_from_db()
    assert (game.result, game.score["agreed"]) == (SQUARE_AUTO, True)
    assert not ResultCorrection.objects.filter(game=game).exists()


def test_a_judge_that_sees_a_chain_otherwise_opens_the_marking_phase(
    black, white, settings, django_capture_on_commit_callbacks
):
    """The fake engine ("judge" mode) calls the first stone it was told of dead: D1's wall."""
    settings.GAMES_COUNT_JUDGE = [sys.executable, FAKE_GTP, "judge"]
    with django_capture_on_commit_callbacks(execute=True):
        game = counted_square(black=black, white=white, now=NOW)
    game.refresh_from_db()
    dispute = game.score_dispute
    assert dispute.opened_by is None
    assert {f"D{i}" for i in range(1, 10)} <= _names(game, dispute.unsure)
    assert _names(game, game.score["uncertain"]) == _names(game, dispute.unsure)
    assert disputes.count_judge_check(game_id=game.pk, now=NOW) is None  # twice: once


def test_a_judge_that_agrees_changes_nothing(black, white, settings):
    settings.GAMES_COUNT_JUDGE = [sys.executable, FAKE_GTP, "judge-agrees"]
    game = counted_square(black=black, white=white, now=NOW)
    assert disputes.count_judge_check(game_id=game.pk, now=NOW) is None
    game.refresh_from_db()
    assert game.score["uncertain"] == []
    assert not ScoreDispute.objects.filter(game=game).exists()


def test_no_judge_is_asked_on_a_hexagon(black, white, settings):
    settings.GAMES_COUNT_JUDGE = [sys.executable, FAKE_GTP, "judge"]
    game = counted_hex(black=black, white=white, now=NOW)
    assert disputes.count_judge_check(game_id=game.pk, now=NOW) is None
