"""Game mails through messaging: what each says, the inline board pictures, and that tasks
running twice or while the player is on the site send nothing extra.

Writes the inline pictures to the samples folder's mail/ for
people to look at.
"""

from __future__ import annotations

import base64
import datetime as dt
import email
import io

import pytest
from PIL import Image

from accounts.selectors import board_appearance_get
from accounts.services import notify_modes_set
from games.game_settings import GameSettings
from games.mail import RESULT_IMAGE_PX, TURN_IMAGE_PX, your_turn_mail
from games.pages.board import board_context
from games.services import challenges, chat, corrections, disputes, play
from games.tasks import disputes as disputes_tasks
from games.tasks import play as tasks
from messaging.notifications.models import AdminMail, Channel, Event, Notification
from tests.games.conftest import NOW
from tests.games.helpers import board_options, walled_game
from tests.samples import samples_dir

pytestmark = pytest.mark.django_db

SAMPLES = samples_dir("mail")


def inline_png(mail) -> tuple[bytes, str]:
    """The one inline PNG of a mail and its Content-ID, read back from the MIME bytes."""
    parsed = email.message_from_bytes(mail.message().as_bytes())
    assert parsed.get_content_type() == "multipart/related"
    [part] = [p for p in parsed.walk() if p.get_content_type() == "image/png"]
    assert part.get_content_disposition() == "inline"
    return part.get_payload(decode=True), part["Content-ID"].strip("<>")


def save_sample(name: str, mail, png: bytes) -> None:
    SAMPLES.mkdir(parents=True, exist_ok=True)
    (SAMPLES / f"{name}.png").write_bytes(png)
    html = mail.alternatives[0][0]
    data = base64.b64encode(png).decode()
    html = html.replace('src="cid:board"', f'src="data:image/png;base64,{data}"')
    (SAMPLES / f"{name}.html").write_text(html, encoding="utf-8")
    (SAMPLES / f"{name}.txt").write_text(mail.body, encoding="utf-8")


@pytest.mark.parametrize("kind", ["square", "hex"])
def test_your_turn_mail_shows_the_board_and_links_to_the_game(
    game_factory, white, mailoutbox, django_capture_on_commit_callbacks, kind
):
    with django_capture_on_commit_callbacks(execute=True):
        game = game_factory(moves=walled_game(kind)[:7], **board_options(kind))

    mail = mailoutbox[-1]
    assert mail.to == [white.email]
    assert mail.subject == f"[Badux] Your turn against kuro (game {game.pk})"
    url = f"http://testserver/games/{game.pk}/"
    assert f"Play your move: {url}" in mail.body
    assert "Black played" in mail.body
    html = mail.alternatives[0][0]
    assert f'href="{url}"' in html
    png, cid = inline_png(mail)
    assert f'src="cid:{cid}"' in html
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    assert image.width == TURN_IMAGE_PX
    assert image.height == TURN_IMAGE_PX if kind == "square" else 200 < image.height < 400
    assert mail.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert len(png) < 100_000
    save_sample(f"your_turn_{kind}", mail, png)


def test_your_turn_mail_reads_the_position_without_the_picture(
    game_factory, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game_factory(moves=("E5", "C3", "G7"))
    mail = mailoutbox[-1]
    # The text part: whose turn, then the board row by row, top to bottom.
    assert "The position, row by row from the top:" in mail.body
    rows = [line for line in mail.body.splitlines() if line.startswith("Row ")]
    assert rows[0] == "Row 9: empty"
    assert "Row 7: G7 black; the rest empty" in rows
    assert "Row 3: C3 white; the rest empty" in rows and len(rows) == 9
    # The picture's alternative text says the same in full.
    html = mail.alternatives[0][0]
    assert 'alt="9×9 board after move 3. White to play, move 4. Black played G7.' in html
    assert "Row 5: E5 black; the rest empty." in html


@pytest.mark.parametrize("kind", ["square", "hex"])
def test_game_over_mail_shows_the_counted_board_to_both_players(
    game_factory, black, white, mailoutbox, django_capture_on_commit_callbacks, kind
):
    with django_capture_on_commit_callbacks(execute=True):
        game = game_factory(moves=walled_game(kind), **board_options(kind))
    game.refresh_from_db()
    assert game.end_reason == "passes"
    assert len(game.score["dead"]) == 2

    over = [m for m in mailoutbox if "is over" in m.subject]
    assert sorted(m.to[0] for m in over) == sorted([black.email, white.email])
    for mail in over:
        assert mail.subject == f"[Badux] Game {game.pk} is over: {game.result}"
        won = (mail.to == [white.email]) == game.result.startswith("W+")
        assert ("You won" if won else "You lost") in mail.body
        png, _ = inline_png(mail)
        image = Image.open(io.BytesIO(png))
        assert image.width == RESULT_IMAGE_PX
        # The caption with the count sits under the board.
        board_height = RESULT_IMAGE_PX if kind == "square" else image.height * 0.6
        assert image.height > board_height
    black_mail = next(m for m in over if m.to == [black.email])
    save_sample(f"game_over_{kind}", black_mail, inline_png(black_mail)[0])


def test_game_over_by_resignation_shows_the_final_board_without_a_count(
    game_factory, white, mailoutbox, django_capture_on_commit_callbacks
):
    game = game_factory(moves=("E5", "C3"))
    with django_capture_on_commit_callbacks(execute=True):
        play.game_resign(game_id=game.pk, user=white, expected_move_number=2, now=NOW)

    mail = next(m for m in mailoutbox if m.to == [white.email] and "is over" in m.subject)
    assert "You lost: B+R (resignation)" in mail.body
    image = Image.open(io.BytesIO(inline_png(mail)[0]))
    assert image.size == (RESULT_IMAGE_PX, RESULT_IMAGE_PX)


def test_turn_task_run_twice_mails_once_and_records_once(
    game_factory, white, mailoutbox, django_capture_on_commit_callbacks
):
    game = game_factory(moves=("E5",))
    mailoutbox.clear()

    # The notice's task queues its mail half (games.notify_turn_mail) at its commit.
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.notify_turn(game.pk, 1) is True
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.notify_turn(game.pk, 1) is False

    assert [m.to for m in mailoutbox] == [[white.email]]
    assert Notification.objects.filter(user=white, key=f"turn:{game.pk}:1").count() == 1


def test_a_stale_turn_task_sends_nothing(game_factory, mailoutbox):
    game = game_factory(moves=("E5", "C3"))
    mailoutbox.clear()

    assert tasks.notify_turn(game.pk, 1) is False
    assert mailoutbox == []


def test_no_turn_mail_while_the_player_is_on_the_site_but_the_notice_is_listed(
    game_factory, black, white, mailoutbox, django_capture_on_commit_callbacks
):
    game = game_factory()
    white.last_seen = dt.datetime.now(tz=dt.UTC) - dt.timedelta(minutes=2)
    white.save(update_fields=["last_seen"])
    mailoutbox.clear()

    with django_capture_on_commit_callbacks(execute=True):
        play.game_move(
            game_id=game.pk,
            user=black,
            point=game.topology.parse("E5"),
            expected_move_number=0,
            now=NOW,
        )

    assert mailoutbox == []
    notice = Notification.objects.get(user=white, event=Event.YOUR_TURN)
    assert notice.channel == Channel.DIGEST
    assert notice.url == f"/games/{game.pk}/"


def test_moving_marks_your_own_turn_notices_of_that_game_read(
    game_factory, black, white, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = game_factory()
    for user, point in ((black, "E5"), (white, "C3")):
        with django_capture_on_commit_callbacks(execute=True):
            game = play.game_move(
                game_id=game.pk,
                user=user,
                point=game.topology.parse(point),
                expected_move_number=game.move_number,
                now=NOW,
            )

    assert list(
        Notification.objects.filter(user=black, event=Event.YOUR_TURN)
        .order_by("pk")
        .values_list("read")
    ) == [(True,), (False,)]


def test_the_your_turn_preference_off_keeps_only_the_site_notice(
    game_factory, white, mailoutbox, django_capture_on_commit_callbacks
):
    notify_modes_set(user=white, modes={"your_turn": "off"})
    with django_capture_on_commit_callbacks(execute=True):
        game_factory(moves=("E5",))

    assert not [m for m in mailoutbox if m.to == [white.email]]
    assert Notification.objects.get(user=white).channel == Channel.SITE


def test_chat_lines_go_to_the_other_players_list_never_by_immediate_mail(
    game_factory, black, white, mailoutbox, django_capture_on_commit_callbacks
):
    game = game_factory()
    mailoutbox.clear()

    with django_capture_on_commit_callbacks(execute=True):
        chat.game_chat_post(game_id=game.pk, user=black, text="Have a good game!", now=NOW)

    assert mailoutbox == []
    notice = Notification.objects.get(user=white, event=Event.CHAT)
    assert notice.text == f"kuro in game {game.pk}: Have a good game!"
    assert notice.channel == Channel.DIGEST
    assert not Notification.objects.filter(user=black).exists()


def test_a_disputed_count_tells_the_opponent_once_and_a_report_tells_the_staff_once(
    game_factory, black, white, mailoutbox, settings, django_capture_on_commit_callbacks
):
    settings.ADMINS = [("Staff", "staff@example.org")]
    game = game_factory(moves=walled_game("square"))
    game.refresh_from_db()
    mailoutbox.clear()

    with django_capture_on_commit_callbacks(execute=True):
        dispute = disputes.dispute_open(game_id=game.pk, user=black, now=game.finished)
    assert disputes_tasks.notify_dispute(dispute.pk, "opened", dispute.version) == 0  # ran already

    [mail] = mailoutbox
    assert mail.to == [white.email]
    assert mail.subject == f"[Badux] kuro disputes the count of game {game.pk}"
    assert f"Mark the dead stones: http://testserver/games/{game.pk}/marking/" in mail.body
    assert 'Unsubscribe from "Result disputed" e-mails' in mail.body
    notice = Notification.objects.get(user=white, event=Event.DISPUTE)
    assert notice.text == f"kuro disputes the dead stones of game {game.pk} ({game.result})."

    with django_capture_on_commit_callbacks(execute=True):
        report = corrections.scoring_report_file(
            game_id=game.pk, user=white, reason="The count is wrong", now=game.finished
        )
    disputes_tasks.notify_report(report.pk)
    staff = [m for m in mailoutbox if m.to == ["staff@example.org"]]
    assert len(staff) == 1
    assert "The count is wrong" in staff[0].body
    assert AdminMail.objects.count() == 1


def test_an_accepted_challenge_links_the_creator_to_the_new_game(
    black, white, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        challenge = challenges.challenge_create(
            creator=black,
            recipient=white,
            now=NOW,
            message="A quick one?",
            settings=GameSettings(board_kind="hex", board_size=8, ruleset="badux"),
        )
    invitation = mailoutbox[-1]
    assert invitation.to == [white.email]
    assert "A quick one?" in invitation.body
    assert f"http://testserver/games/challenges/{challenge.pk}/" in invitation.body

    with django_capture_on_commit_callbacks(execute=True):
        game = challenges.challenge_accept(challenge_id=challenge.pk, user=white, now=NOW)

    answer = next(m for m in mailoutbox if "accepted" in m.subject)
    assert answer.to == [black.email]
    assert f"http://testserver/games/{game.pk}/" in answer.body
    assert Notification.objects.get(user=black, event=Event.CHALLENGE_ANSWERED).url == (
        f"/games/{game.pk}/"
    )


def test_your_turn_mail_carries_the_play_by_mail_reply_address_when_it_is_on(
    game_factory, white, mailoutbox, settings, django_capture_on_commit_callbacks
):
    from games.inbound.address import reply_address_read

    game = game_factory(moves=("E5",))
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.notify_turn(game.pk, 1) is True
    assert mailoutbox[0].reply_to == []
    assert "play by e-mail" not in mailoutbox[0].body

    settings.INBOUND_MAIL_DOMAIN = "reply.example.org"
    game = game_factory(moves=("E5", "C3"))
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.notify_turn(game.pk, 2) is True

    [address] = mailoutbox[0].reply_to
    token = reply_address_read(address)
    assert (token.game_id, token.user_id, token.move_number) == (game.pk, game.black_id, 2)
    assert "Or play by e-mail: reply to this mail" in mailoutbox[0].body


def test_your_turn_mail_gives_the_same_time_left_in_the_same_words_as_the_board(
    game_factory, black
):
    friday = dt.datetime(2026, 3, 6, 12, 0, tzinfo=dt.UTC)
    game = game_factory(black=black, clock_days=7, weekend_pause=True, now=friday)
    at = friday + dt.timedelta(hours=1)
    mail = your_turn_mail(game=game, now=at)
    board = board_context(
        game=game, user=black, now=at, appearance=board_appearance_get(user=black)
    )
    left = board["players"][0]["left"]
    assert left == "6 days 23 hours (weekends not counted)"
    assert mail.context["time_left"] == left  # not the 9 days of real time to the deadline
    plain = game_factory(black=black, clock_days=7, now=friday)
    assert your_turn_mail(game=plain, now=at).context["time_left"] == "6 days 23 hours"


def test_one_unread_your_turn_notice_per_game_when_the_opponent_answers_at_once(
    game_factory, black, white
):
    # A bot moves before its own notice task runs: that task is stale and marks nothing read,
    # so the player's newest notice replaces the older ones of the game.
    game = game_factory(moves=("E5", "C3", "D4", "C4", "D5", "C5"))
    other = game_factory(moves=("E5", "C3"))
    for number in (2, 4):
        Notification.objects.create(
            user=black,
            event=Event.YOUR_TURN,
            key=f"turn:{game.pk}:{number}",
            text="old",
            created=NOW,
            channel=Channel.SITE,
        )
    assert tasks.notify_turn(other.pk, 2) is not None
    tasks.notify_turn(game.pk, 6)
    unread = Notification.objects.filter(user=black, event=Event.YOUR_TURN, read=False)
    assert sorted(unread.values_list("key", flat=True)) == sorted(
        [f"turn:{game.pk}:6", f"turn:{other.pk}:2"]
    )
    tasks.notify_turn(game.pk, 6)  # run twice: the newest stays unread
    assert unread.filter(key=f"turn:{game.pk}:6").exists()


def test_a_games_mails_thread_together_and_each_has_its_own_id(
    game_factory, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = game_factory(moves=walled_game("square"))
    other = game_factory()
    mails = [email.message_from_bytes(m.message().as_bytes()) for m in mailoutbox]
    root = f"<game-{game.pk}@testserver>"

    of_game = [m for m in mails if m["References"] == root]
    # Both players' results, under the game's root; "your turn" mails join the same thread.
    assert len(of_game) == 2 and all("is over" in m["Subject"] for m in of_game)
    assert your_turn_mail(game=other, now=NOW).thread == f"game-{other.pk}"
    assert all(m["In-Reply-To"] == root for m in of_game)
    ids = [m["Message-ID"] for m in mails]
    assert len(set(ids)) == len(ids) and all(i.endswith("@testserver>") for i in ids)
    assert f"<game-{other.pk}@testserver>" != root
    assert all(m["Precedence"] is None for m in mails)
