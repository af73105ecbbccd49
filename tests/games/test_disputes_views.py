"""End-of-game pages: the result section, disputing, the marking page (plain forms without
JavaScript), reports to staff and the admin correction with its audit row."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import (
    CorrectionKind,
    DisputeStatus,
    Game,
    ReportStatus,
    ResultCorrection,
    ScoreDispute,
    ScoringReport,
)
from games.services import corrections, disputes, play
from tests.games.helpers import board_url, messages_of
from tests.games.positions import SQUARE_AUTO, SQUARE_H5_ALIVE, counted_hex, counted_square

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(black, white) -> Game:
    """Finished (and counted) just now, so its dispute window is open."""
    return counted_square(black=black, white=white, now=timezone.now())


def url(name: str, game: Game) -> str:
    return reverse(f"games:{name}", args=[game.pk])


def version(game: Game) -> int:
    return ScoreDispute.objects.get(game=game).version


def test_the_result_shows_the_whole_count_and_the_player_links(client, game, black):
    page = client.get(url("board", game)).content.decode()
    for text in ("Result: W+7.5", "Territory", "Dead stones", "Prisoners", "Komi", "Total"):
        assert text in page
    assert "Dead stones (estimated): B5, H5." in page
    assert "43.5" in page and "7.5" in page  # White's total and komi
    assert 'class="bd-t b"' in page and 'class="bd-st w dead"' in page  # drawn on the board
    assert "Dispute the count" not in page  # a spectator
    client.force_login(black)
    page = client.get(url("board", game)).content.decode()
    assert url("dispute", game) in page
    assert url("report", game) in page


@pytest.mark.parametrize(
    ("name", "method"),
    [
        ("dispute", "post"),
        ("marking_toggle", "post"),
        ("marking_accept", "post"),
        ("report", "get"),
        ("report", "post"),
    ],
)
def test_anonymous_visitors_are_sent_to_log_in_and_strangers_refused(
    client, game, black, user_factory, name, method
):
    disputes.dispute_open(game_id=game.pk, user=black, now=timezone.now())
    before = (version(game), ScoringReport.objects.count())
    data = {"point": "H5", "version": 0, "reason": "wrong"}
    response = getattr(client, method)(url(name, game), data)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(user_factory(username="nosy"))
    assert getattr(client, method)(url(name, game), data).status_code == 403
    assert (version(game), ScoringReport.objects.count()) == before


def test_spectators_see_the_marking_without_links(client, game, black):
    assert client.get(url("marking", game)).status_code == 404  # nobody disputed yet
    disputes.dispute_open(game_id=game.pk, user=black, now=timezone.now())
    page = client.get(url("marking", game)).content.decode()
    assert "Marked dead: B5, H5." in page
    assert 'class="bd-pt bd-stone"' not in page and "toggle-form" not in page


def test_a_player_disputes_and_both_mark_and_accept_without_javascript(client, game, black, white):
    client.force_login(black)
    page = client.get(url("dispute", game))
    assert b"How a dispute works" in page.content
    response = client.post(url("dispute", game))
    assert response["Location"] == url("marking", game)
    page = client.get(url("marking", game)).content.decode()
    assert 'href="?toggle=H5"' in page and 'class="bd-pt bd-stone"' in page
    assert "With this marking the result is <strong>W+7.5</strong>" in page
    # The typed-point form's button says what it does ("Toggle" told a player nothing).
    assert ">Mark dead or alive</button>" in page

    # A click on H5 without JavaScript: a confirmation, then the POST.
    page = client.get(url("marking", game) + "?toggle=H5").content.decode()
    assert "Mark the black chain at <strong>H5</strong> (1 stone) alive?" in page
    client.post(url("marking_toggle", game), {"point": "H5", "version": 0})
    client.post(url("marking_accept", game), {"version": 1})
    page = client.get(url("marking", game)).content.decode()
    assert f"the result is <strong>{SQUARE_H5_ALIVE}</strong>" not in page  # already accepted
    assert "waiting for your opponent" in page

    client.force_login(white)
    page = client.get(url("marking", game)).content.decode()
    assert f"With this marking the result is <strong>{SQUARE_H5_ALIVE}</strong>" in page
    response = client.post(url("marking_accept", game), {"version": 1}, follow=True)
    assert messages_of(response) == [f"Both players accept: the result is {SQUARE_H5_ALIVE}."]
    game.refresh_from_db()
    assert game.result == SQUARE_H5_ALIVE
    page = response.content.decode()
    assert "Dead stones (agreed by both players): B5." in page
    assert "Dead stones agreed by both players, W+7.5 → <strong>B+20.5</strong>" in page


def test_a_stale_or_bad_toggle_is_explained_and_changes_nothing(client, game, black, white):
    disputes.dispute_open(game_id=game.pk, user=black, now=timezone.now())
    client.force_login(white)
    client.post(url("marking_toggle", game), {"point": "H5", "version": 0})
    client.force_login(black)
    dead = ScoreDispute.objects.get(game=game).dead
    for data, words in [
        ({"point": "B5", "version": 0}, "The marking has changed since this page was loaded"),
        ({"point": "E5", "version": 1}, "There is no stone at E5 to mark."),
        ({"point": "Z99", "version": 1}, "Nothing was changed."),
        ({"point": "", "version": 1}, "Give the coordinate of a stone"),
    ]:
        response = client.post(url("marking_toggle", game), data, follow=True)
        assert any(words in m for m in messages_of(response)), messages_of(response)
    page = client.get(url("marking", game) + "?toggle=E5")
    assert messages_of(page) == ["There is no stone at E5 to mark."]
    assert ScoreDispute.objects.get(game=game).dead == dead


def test_the_marking_board_is_one_keyboard_cursor_that_says_each_toggle(client, game, black):
    disputes.dispute_open(game_id=game.pk, user=black, now=timezone.now())
    words = url("words", game)
    page = client.get(url("marking", game)).content.decode()
    # A spectator's cursor reads the marking; Enter is not among its keys.
    assert f'data-cursor data-words-url="{words}" data-cursor-mode="mark"' in page
    assert "mark the chain at the cursor dead" not in page
    client.force_login(black)
    page = client.get(url("marking", game)).content.decode()
    assert "Enter or Space marks the chain dead or alive." in page
    assert "mark the chain at the cursor dead, or alive again" in page
    assert 'id="board-said" class="board-said" role="status"' in page
    response = client.post(url("marking_toggle", game), {"point": "h5", "version": 0})
    # Back to the page with the cursor on the chain, which the status line reads with the count.
    assert response["Location"] == url("marking", game) + "?at=H5"
    page = client.get(response["Location"])
    assert messages_of(page) == [
        "H5: the black chain of 1 stone is alive again. With this marking the count is "
        "Black 37, White 16.5: B+20.5."
    ]
    body = page.content.decode()
    assert 'data-cursor-start="H5"' in body and 'class="board-marked success"' in body
    client.post(url("marking_toggle", game), {"point": "D5", "version": 1})
    assert messages_of(client.get(url("marking", game))) == [
        "D5: the black chain of 9 stones is marked dead. With this marking the count is "
        "Black 1, White 61.5: W+60.5."
    ]
    # A refusal is said the same way; a point that is no point starts the cursor nowhere.
    response = client.post(url("marking_toggle", game), {"point": "E5", "version": 2})
    assert response["Location"] == url("marking", game) + "?at=E5"
    assert messages_of(client.get(response["Location"])) == ["There is no stone at E5 to mark."]
    page = client.get(url("marking", game) + "?at=<b>Z99").content.decode()
    assert "data-cursor-start" not in page and "<b>Z99" not in page


def test_after_the_window_the_dispute_link_goes_and_the_page_says_why(client, black, white):
    old = counted_square(black=black, white=white, now=timezone.now() - dt.timedelta(days=4))
    client.force_login(black)
    assert url("dispute", old).encode() not in client.get(url("board", old)).content
    response = client.get(url("dispute", old), follow=True)
    assert "could be disputed until" in messages_of(response)[0]
    response = client.post(url("dispute", old), follow=True)
    assert "could be disputed until" in messages_of(response)[0]
    assert not ScoreDispute.objects.exists()


def test_an_expired_marking_says_the_automatic_result_stands(client, game, black):
    disputes.dispute_open(game_id=game.pk, user=black, now=timezone.now() - dt.timedelta(days=3))
    disputes.disputes_expire(now=timezone.now())
    client.force_login(black)
    page = client.get(url("marking", game)).content.decode()
    assert "not agreed in time: the automatic result stands" in page
    assert "toggle-form" not in page
    board = client.get(url("board", game)).content.decode()
    assert "The count was disputed: not agreed in time" in board


def test_a_player_reports_the_scoring_to_staff(client, game, white, settings, mailoutbox):
    settings.ADMINS = [("Staff", "staff@example.org")]
    client.force_login(white)
    assert client.get(url("report", game)).status_code == 200
    response = client.post(url("report", game), {"reason": "H5 is alive"}, follow=True)
    assert messages_of(response) == ["Your report was sent to the site staff."]
    assert b"This result was reported" in response.content
    (report,) = ScoringReport.objects.all()
    assert (report.raised_by, report.reason, report.status) == (white, "H5 is alive", "open")
    response = client.post(url("report", game), {"reason": "again"})
    assert b"already reported" in response.content
    assert ScoringReport.objects.count() == 1


@pytest.fixture
def staff_client(client, user_factory):
    staff = user_factory(username="referee", is_staff=True, is_superuser=True)
    client.force_login(staff)
    client.staff = staff
    return client


def report_form(report: ScoringReport, **fields) -> dict:
    data = {
        "status": report.status,
        "staff_note": "",
        "corrected_dead": "B5 H5",
        "corrected_result": "",
    }
    data.update(fields)
    return data


def test_staff_correct_the_dead_stones_in_the_admin_with_an_audit_row(
    staff_client, game, white, mailoutbox
):
    report = corrections.scoring_report_file(
        game_id=game.pk, user=white, reason="H5 lives", now=timezone.now()
    )
    change = reverse("admin:games_scoringreport_change", args=[report.pk])
    page = staff_client.get(change).content.decode()
    assert "B5 H5" in page and "H5 lives" in page

    # Bad input: a clear error, nothing changed.
    for fields, words in [
        ({"corrected_dead": "B5 E5", "staff_note": "x"}, "There is no stone at E5."),
        ({"corrected_dead": "B5"}, "Say why the result changes."),
        ({"corrected_result": "B+R", "corrected_dead": "B5", "staff_note": "x"}, "not both"),
        ({"corrected_result": "black", "staff_note": "x"}, "is not a result"),
    ]:
        response = staff_client.post(change, report_form(report, **fields))
        assert response.status_code == 200
        assert words in response.content.decode()
    assert not ResultCorrection.objects.exists()

    response = staff_client.post(
        change, report_form(report, corrected_dead="B5", staff_note="H5 has two eyes.")
    )
    assert response.status_code == 302
    (row,) = ResultCorrection.objects.all()
    assert (row.kind, row.by, row.report, row.old_result, row.new_result, row.note) == (
        CorrectionKind.STAFF,
        staff_client.staff,
        report,
        SQUARE_AUTO,
        SQUARE_H5_ALIVE,
        "H5 has two eyes.",
    )
    report.refresh_from_db()
    game.refresh_from_db()
    assert report.status == ReportStatus.RESOLVED and game.result == SQUARE_H5_ALIVE
    # The game's own admin shows the audit row and no editable result.
    page = staff_client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert "H5 has two eyes." in page and 'name="result"' not in page
    # A player's view of it.
    staff_client.force_login(white)
    page = staff_client.get(url("board", game)).content.decode()
    assert "Dead stones (set by the site staff): B5." in page
    assert "Corrected by the site staff, W+7.5 → <strong>B+20.5</strong>: H5 has two eyes." in page


def test_staff_set_a_result_in_the_admin(staff_client, black, white):
    game = counted_hex(black=black, white=white, now=timezone.now())
    report = corrections.scoring_report_file(
        game_id=game.pk, user=black, reason="White resigned in the chat", now=timezone.now()
    )
    change = reverse("admin:games_scoringreport_change", args=[report.pk])
    staff_client.post(
        change,
        report_form(report, corrected_dead="D2 H9", corrected_result="b+r", staff_note="Resigned."),
    )
    game.refresh_from_db()
    assert (game.result, game.score) == ("B+R", None)
    assert ResultCorrection.objects.get().old_result == "W+6.5"


def test_result_page_queries_stay_few_with_a_dispute_and_corrections(
    client, game, black, white, user_factory, django_assert_max_num_queries
):
    staff = user_factory(username="referee", is_staff=True)
    now = timezone.now()
    disputes.dispute_open(game_id=game.pk, user=black, now=now)
    corrections.scoring_report_file(game_id=game.pk, user=white, reason="x", now=now)
    client.force_login(black)
    client.get(url("board", game))
    # Session, user, game, preferences, chat + dispute, corrections, open report, the
    # unread notification count in the header, and the ladder link (ladder's template tag).
    with django_assert_max_num_queries(10):
        assert client.get(url("board", game)).status_code == 200
    with django_assert_max_num_queries(6):  # 5 + the header's unread notification count
        assert client.get(url("marking", game)).status_code == 200
    for note in ("one", "two", "three"):
        result = "B+R" if note != "two" else "W+R"
        corrections.result_correct(game_id=game.pk, staff=staff, now=now, note=note, result=result)
    assert ScoreDispute.objects.get(game=game).status == DisputeStatus.STAFF
    with django_assert_max_num_queries(10):
        page = client.get(url("board", game))
    assert len(page.context["result"]["corrections"]) == 3


def test_the_report_link_speaks_of_scoring_only_for_a_counted_game(
    client, game_factory, black, white
):
    resigned = game_factory(now=timezone.now())
    play.game_resign(game_id=resigned.pk, user=black, expected_move_number=0, now=timezone.now())
    counted = game_factory(moves=("pass", "pass"), now=timezone.now())
    client.force_login(black)
    page = client.get(board_url(resigned)).content.decode()
    assert "Report a problem with this result" in page
    assert "scoring" not in page.split('class="card game-result"')[1].split("</section>")[0]
    page = client.get(board_url(counted)).content.decode()
    assert "Report this game's scoring" in page
