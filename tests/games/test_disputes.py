"""Disputes of the automatic count: who may dispute, the window, the marking phase (toggles
reset acceptance, both accept -> recount, hard end), staff corrections and their audit rows,
the hooks and the mails."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from games import hooks
from games.errors import GameActionError, NotAPlayer, StalePage
from games.models import (
    CorrectionKind,
    DisputeStatus,
    Game,
    ReportStatus,
    ResultCorrection,
    ScoreDispute,
)
from games.services import corrections, disputes, play
from tests.games.conftest import NOW
from tests.games.positions import (
    HEX_AUTO,
    SQUARE_AUTO,
    SQUARE_H5_ALIVE,
    counted_hex,
    counted_square,
)

pytestmark = pytest.mark.django_db

WINDOW = dt.timedelta(days=3)
LATER = NOW + dt.timedelta(hours=1)


@pytest.fixture
def game(black, white) -> Game:
    return counted_square(black=black, white=white, now=NOW)


def pt(game: Game, name: str) -> int:
    return game.topology.parse(name)


def toggle(game: Game, user, name: str, *, version: int | None = None, now=LATER):
    dispute = ScoreDispute.objects.get(game=game)
    return disputes.dispute_toggle(
        game_id=game.pk,
        user=user,
        point=pt(game, name),
        expected_version=dispute.version if version is None else version,
        now=now,
    )


def accept(game: Game, user, *, version: int | None = None, now=LATER) -> ScoreDispute:
    dispute = ScoreDispute.objects.get(game=game)
    return disputes.dispute_accept(
        game_id=game.pk,
        user=user,
        expected_version=dispute.version if version is None else version,
        now=now,
    )


def state(game: Game) -> tuple:
    game.refresh_from_db()
    dispute = ScoreDispute.objects.filter(game=game).first()
    row = None
    if dispute is not None:
        row = (
            dispute.status,
            dispute.version,
            tuple(dispute.dead),
            dispute.black_accepted,
            dispute.white_accepted,
            dispute.deadline,
        )
    return (game.result, game.score, row, ResultCorrection.objects.count())


def test_the_automatic_count_marks_the_lone_stones_dead(game):
    assert game.result == SQUARE_AUTO
    assert game.score["dead"] == ["be", "he"]  # B5 and H5
    black, white = game.score["black"], game.score["white"]
    assert (black["territory"], black["stones"], black["dead"]) == (27, 9, 1)  # A-C, D
    assert (white["territory"], white["stones"], white["dead"]) == (27, 9, 1)
    assert (black["total"], white["total"]) == (36, 43.5)


def test_only_players_may_dispute_and_only_within_the_window(
    game, black, white, user_factory, game_factory
):
    with pytest.raises(NotAPlayer):
        disputes.dispute_open(game_id=game.pk, user=user_factory(username="nosy"), now=LATER)
    running = game_factory(moves=("E5",))
    with pytest.raises(GameActionError, match="still running"):
        disputes.dispute_open(game_id=running.pk, user=black, now=LATER)
    play.game_resign(game_id=running.pk, user=white, expected_move_number=1, now=NOW)
    with pytest.raises(GameActionError, match="not counted") as info:
        disputes.dispute_open(game_id=running.pk, user=black, now=LATER)
    assert info.value.code == "not_counted"
    with pytest.raises(GameActionError, match="could be disputed until") as info:
        disputes.dispute_open(game_id=game.pk, user=black, now=NOW + WINDOW)
    assert info.value.code == "window_over"
    assert not ScoreDispute.objects.exists()

    last_second = NOW + WINDOW - dt.timedelta(seconds=1)
    dispute = disputes.dispute_open(game_id=game.pk, user=black, now=last_second)
    assert (dispute.status, dispute.deadline, dispute.dead) == (
        DisputeStatus.MARKING,
        last_second + WINDOW,
        ["be", "he"],
    )
    for user in (black, white):  # once per game, whoever asks
        with pytest.raises(GameActionError, match="already disputed once"):
            disputes.dispute_open(game_id=game.pk, user=user, now=last_second)
    assert ScoreDispute.objects.count() == 1


def test_the_window_follows_the_setting(game, black, settings):
    settings.GAMES_DISPUTE_WINDOW_DAYS = 1
    with pytest.raises(GameActionError, match="could be disputed until"):
        disputes.dispute_open(game_id=game.pk, user=black, now=NOW + dt.timedelta(days=1))
    settings.GAMES_DISPUTE_WINDOW_DAYS = 7
    dispute = disputes.dispute_open(game_id=game.pk, user=black, now=NOW + dt.timedelta(days=6))
    assert dispute.deadline == NOW + dt.timedelta(days=13)


def test_a_toggle_marks_the_whole_chain_and_clears_both_acceptances(game, black, white):
    disputes.dispute_open(game_id=game.pk, user=white, now=LATER)
    accept(game, black)
    dispute = toggle(game, white, "D5")  # the black wall, one chain of nine stones
    wall = sorted(game.topology.sgf(pt(game, f"D{i}")) for i in range(1, 10))
    assert dispute.dead == sorted(["be", "he", *wall])
    assert (dispute.version, dispute.black_accepted, dispute.white_accepted) == (1, False, False)
    assert disputes.dispute_count(game=game, dispute=dispute).result.startswith("W+")

    accept(game, white)
    dispute = toggle(game, black, "D9")  # any stone of the chain brings it back
    assert dispute.dead == ["be", "he"]
    assert (dispute.version, dispute.black_accepted, dispute.white_accepted) == (2, False, False)
    game.refresh_from_db()
    assert game.result == SQUARE_AUTO  # nothing is final before both accept


def test_refused_toggles_and_accepts_change_nothing(game, black, white, user_factory):
    disputes.dispute_open(game_id=game.pk, user=black, now=LATER)
    toggle(game, black, "H5")
    before = state(game)
    with pytest.raises(StalePage, match="marking has changed"):
        toggle(game, white, "B5", version=0)
    with pytest.raises(StalePage):
        accept(game, white, version=0)
    with pytest.raises(GameActionError, match="no stone at E5") as info:
        toggle(game, white, "E5")
    assert info.value.code == "no_stone"
    with pytest.raises(ValidationError):
        disputes.dispute_toggle(
            game_id=game.pk, user=white, point=81, expected_version=1, now=LATER
        )
    stranger = user_factory(username="nosy")
    with pytest.raises(NotAPlayer):
        toggle(game, stranger, "B5")
    with pytest.raises(NotAPlayer):
        accept(game, stranger)
    assert state(game) == before


def test_both_accepting_recounts_the_real_position_once_and_tells_the_hooks(
    game, black, white, django_capture_on_commit_callbacks, mailoutbox
):
    finished, corrected = [], []

    def on_finished(*, game, now):
        finished.append(game.pk)

    def on_corrected(*, game, correction, now):
        corrected.append((game.result, correction.old_result, correction.new_result, now))

    hooks.game_finished_register(on_finished)
    hooks.result_corrected_register(on_corrected)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            disputes.dispute_open(game_id=game.pk, user=black, now=LATER)
        assert [m.to for m in mailoutbox] == [[white.email]]  # the opponent
        assert "disputes the count" in mailoutbox[0].subject
        toggle(game, black, "H5")  # Black says H5 lives
        with django_capture_on_commit_callbacks(execute=True):
            accept(game, black)
        assert mailoutbox[-1].to == [white.email]
        assert "accepted the marking" in mailoutbox[-1].subject
        with django_capture_on_commit_callbacks(execute=True):
            dispute = accept(game, white)
    finally:
        hooks.game_finished_unregister(on_finished)
        hooks.result_corrected_unregister(on_corrected)

    game.refresh_from_db()
    assert (dispute.status, dispute.closed) == (DisputeStatus.AGREED, LATER)
    assert game.result == SQUARE_H5_ALIVE
    assert game.score["dead"] == ["be"]
    assert game.score["black"]["total"] - game.score["white"]["total"] == 20.5
    assert finished == []  # the game-finished hook ran once, at the end of the game
    assert corrected == [(SQUARE_H5_ALIVE, SQUARE_AUTO, SQUARE_H5_ALIVE, LATER)]
    (row,) = ResultCorrection.objects.all()
    assert (row.kind, row.by, row.old_result, row.new_result) == (
        CorrectionKind.AGREED,
        None,
        SQUARE_AUTO,
        SQUARE_H5_ALIVE,
    )
    assert row.old_score["dead"] == ["be", "he"] and row.new_score == game.score
    assert sorted(m.to[0] for m in mailoutbox[-2:]) == sorted([black.email, white.email])
    assert "marking agreed" in mailoutbox[-1].subject

    with pytest.raises(GameActionError, match="already accepted") as info:
        toggle(game, white, "H5")
    assert info.value.code == "agreed"


def test_accepting_the_unchanged_marking_keeps_the_result_without_an_audit_row(game, black, white):
    disputes.dispute_open(game_id=game.pk, user=black, now=LATER)
    accept(game, white)
    accept(game, white)  # twice: no change
    dispute = accept(game, black)
    game.refresh_from_db()
    assert (dispute.status, game.result) == (DisputeStatus.AGREED, SQUARE_AUTO)
    assert not ResultCorrection.objects.exists()


def test_the_marking_phase_has_a_hard_end_and_the_automatic_result_stands(
    game, black, white, django_capture_on_commit_callbacks, mailoutbox
):
    dispute = disputes.dispute_open(game_id=game.pk, user=black, now=LATER)
    deadline = LATER + WINDOW
    assert dispute.deadline == deadline
    # Toggling right up to the end never moves the deadline.
    toggle(game, black, "H5", now=deadline - dt.timedelta(minutes=1))
    accept(game, black, now=deadline - dt.timedelta(minutes=1))
    before = state(game)
    assert before[2][5] == deadline
    with pytest.raises(GameActionError, match="marking phase ended") as info:
        accept(game, white, now=deadline)
    assert info.value.code == "marking_over"
    with pytest.raises(GameActionError, match="marking phase ended"):
        toggle(game, white, "B5", now=deadline)
    assert state(game) == before

    assert disputes.disputes_expire(now=deadline - dt.timedelta(seconds=1)) == 0
    with django_capture_on_commit_callbacks(execute=True):
        assert disputes.disputes_expire(now=deadline + dt.timedelta(minutes=5)) == 1
    assert disputes.disputes_expire(now=deadline + dt.timedelta(minutes=20)) == 0
    dispute.refresh_from_db()
    game.refresh_from_db()
    assert (dispute.status, dispute.closed, game.result) == (
        DisputeStatus.EXPIRED,
        deadline,
        SQUARE_AUTO,
    )
    assert sorted(m.to[0] for m in mailoutbox) == sorted([black.email, white.email])
    assert all(f"{SQUARE_AUTO} stands" in m.subject for m in mailoutbox)
    with pytest.raises(GameActionError, match="already disputed once"):
        disputes.dispute_open(game_id=game.pk, user=white, now=LATER + dt.timedelta(hours=1))


def test_a_hex_marking_toggles_a_hex_chain_and_recounts(black, white):
    game = counted_hex(black=black, white=white, now=NOW)
    assert game.result == HEX_AUTO
    assert sorted(game.topology.name(game.topology.from_sgf(p)) for p in game.score["dead"]) == [
        "D2",
        "H9",
    ]
    disputes.dispute_open(game_id=game.pk, user=white, now=LATER)
    dispute = toggle(game, white, "F7")  # Black's whole row-7 wall: ten stones
    assert len(dispute.dead) == 12
    accept(game, black)  # cleared by nothing: Black accepts after the toggle
    accept(game, white)
    game.refresh_from_db()
    counted = game.score
    assert counted["black"]["dead"] == 11 and counted["white"]["dead"] == 1
    assert game.result.startswith("W+")
    assert game.result != HEX_AUTO


# Staff ------------------------------------------------------------------------------------------


@pytest.fixture
def staff(user_factory):
    return user_factory(username="referee", is_staff=True)


def test_staff_corrections_are_audited_and_close_an_open_marking(
    game, black, white, staff, django_capture_on_commit_callbacks, mailoutbox
):
    report = corrections.scoring_report_file(
        game_id=game.pk, user=white, reason="H5 is alive, see the chat", now=LATER
    )
    disputes.dispute_open(game_id=game.pk, user=white, now=LATER)
    seen = []

    def on_corrected(*, game, correction, now):
        seen.append((correction.old_result, correction.new_result))

    hooks.result_corrected_register(on_corrected)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            row = corrections.result_correct(
                game_id=game.pk,
                staff=staff,
                now=LATER,
                note="Both players confirmed H5 lives in the chat.",
                dead=[pt(game, "B5")],
                report_id=report.pk,
            )
    finally:
        hooks.result_corrected_unregister(on_corrected)
    game.refresh_from_db()
    report.refresh_from_db()
    assert (row.kind, row.by, row.report, row.old_result, row.new_result) == (
        CorrectionKind.STAFF,
        staff,
        report,
        SQUARE_AUTO,
        SQUARE_H5_ALIVE,
    )
    assert game.result == SQUARE_H5_ALIVE and game.score == row.new_score
    assert (report.status, report.resolved) == (ReportStatus.RESOLVED, LATER)
    assert ScoreDispute.objects.get(game=game).status == DisputeStatus.STAFF
    assert seen == [(SQUARE_AUTO, SQUARE_H5_ALIVE)]
    assert sorted(m.to[0] for m in mailoutbox) == sorted([black.email, white.email])
    with pytest.raises(GameActionError, match="staff closed the marking phase"):
        toggle(game, white, "B5")

    # A result typed by staff that the count does not give drops the count.
    row = corrections.result_correct(
        game_id=game.pk, staff=staff, now=LATER, note="Black resigned in the chat.", result="w+r"
    )
    game.refresh_from_db()
    assert (row.old_result, row.new_result, game.result, game.score) == (
        SQUARE_H5_ALIVE,
        "W+R",
        "W+R",
        None,
    )
    assert ResultCorrection.objects.filter(game=game).count() == 2


@pytest.mark.parametrize(
    ("who", "kwargs", "error", "words"),
    [
        ("black", {"note": "x", "result": "B+R"}, PermissionDenied, "staff"),
        ("staff", {"note": " ", "result": "B+R"}, ValidationError, "note"),
        ("staff", {"note": "x"}, ValidationError, "either"),
        ("staff", {"note": "x", "result": "B+R", "dead": []}, ValidationError, "either"),
        ("staff", {"note": "x", "result": "Black wins"}, ValidationError, "not a result"),
        ("staff", {"note": "x", "result": SQUARE_AUTO}, ValidationError, "already the result"),
        ("staff", {"note": "x", "dead": [40]}, ValidationError, "no stone"),
        ("staff", {"note": "x", "dead": [-1]}, ValidationError, "not a point"),
        ("staff", {"note": "x", "dead": ["be", "he"]}, ValidationError, "already the result"),
    ],
)
def test_bad_corrections_are_refused_and_change_nothing(
    game, black, staff, who, kwargs, error, words
):
    if kwargs.get("dead") == ["be", "he"]:
        kwargs = {**kwargs, "dead": [pt(game, "B5"), pt(game, "H5")]}
    before = state(game)
    with pytest.raises(error, match=f"(?i){words}"):
        corrections.result_correct(
            game_id=game.pk, staff=black if who == "black" else staff, now=LATER, **kwargs
        )
    assert state(game) == before


def test_after_a_staff_correction_the_count_can_no_longer_be_disputed(game, black, staff):
    corrections.result_correct(game_id=game.pk, staff=staff, now=LATER, note="x", result="B+R")
    with pytest.raises(GameActionError):
        disputes.dispute_open(game_id=game.pk, user=black, now=LATER)


def test_the_beat_sweep_and_stale_mails_send_nothing_wrong(
    game, black, white, django_capture_on_commit_callbacks, mailoutbox
):
    from django.utils import timezone

    from games.tasks import disputes as disputes_tasks

    past = timezone.now() - WINDOW - dt.timedelta(days=1)
    old = counted_square(black=black, white=white, now=past)
    disputes.dispute_open(game_id=old.pk, user=black, now=past)
    dispute = disputes.dispute_open(game_id=game.pk, user=black, now=LATER)
    toggle(game, white, "H5")
    assert disputes_tasks.notify_dispute(dispute.pk, "opened", 0) == 0  # the marking moved on
    assert disputes_tasks.notify_dispute(dispute.pk, "agreed", 1) == 0  # not agreed
    assert disputes_tasks.notify_dispute(dispute.pk, "accepted", 1) == 0  # nobody accepted
    with django_capture_on_commit_callbacks(execute=True):
        assert (
            disputes_tasks.sweep_disputes() == 2
        )  # the old one, and this one (deadline LATER + 3 d)
    assert disputes_tasks.sweep_disputes() == 0
    assert set(ScoreDispute.objects.values_list("status", flat=True)) == {DisputeStatus.EXPIRED}
    assert len(mailoutbox) == 4
