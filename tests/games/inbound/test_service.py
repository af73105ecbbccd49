"""Play by e-mail, the service: a reply plays through games.services, refusals are answered by
mail and leave the game as it was, a message acts once."""

from __future__ import annotations

import datetime as dt

import pytest
from allauth.account.models import EmailAddress
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from games.inbound.address import reply_address_read
from games.inbound.services import inbound_mail_handle, inbound_mail_prune, inbound_recipient_check
from games.inbound.sweeps import inbound_mail_prune as inbound_mail_prune_task
from games.inbound.tasks import inbound_reply_send
from games.models import Game, GameStatus, InboundMail
from games.services import play
from tests.games.conftest import NOW
from tests.games.helpers import KO_SETUP, snapshot
from tests.games.inbound.helpers import address_for, reply_bytes

pytestmark = pytest.mark.django_db

DOMAIN = "play.example.org"


@pytest.fixture(autouse=True)
def _domain(settings):
    settings.INBOUND_MAIL_DOMAIN = DOMAIN


@pytest.fixture
def reply(django_capture_on_commit_callbacks):
    """Send a reply to `game` as `user` (to the address for `move_number`, default: now)."""

    def send(game, user, text, *, move_number=None, sender=None, now=NOW, **options):
        recipient = address_for(game, user, move_number)
        raw = reply_bytes(text, sender=sender or user.email, **options)
        with django_capture_on_commit_callbacks(execute=True):
            result = inbound_mail_handle(raw=raw, recipient=recipient, now=now)
        game.refresh_from_db()
        return result

    return send


def test_a_coordinate_plays_the_move(game_factory, black, white, reply, mailoutbox):
    game = game_factory()
    result = reply(game, black, "d4")
    assert result.status.startswith("250 ")
    assert result.outcome == "played"
    assert game.moves == "df"
    assert game.move_number == 1
    # No answer to the player; the opponent hears it is their turn, as after a web move.
    (turn_mail,) = mailoutbox
    assert turn_mail.to == [white.email]


def test_an_html_only_reply_plays(game_factory, black, reply):
    game = game_factory()
    assert reply(game, black, "E5", html=True).outcome == "played"
    assert game.move_codes() == ["ee"]


def test_pass_and_resign(game_factory, black, white, reply):
    game = game_factory(moves=("E5",))
    assert reply(game, white, "Pass").outcome == "passed"
    assert game.moves == "ee.."
    assert reply(game, black, "RESIGN").outcome == "resigned"
    assert game.status == GameStatus.FINISHED
    assert game.result == "W+R"


def test_a_hex_coordinate_plays(game_factory, black, reply):
    game = game_factory(board_kind="hex", board_size=6, ruleset="badux")
    assert reply(game, black, "f6").outcome == "played"
    assert game.move_codes() == [game.topology.sgf(game.topology.parse("F6"))]


@pytest.mark.parametrize(
    ("ruleset", "moves", "mover", "line", "words"),
    [
        ("go-area", ("E5",), "white", "E5", "E5: That point is already occupied."),
        ("go-area", ("J9", "A2", "J8", "B1"), "black", "A1", "(suicide)"),
        ("go-territory", KO_SETUP, "white", "C4", "retake the ko"),
        ("go-area", KO_SETUP, "white", "C4", "repeat an earlier position"),
        ("go-area", (), "black", "Z9", "Z9 is off the 9×9 board."),
        ("go-area", (), "black", "I5", "there is no column I"),
    ],
)
def test_an_illegal_move_is_answered_and_changes_nothing(
    game_factory, black, white, reply, mailoutbox, ruleset, moves, mover, line, words
):
    game = game_factory(ruleset=ruleset, moves=moves)
    before = snapshot(game)
    user = black if mover == "black" else white
    result = reply(game, user, line)
    assert result.status.startswith("250 ")
    assert result.outcome == "illegal"
    assert snapshot(game) == before
    (answer,) = mailoutbox
    assert answer.to == [user.email]
    assert words in answer.body
    assert "Nothing was played in game" in answer.body
    assert "It is your turn" in answer.body
    assert answer.extra_headers["Auto-Submitted"] == "auto-replied"
    assert answer.extra_headers["In-Reply-To"].startswith("<reply-")
    assert answer.subject == "Re: [Badux] Your turn against shiro"
    # The answer carries a fresh reply address: answering it plays.
    (fresh,) = answer.reply_to
    assert reply_address_read(fresh).move_number == game.move_number


def test_a_reply_to_an_old_mail_is_refused_when_the_game_moved_on(
    game_factory, black, white, reply, mailoutbox
):
    game = game_factory(moves=("E5", "D4"))
    before = snapshot(game)
    result = reply(game, black, "C3", move_number=0)
    assert result.outcome == "moved_on"
    assert snapshot(game) == before
    (answer,) = mailoutbox
    # Numbered as the game page numbers moves: the mail was about move 1, the page says move 3.
    assert "you replied to the mail about move 1, and it is now move 3." in answer.body


def test_not_your_turn(game_factory, black, white, reply, mailoutbox):
    game = game_factory(moves=("E5",))
    before = snapshot(game)
    assert reply(game, black, "C3").outcome == "not_your_turn"
    assert snapshot(game) == before
    (answer,) = mailoutbox
    assert "It is not your turn." in answer.body
    assert "It is shiro's turn." in answer.body
    assert answer.reply_to == []


def test_game_over(game_factory, black, white, reply, mailoutbox):
    game = game_factory(moves=("E5",))
    play.game_resign(game_id=game.pk, user=black, expected_move_number=1, now=NOW)
    assert reply(game, white, "D4", move_number=1).outcome == "game_over"
    (answer,) = mailoutbox
    assert "The game is already over.\n\nThe game is over: W+R." in answer.body


def test_an_adjourned_game_is_nobodys_turn_and_an_annulled_one_says_annulled(
    game_factory, black, white, user_factory, reply, mailoutbox
):
    from accounts.moderation.models import GamesChoice, SanctionKind
    from accounts.moderation.services import sanction_take
    from games.services.adjournments import game_annul

    game = game_factory(moves=("E5",))  # white to move
    sanction_take(
        moderator=user_factory(username="judge", is_staff=True),
        user=black,
        kind=SanctionKind.SUSPEND,
        reason="Insults.",
        now=NOW,
        ends_at=NOW + dt.timedelta(days=2),
        games=GamesChoice.ADJOURN,
    )
    reply(game, white, "D4", move_number=1, now=NOW + dt.timedelta(hours=1))
    (answer,) = [m for m in mailoutbox if "Nothing was played" in m.body]
    assert "adjourned this game" in answer.body and "your turn" not in answer.body
    assert answer.reply_to == []
    mailoutbox.clear()
    game_annul(game_id=game.pk, user=white, now=NOW + dt.timedelta(hours=2))
    reply(game, white, "D4", move_number=1, now=NOW + dt.timedelta(hours=3))
    (answer,) = [m for m in mailoutbox if "Nothing was played" in m.body]
    assert "The game is over: Annulled." in answer.body and "Void" not in answer.body


def test_a_reply_after_the_deadline_ends_the_game_on_time(game_factory, black, reply, mailoutbox):
    game = game_factory(clock_days=1)
    result = reply(game, black, "D4", now=NOW + dt.timedelta(days=2))
    assert result.outcome == "game_over"
    assert (game.status, game.result, game.moves) == (GameStatus.FINISHED, "W+T", "")
    (answer,) = [m for m in mailoutbox if "Nothing was played" in m.body]
    assert "Your time ran out before this move arrived, so the game ended on time (W+T)." in (
        answer.body
    )


def test_an_unreadable_first_line_is_answered(game_factory, black, reply, mailoutbox):
    game = game_factory()
    result = reply(game, black, "I think D4 is best")
    assert result.outcome == "unreadable"
    assert game.move_number == 0
    (answer,) = mailoutbox
    assert "'I think D4 is best', is not a move" in answer.body
    assert "Your mail began with: I think D4 is best" in answer.body


def test_the_same_message_twice_plays_once(game_factory, black, reply):
    game = game_factory()
    first = reply(game, black, "D4", move_number=0, message_id="<same@example.org>")
    second = reply(game, black, "D4", move_number=0, message_id="<same@example.org>")
    assert (first.outcome, second.outcome) == ("played", "duplicate")
    assert second.status.startswith("250 ")
    assert game.move_number == 1
    assert InboundMail.objects.count() == 1


def test_a_refusal_is_answered_once_even_when_delivered_twice(
    game_factory, black, reply, mailoutbox
):
    game = game_factory()
    reply(game, black, "hello", message_id="<twice@example.org>")
    reply(game, black, "hello", message_id="<twice@example.org>")
    assert len(mailoutbox) == 1
    record = InboundMail.objects.get()
    assert record.replied is not None
    assert inbound_reply_send(record.pk) is False  # the task run again sends nothing
    assert len(mailoutbox) == 1


def test_a_sender_who_is_not_the_player_is_refused_in_the_dialogue(
    game_factory, black, reply, mailoutbox
):
    game = game_factory()
    result = reply(game, black, "D4", sender="friend@example.net")
    assert result.status.startswith("550 5.7.1 ")
    assert "friend@example.net" in result.status
    assert game.move_number == 0
    assert mailoutbox == []
    assert InboundMail.objects.count() == 0


def test_another_verified_address_of_the_player_may_reply(game_factory, black, reply):
    EmailAddress.objects.create(user=black, email="Kuro.Work@Example.com", verified=True)
    EmailAddress.objects.create(user=black, email="unverified@example.com", verified=False)
    game = game_factory()
    assert reply(game, black, "D4", sender="kuro.work@example.com").outcome == "played"
    assert reply(game, black, "D4", sender="unverified@example.com").status.startswith("550")


def test_auto_replies_are_ignored_silently(game_factory, black, reply, mailoutbox):
    game = game_factory()
    result = reply(game, black, "I am away until Monday", Auto_Submitted="auto-replied")
    assert result.outcome == "ignored"
    assert result.status.startswith("250 ")
    assert mailoutbox == []
    assert game.move_number == 0


def test_a_bad_address_is_refused_before_and_during_data(game_factory, black):
    game = game_factory()
    good = address_for(game, black)
    forged = good.replace("play+", "play+1", 1)
    assert inbound_recipient_check(address=good) is None
    status = inbound_recipient_check(address=forged)
    assert status.startswith("550 5.1.1 ")
    assert "Reply to your latest 'your turn' mail" in status
    result = inbound_mail_handle(
        raw=reply_bytes("D4", sender=black.email), recipient=forged, now=NOW
    )
    assert result.status.startswith("550 ")
    game.refresh_from_db()
    assert game.move_number == 0


def test_a_deleted_game_is_answered(game_factory, black, reply, mailoutbox):
    game = game_factory()
    recipient = address_for(game, black)
    Game.objects.filter(pk=game.pk).delete()
    raw = reply_bytes("D4", sender=black.email)
    result = inbound_mail_handle(raw=raw, recipient=recipient, now=NOW)
    assert result.outcome == "no_game"
    assert result.mail.detail == "this game no longer exists."


@hypothesis_settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=st.text(max_size=300), html=st.booleans())
def test_any_body_gets_a_move_or_a_clear_answer(
    game_factory, black, body, html, django_capture_on_commit_callbacks, mailoutbox
):
    game = game_factory()
    mailoutbox.clear()
    try:
        raw = reply_bytes(body, sender=black.email, html=html)
    except (ValueError, TypeError):
        return  # the stdlib refuses to build the message (e.g. lone surrogates)
    with django_capture_on_commit_callbacks(execute=True):
        result = inbound_mail_handle(raw=raw, recipient=address_for(game, black), now=NOW)
    assert result.status.startswith("250 2.0.0 ")
    if result.outcome in ("played", "passed", "resigned"):
        assert not any("Nothing was played" in message.body for message in mailoutbox)
    else:
        assert result.outcome in ("unreadable", "illegal")
        (answer,) = mailoutbox
        assert result.mail.detail in answer.body
        assert answer.body.count("Nothing was played") == 1


def test_staff_read_the_replies_in_the_admin(
    game_factory, black, reply, user_factory, client, django_assert_max_num_queries
):
    game = game_factory()
    reply(game, black, "hello")
    admin_user = user_factory(username="staff", is_staff=True, is_superuser=True)
    client.force_login(admin_user)
    with django_assert_max_num_queries(12):
        page = client.get("/admin/games/inboundmail/")
    assert page.status_code == 200
    assert "hello" in page.content.decode()
    record = InboundMail.objects.get()
    detail = client.get(f"/admin/games/inboundmail/{record.pk}/change/")
    assert detail.status_code == 200
    assert "is not a move" in detail.content.decode()


def test_the_turn_mail_has_a_reply_address_only_when_play_by_mail_is_on(
    game_factory, black, settings, django_capture_on_commit_callbacks, mailoutbox
):
    with django_capture_on_commit_callbacks(execute=True):
        game = game_factory()
    (turn_mail,) = mailoutbox
    (address,) = turn_mail.reply_to
    assert reply_address_read(address) == reply_address_read(address_for(game, black, 0))
    assert "reply to this mail with your move alone on the first line" in turn_mail.body
    settings.INBOUND_MAIL_DOMAIN = ""
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        game_factory()
    (turn_mail,) = mailoutbox
    assert turn_mail.reply_to == []
    assert "play by e-mail" not in turn_mail.body


def test_old_records_are_pruned_and_a_recent_message_still_acts_once(game_factory, black, reply):
    game = game_factory()
    reply(game, black, "hello", message_id="<old@example.org>", now=NOW - dt.timedelta(days=31))
    reply(game, black, "D4", message_id="<new@example.org>", now=NOW - dt.timedelta(days=29))

    assert inbound_mail_prune(now=NOW, keep=dt.timedelta(days=30)) == 1

    assert list(InboundMail.objects.values_list("message_id", flat=True)) == ["<new@example.org>"]
    again = reply(game, black, "D4", message_id="<new@example.org>", move_number=0)
    assert again.outcome == "duplicate"
    assert game.move_number == 1


def test_pruning_refuses_a_window_shorter_than_mail_redelivery():
    with pytest.raises(ValueError, match="at least 7 days"):
        inbound_mail_prune(now=NOW, keep=dt.timedelta(days=2))


def test_the_daily_prune_task_is_scheduled_and_keeps_the_configured_days(
    settings, game_factory, black, reply
):
    from baduxsite.celery import app

    entry = app.conf.beat_schedule["games-prune-inbound-mail"]
    assert (entry["task"], entry["schedule"]) == ("games.inbound_mail_prune", 24 * 60 * 60)
    settings.INBOUND_MAIL_KEEP_DAYS = 30
    game = game_factory()
    today = dt.datetime.now(dt.UTC)
    reply(game, black, "hello", message_id="<ancient@example.org>", now=today - dt.timedelta(40))
    reply(game, black, "hello", message_id="<today@example.org>", now=today)
    assert inbound_mail_prune_task.delay().get() == 1
    assert list(InboundMail.objects.values_list("message_id", flat=True)) == ["<today@example.org>"]
