"""A player's dispute and the judge engine's verdict on a count waiting for it, in either
order: a player who disputes opens the marking phase at once and ends the wait ("skipped");
the verdict arriving later changes nothing (no second phase, no verdict written over the
phase, no second notice); a verdict first leaves the player the dispute the rules allow.
The position is tests/games/positions.py's CLOSE_CALLS (drawn in test_count_judge.py)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import ScoreDispute
from games.selectors.play import notices_missing
from games.services import corrections, disputes
from games.tasks.disputes import check_count, sweep_disputes
from tests.games.conftest import NOW
from tests.games.positions import CLOSE_CLEARED, close_call_moves, judge_fake, play_out

LATER = NOW + dt.timedelta(minutes=5)


def _names(game, sgf_points) -> set[str]:
    return {game.topology.name(game.topology.from_sgf(p)) for p in sgf_points}


def _subjects(mailoutbox, word: str) -> list:
    return [m for m in mailoutbox if word in m.subject]


def _waiting(black, white, settings, mode: str = "judge", now: dt.datetime = NOW):
    """CLOSE_CALLS counted with a judge in `mode` at `now`, its check not run yet: the count
    waits."""
    judge_fake(settings, mode)
    game = play_out(black=black, white=white, now=now, moves=close_call_moves())
    assert game.score["judge"] == "pending"
    return game


def _result_section(client, game) -> str:
    page = client.get(reverse("games:board", args=[game.pk])).content.decode()
    return page.split('class="card game-result"')[1].split("</section>")[0]


def _frozen(game) -> tuple:
    """What a later verdict must leave as it is: the count and the marking phase."""
    game.refresh_from_db()
    dispute = ScoreDispute.objects.get(game=game)
    fields = ("status", "version", "dead", "unsure", "deadline", "opened_by_id")
    return game.result, game.score, tuple(getattr(dispute, f) for f in fields)


@pytest.mark.parametrize("mode", ["judge", "judge-white", "judge-fails"])
def test_a_dispute_while_the_judge_is_asked_opens_the_phase_and_the_verdict_changes_nothing(
    black, white, settings, django_capture_on_commit_callbacks, mailoutbox, client, mode
):
    """Whatever the judge would say (disagree, agree, fail), the player's phase stands. (At
    the real time: the page reads the clock.)"""
    ended = timezone.now()
    later = ended + dt.timedelta(seconds=1)
    game = _waiting(black, white, settings, mode, now=ended)
    with django_capture_on_commit_callbacks(execute=True):
        dispute = disputes.dispute_open(game_id=game.pk, user=white, now=later)
    game.refresh_from_db()
    assert game.score["judge"] == "skipped"
    assert dispute.opened_by == white and dispute.is_open(later)
    assert _names(game, dispute.unsure) == CLOSE_CLEARED  # the count's doubts, ringed
    # The wait is over: both players hear the result so far, Black of the dispute too.
    assert sorted(m.to[0] for m in _subjects(mailoutbox, "is over")) == sorted(
        [black.email, white.email]
    )
    assert [m.to[0] for m in _subjects(mailoutbox, "disputes the count")] == [black.email]
    client.force_login(black)
    section = _result_section(client, game)
    assert "The count is disputed." in section and "Mark the dead stones" in section
    before, mails = _frozen(game), len(mailoutbox)

    with django_capture_on_commit_callbacks(execute=True):
        assert disputes.count_judge_check(game_id=game.pk, now=later) is None
        assert check_count(game.pk) is False  # the task, as the queue runs it
        sweep_disputes()
        assert disputes.counts_unjudged_open(now=ended + disputes.JUDGE_GRACE) == 0
    assert _frozen(game) == before
    assert len(mailoutbox) == mails and _subjects(mailoutbox, "check the count") == []
    assert notices_missing(now=ended + dt.timedelta(hours=2)) == ([], [])
    assert _result_section(client, game) == section


def test_a_judge_whose_engine_runs_while_a_player_disputes_changes_nothing(
    black, white, settings, django_capture_on_commit_callbacks, mailoutbox, monkeypatch
):
    """The engine runs before the check takes the lock: the player's dispute may come in
    between. The check sees the count changed and leaves it, its notice told once."""
    game = _waiting(black, white, settings)

    def judged_while_disputed(*, position):
        disputes.dispute_open(game_id=game.pk, user=black, now=LATER)
        return frozenset()  # nothing dead: it disagrees with every White chain

    monkeypatch.setattr(disputes, "judge_dead", judged_while_disputed)
    with django_capture_on_commit_callbacks(execute=True):
        assert disputes.count_judge_check(game_id=game.pk, now=LATER) is None
    game.refresh_from_db()
    assert game.score["judge"] == "skipped"
    dispute = ScoreDispute.objects.get(game=game)
    assert dispute.opened_by == black and _names(game, dispute.unsure) == CLOSE_CLEARED
    assert len(_subjects(mailoutbox, "is over")) == 2
    assert [m.to[0] for m in _subjects(mailoutbox, "disputes the count")] == [white.email]
    assert _subjects(mailoutbox, "check the count") == []


def test_after_an_agreeing_verdict_a_player_may_still_dispute_and_the_verdict_stays(
    black, white, settings, django_capture_on_commit_callbacks, mailoutbox
):
    game = _waiting(black, white, settings, "judge-white")
    with django_capture_on_commit_callbacks(execute=True):
        assert disputes.count_judge_check(game_id=game.pk, now=LATER) is None
    game.refresh_from_db()
    assert game.score["judge"] == "agrees" and game.score["uncertain"] == []
    assert len(_subjects(mailoutbox, "is over")) == 2

    with django_capture_on_commit_callbacks(execute=True):
        dispute = disputes.dispute_open(game_id=game.pk, user=black, now=LATER)
    game.refresh_from_db()
    assert game.score["judge"] == "agrees"
    assert dispute.unsure == []  # the judge cleared the close calls
    assert len(_subjects(mailoutbox, "is over")) == 2  # told once, with the verdict
    assert [m.to[0] for m in _subjects(mailoutbox, "disputes the count")] == [white.email]
    before = _frozen(game)
    with django_capture_on_commit_callbacks(execute=True):
        assert disputes.count_judge_check(game_id=game.pk, now=LATER) is None
        assert disputes.counts_unjudged_open(now=NOW + disputes.JUDGE_GRACE) == 0
    assert _frozen(game) == before


@pytest.mark.parametrize(("mode", "verdict"), [("judge", "disagrees"), ("judge-fails", "failed")])
def test_after_a_verdict_that_opened_the_phase_no_player_opens_another(
    black, white, settings, django_capture_on_commit_callbacks, mode, verdict
):
    game = _waiting(black, white, settings, mode)
    with django_capture_on_commit_callbacks(execute=True):
        opened = disputes.count_judge_check(game_id=game.pk, now=LATER)
    assert opened is not None and opened.opened_by is None
    with pytest.raises(disputes.GameActionError) as refused:
        disputes.dispute_open(game_id=game.pk, user=white, now=LATER)
    assert refused.value.code == "already_disputed"
    game.refresh_from_db()
    assert game.score["judge"] == verdict
    assert ScoreDispute.objects.filter(game=game).count() == 1


def test_a_count_left_waiting_beside_a_phase_stops_waiting_at_its_check_or_the_sweep(
    black, white, settings, django_capture_on_commit_callbacks, mailoutbox
):
    """A phase opened before the wait could end (as before "skipped" was stored): the check
    or the sweep ends the wait without a second phase, and the result is told once."""
    first = _waiting(black, white, settings)
    second = play_out(black=black, white=white, now=NOW, moves=close_call_moves())
    for game in (first, second):
        ScoreDispute.objects.create(
            game=game, opened_by=white, opened=LATER, deadline=LATER + dt.timedelta(days=3)
        )
    with django_capture_on_commit_callbacks(execute=True):
        assert disputes.count_judge_check(game_id=first.pk, now=LATER) is None
        assert disputes.counts_unjudged_open(now=NOW + disputes.JUDGE_GRACE) == 0
        assert disputes.count_judge_check(game_id=second.pk, now=LATER) is None
    for game in (first, second):
        game.refresh_from_db()
        assert game.score["judge"] == "skipped"
        assert ScoreDispute.objects.filter(game=game).count() == 1
    for game in (first, second):
        assert len(_subjects(mailoutbox, f"Game {game.pk} is over")) == 2


def test_a_staff_correction_ends_the_wait_and_tells_the_result(
    black, white, user_factory, settings, django_capture_on_commit_callbacks, mailoutbox
):
    staff = user_factory(username="referee", is_staff=True)
    game = _waiting(black, white, settings)
    with django_capture_on_commit_callbacks(execute=True):
        corrections.result_correct(
            game_id=game.pk, staff=staff, now=LATER, note="Black resigned by mail.", result="B+R"
        )
    assert len(_subjects(mailoutbox, "is over")) == 2
    with django_capture_on_commit_callbacks(execute=True):
        assert disputes.count_judge_check(game_id=game.pk, now=LATER) is None
        assert disputes.counts_unjudged_open(now=NOW + disputes.JUDGE_GRACE) == 0
    assert len(_subjects(mailoutbox, "is over")) == 2
    assert not ScoreDispute.objects.filter(game=game).exists()


def test_the_catch_up_sweep_of_lost_notices_leaves_a_waiting_count_to_its_judge(
    black, white, settings
):
    game = _waiting(black, white, settings, "judge-white")
    assert notices_missing(now=LATER) == ([], [])  # its notice waits for the verdict
    disputes.count_judge_check(game_id=game.pk, now=LATER)  # its notice task lost
    assert notices_missing(now=LATER) == ([], [game.pk])
