"""Where a judge engine is configured for the board, a count whose only doubts are close calls
waits for it instead of opening the marking phase at once: the judge clears the close calls
it agrees with, or its disagreement (or its failure) opens the phase.

CLOSE_CALLS (9×9, area scoring): a game a newcomer stopped early (tests/rules/
test_ownership.py's OPEN_AT_THE_TOP without H9). Every White stone is dead; E9, C8-D8, G7,
J6, E5 and G4 are close calls that most of the playouts (at least `MODERATE`) agree with::

      A B C D E F G H J
    9 . . . . o . . . .
    8 . . o o X . . . .
    7 . X . . . . o . .
    6 . . X X X X X X o
    5 X . X . o . . . .
    4 . o X . . . o X .
    3 o . . . X . . . .
    2 . . X . X . . . .
    1 . . . . . . . . .

The fake engine (tests/games/bots/fake_gtp.py) judges: "judge-white" every White stone dead
(it agrees), "judge" only the first stone it was told of dead (Black's E8: it disagrees
about E8 and every White chain),
"judge-fails" exits without an answer.
"""

from __future__ import annotations

import datetime as dt
import shutil

import pytest
from django.urls import reverse

from games.counting import judge_can_clear
from games.models import ScoreDispute
from games.services import disputes
from rules.ownership import MODERATE
from tests.games.conftest import NOW
from tests.games.helpers import FIGHT, corner_fight_moves
from tests.games.positions import (
    CLOSE_CLEARED,
    CLOSE_WHITE,
    close_call_moves,
    counted_hex,
    judge_fake,
    play_out,
)


def _names(game, sgf_points) -> set[str]:
    return {game.topology.name(game.topology.from_sgf(p)) for p in sgf_points}


def _close_calls(black, white, capture):
    with capture(execute=True):
        game = play_out(black=black, white=white, now=NOW, moves=close_call_moves())
    game.refresh_from_db()
    return game


def _subjects(mailoutbox, word: str) -> list:
    return [m for m in mailoutbox if word in m.subject]


def test_without_a_judge_the_close_calls_open_the_phase_at_once(black, white):
    game = play_out(black=black, white=white, now=NOW, moves=close_call_moves())
    assert _names(game, game.score["dead"]) == set(CLOSE_WHITE)
    doubts = game.score["doubts"]
    assert {d["reason"] for d in doubts} == {"close"}
    assert all(d["confidence"] >= MODERATE for d in doubts)
    assert _names(game, [p for d in doubts for p in d["stones"]]) == CLOSE_CLEARED
    assert judge_can_clear(score_json=game.score)
    assert "judge" not in game.score
    assert _names(game, game.score_dispute.unsure) == CLOSE_CLEARED


def test_a_judge_that_agrees_clears_the_close_calls_and_the_result_stands(
    black, white, settings, django_capture_on_commit_callbacks, mailoutbox
):
    judge_fake(settings, "judge-white")
    game = _close_calls(black, white, django_capture_on_commit_callbacks)
    assert not ScoreDispute.objects.filter(game=game).exists()
    assert game.score["judge"] == "agrees"
    assert game.score["uncertain"] == []
    assert _names(game, game.score["dead"]) == set(CLOSE_WHITE)
    assert _names(game, [p for d in game.score["doubts"] for p in d["stones"]]) == CLOSE_CLEARED
    # The game-over mail waited for the judge: it names no stone to check; no "check" notice.
    over = _subjects(mailoutbox, "is over")
    assert sorted(m.to[0] for m in over) == sorted([black.email, white.email])
    assert not any("not sure" in m.body for m in over)
    assert _subjects(mailoutbox, "check the count") == []
    # Twice: the verdict is stored, nothing more happens (the engine is not asked again).
    judge_fake(settings, "judge")
    assert disputes.count_judge_check(game_id=game.pk, now=NOW) is None
    game.refresh_from_db()
    assert game.score["uncertain"] == [] and not ScoreDispute.objects.filter(game=game).exists()


def test_a_judge_that_disagrees_opens_the_phase_with_both_sets_of_chains(
    black, white, settings, django_capture_on_commit_callbacks, mailoutbox
):
    judge_fake(settings, "judge")
    game = _close_calls(black, white, django_capture_on_commit_callbacks)
    assert game.score["judge"] == "disagrees"
    unsure = _names(game, game.score_dispute.unsure)
    assert unsure == _names(game, game.score["uncertain"])
    # The close calls, the White stones it calls alive and Black's E8 it calls dead.
    assert unsure == CLOSE_CLEARED | {"A3", "B4", "E8"}
    assert game.score_dispute.opened_by is None
    assert len(_subjects(mailoutbox, "check the count")) == 2
    assert len(_subjects(mailoutbox, "is over")) == 2


def test_a_judge_that_fails_opens_the_phase_with_the_counts_own_doubts(
    black, white, settings, django_capture_on_commit_callbacks, mailoutbox
):
    judge_fake(settings, "judge-fails")
    game = _close_calls(black, white, django_capture_on_commit_callbacks)
    assert game.score["judge"] == "failed"
    assert _names(game, game.score_dispute.unsure) == CLOSE_CLEARED
    assert len(_subjects(mailoutbox, "check the count")) == 2
    over = _subjects(mailoutbox, "is over")
    assert len(over) == 2 and all("not sure" in m.body for m in over)
    assert disputes.count_judge_check(game_id=game.pk, now=NOW) is None  # twice: once


def test_a_judge_gone_before_the_check_opens_the_phase_with_the_counts_own_doubts(
    black, white, settings, django_capture_on_commit_callbacks
):
    judge_fake(settings, "judge-white")
    game = play_out(black=black, white=white, now=NOW, moves=close_call_moves())
    assert game.score["judge"] == "pending"
    assert not ScoreDispute.objects.filter(game=game).exists()
    settings.GAMES_COUNT_JUDGE = []
    with django_capture_on_commit_callbacks(execute=True):
        dispute = disputes.count_judge_check(game_id=game.pk, now=NOW)
    assert _names(game, dispute.unsure) == CLOSE_CLEARED


def test_a_race_opens_the_phase_at_once_even_with_a_judge_that_agrees(
    black, white, settings, django_capture_on_commit_callbacks
):
    """The corner fight is the estimate's own doubt (a race): no judge clears it."""
    judge_fake(settings, "judge-none")
    with django_capture_on_commit_callbacks(execute=True):
        game = play_out(black=black, white=white, now=NOW, moves=corner_fight_moves())
    game.refresh_from_db()
    assert "estimate" in {d["reason"] for d in game.score["doubts"]}
    assert not judge_can_clear(score_json=game.score)
    assert "judge" not in game.score
    assert _names(game, game.score_dispute.unsure) == FIGHT


def test_a_count_stored_without_its_doubts_waits_for_no_judge():
    old = {"dead": [], "uncertain": ["aa"], "agreed": False}
    assert not judge_can_clear(score_json=old)
    assert not judge_can_clear(score_json={**old, "uncertain": [], "doubts": []})


def test_a_hexagon_never_waits_for_a_judge(black, white, settings):
    judge_fake(settings, "judge-white")
    game = counted_hex(black=black, white=white, now=NOW)
    assert "judge" not in game.score
    assert game.score["doubts"] == []
    assert disputes.count_judge_check(game_id=game.pk, now=NOW) is None


@pytest.mark.skipif(not shutil.which("/usr/games/gnugo"), reason="GNU Go is not installed")
def test_gnu_go_judges_the_close_calls(black, white, settings, django_capture_on_commit_callbacks):
    """The real judge: GNU Go calls every White stone dead too, so no phase opens."""
    settings.GAMES_COUNT_JUDGE = ["/usr/games/gnugo", "--mode", "gtp", "--chinese-rules"]
    game = _close_calls(black, white, django_capture_on_commit_callbacks)
    assert game.score["judge"] == "agrees"
    assert not ScoreDispute.objects.filter(game=game).exists()


def test_a_count_whose_check_was_lost_opens_its_phase_at_the_sweep(
    black, white, settings, django_capture_on_commit_callbacks, mailoutbox
):
    judge_fake(settings, "judge-white")
    game = play_out(black=black, white=white, now=NOW, moves=close_call_moves())  # no task ran
    assert game.score["judge"] == "pending"
    assert disputes.counts_unjudged_open(now=NOW + dt.timedelta(minutes=30)) == 0
    later = NOW + disputes.JUDGE_GRACE
    with django_capture_on_commit_callbacks(execute=True):
        assert disputes.counts_unjudged_open(now=later) == 1
    assert disputes.counts_unjudged_open(now=later) == 0  # twice: once
    game.refresh_from_db()
    assert game.score["judge"] == "failed"
    assert _names(game, game.score_dispute.unsure) == CLOSE_CLEARED
    assert len(_subjects(mailoutbox, "is over")) == 2
    assert len(_subjects(mailoutbox, "check the count")) == 2


def test_while_the_judge_is_asked_the_result_is_only_so_far(client, black, white, settings):
    judge_fake(settings, "judge-white")
    game = play_out(black=black, white=white, now=NOW, moves=close_call_moves())  # no task ran
    client.force_login(black)
    page = client.get(reverse("games:board", args=[game.pk])).content.decode()
    result = page.split('class="card game-result"')[1]
    assert "Result so far:" in result and " wins" not in result.split("</p>")[0]
    disputes.count_judge_check(game_id=game.pk, now=NOW)
    page = client.get(reverse("games:board", args=[game.pk])).content.decode()
    assert "Result: " in page and "Result so far:" not in page
