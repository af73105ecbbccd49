"""Play by e-mail end to end: the aiosmtpd receiver on a free port, and replies sent with
smtplib to the Reply-To of the real "your turn" mails in Django's outbox; then bad mail (odd
charsets, NUL bytes, a bug in our code) and the trusted server's DMARC verdict."""

from __future__ import annotations

import smtplib
from email.message import EmailMessage

import pytest
from django.db import connection
from django.utils import timezone

from games.inbound import receiver as mail_receiver
from games.models import InboundMail
from tests.games.inbound.helpers import DOMAIN, reply_to, smtp_client

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("inbound_domain")]


@pytest.fixture
def game_factory(game_factory):
    """The receiver plays at the real time, so games start then (a game started at the fixed
    NOW would be long past its deadline, and a reply would end it on time)."""

    def create(**options):
        options.setdefault("now", timezone.now())
        return game_factory(**options)

    return create


def _latest_mail(mailoutbox, user):
    """The newest mail to `user` that asks for a reply (a your-turn mail or an answer)."""
    mails = [m for m in mailoutbox if m.to == [user.email] and m.reply_to]
    assert mails, f"no mail with a Reply-To for {user.username}"
    return mails[-1]


def _send(receiver, message: EmailMessage) -> None:
    with smtp_client(receiver) as client:
        client.send_message(message)


def _answers(mailoutbox, user) -> list:
    return [m for m in mailoutbox if m.to == [user.email] and "Nothing was played" in m.body]


def test_a_game_is_played_by_replying_to_the_turn_mails(
    receiver, game_factory, black, white, mailoutbox
):
    game = game_factory()
    first = _latest_mail(mailoutbox, black)
    assert first.reply_to[0].startswith("play+")
    assert first.reply_to[0].endswith(f"@{DOMAIN}")
    assert "reply to this mail with your move alone on the first line" in first.body
    _send(receiver, reply_to(first, "D4", message_id="<e2e-1@example.org>"))
    game.refresh_from_db()
    assert game.move_codes() == ["df"]

    second = _latest_mail(mailoutbox, white)
    assert "Black played D4 at move 1." in second.body
    _send(receiver, reply_to(second, "e5", message_id="<e2e-2@example.org>"))
    game.refresh_from_db()
    assert game.move_codes() == ["df", "ee"]
    assert _latest_mail(mailoutbox, black) is not first
    assert _answers(mailoutbox, black) == _answers(mailoutbox, white) == []


def test_an_illegal_move_is_answered_the_game_unchanged_and_the_answer_can_be_replied_to(
    receiver, game_factory, black, white, mailoutbox
):
    game = game_factory(moves=("E5",))
    turn_mail = _latest_mail(mailoutbox, white)
    _send(receiver, reply_to(turn_mail, "E5", message_id="<e2e-3@example.org>"))
    game.refresh_from_db()
    assert game.move_codes() == ["ee"]
    (answer,) = _answers(mailoutbox, white)
    assert "E5: That point is already occupied." in answer.body
    assert answer.extra_headers["In-Reply-To"] == "<e2e-3@example.org>"
    _send(receiver, reply_to(answer, "D4", message_id="<e2e-4@example.org>"))
    game.refresh_from_db()
    assert game.move_codes() == ["ee", "df"]


def test_a_reply_after_the_game_moved_on_is_refused(receiver, game_factory, black, mailoutbox):
    game = game_factory()
    turn_mail = _latest_mail(mailoutbox, black)
    _send(receiver, reply_to(turn_mail, "D4", message_id="<e2e-5@example.org>"))
    _send(receiver, reply_to(turn_mail, "C3", message_id="<e2e-6@example.org>"))
    game.refresh_from_db()
    assert game.move_codes() == ["df"]
    (answer,) = _answers(mailoutbox, black)
    # As the page numbers moves: the mail asked for move 1; the page now says "move 2".
    assert "you replied to the mail about move 1, and it is now move 2." in answer.body


def test_the_same_message_id_twice_plays_once(receiver, game_factory, black, mailoutbox):
    game = game_factory()
    message = reply_to(_latest_mail(mailoutbox, black), "D4", message_id="<e2e-same@x>")
    _send(receiver, message)
    _send(receiver, message)
    game.refresh_from_db()
    assert game.move_number == 1
    assert _answers(mailoutbox, black) == []


def test_unknown_recipients_are_refused_at_rcpt(receiver, game_factory, black, mailoutbox):
    game = game_factory()
    forged = _latest_mail(mailoutbox, black).reply_to[0].replace("play+", "play+1", 1)
    with smtp_client(receiver) as client, pytest.raises(smtplib.SMTPRecipientsRefused) as error:
        client.sendmail(black.email, [forged], b"Subject: x\r\n\r\nD4\r\n")
    ((code, text),) = error.value.recipients.values()
    assert code == 550
    assert b"Reply to your latest 'your turn' mail" in text
    with smtp_client(receiver) as client, pytest.raises(smtplib.SMTPRecipientsRefused):
        client.sendmail(black.email, [f"postmaster@{DOMAIN}"], b"Subject: x\r\n\r\nD4\r\n")
    game.refresh_from_db()
    assert game.move_number == 0


def test_a_stranger_sender_is_refused_after_data(receiver, game_factory, black, mailoutbox):
    game = game_factory()
    turn_mail = _latest_mail(mailoutbox, black)
    message = reply_to(turn_mail, "D4", message_id="<e2e-7@x>", sender="mallory@example.net")
    with pytest.raises(smtplib.SMTPDataError) as error:
        _send(receiver, message)
    assert error.value.smtp_code == 550
    assert b"mallory@example.net" in error.value.smtp_error
    game.refresh_from_db()
    assert game.move_number == 0


def test_lmtp_answers_each_recipient_and_smtp_takes_one(receiver, game_factory, black, mailoutbox):
    _, lmtp = receiver
    games = [game_factory(), game_factory()]
    good = [m.reply_to[0] for m in mailoutbox if m.to == [black.email]]
    assert len(good) == 2
    forged = good[1].replace("play+", "play+1", 1)
    message = EmailMessage()
    message["From"] = black.email
    message["Message-ID"] = "<multi@x>"
    message.set_content("D4\n")
    with smtp_client(receiver) as client:
        client.ehlo_or_helo_if_needed()
        assert client.mail(black.email)[0] == 250
        assert client.rcpt(good[0])[0] == 250
        assert client.rcpt(forged)[0] == 550
        second = client.rcpt(good[1])[0]
        if lmtp:
            assert second == 250
            code, _ = client.data(message.as_bytes())
            assert (code, client.getreply()[0]) == (250, 250)
        else:
            assert second == 452  # one reply address per SMTP message
            assert client.data(message.as_bytes())[0] == 250
    for game in games:
        game.refresh_from_db()
    assert [game.move_number for game in games] == [1, 1 if lmtp else 0]


def test_a_database_failure_asks_the_server_to_retry(receiver, game_factory, black, mailoutbox):
    game = game_factory()
    message = reply_to(_latest_mail(mailoutbox, black), "D4", message_id="<e2e-db@x>")
    with connection.cursor() as cursor:
        cursor.execute("ALTER TABLE games_inboundmail RENAME TO games_inboundmail_away")
    try:
        with pytest.raises(smtplib.SMTPDataError) as error:
            _send(receiver, message)
    finally:
        with connection.cursor() as cursor:
            cursor.execute("ALTER TABLE games_inboundmail_away RENAME TO games_inboundmail")
    assert error.value.smtp_code == 451
    _send(receiver, message)  # the server's retry, once the database is back, plays
    game.refresh_from_db()
    assert game.move_number == 1


# --- Bad mail: every message ends in a final answer (250 played or answered, or 5xx), never
# "451 try again" for a mail that would fail again. And the trusted server's DMARC verdict.


def _raw(sender: str, to: str, *, headers: bytes = b"", body: bytes = b"D4\r\n") -> bytes:
    return (
        b"From: " + sender.encode() + b"\r\nTo: " + to.encode() + b"\r\n"
        b"Subject: Re: your turn\r\n" + headers + b"\r\n" + body
    )


def _deliver(receiver, sender: str, to: str, raw: bytes) -> int:
    """Send `raw` through the receiver; the final SMTP/LMTP code it answered after DATA."""
    with smtp_client(receiver) as client:
        try:
            client.sendmail(sender, [to], raw)
        except smtplib.SMTPDataError as error:
            return error.smtp_code
        except smtplib.SMTPRecipientsRefused as error:
            ((code, _),) = error.recipients.values()
            return code
    return 250


CHARSET_MAILS = {
    charset: (
        f"Message-ID: <cs-{charset}@example.org>\r\n"
        f"Content-Type: text/plain; charset={charset}\r\n"
        "Content-Transfer-Encoding: 8bit\r\n"
    ).encode()
    for charset in ("idna", "undefined", "punycode", "rot13", "base64", "hex")
}


@pytest.mark.parametrize("charset", CHARSET_MAILS)
def test_a_reply_in_a_charset_python_cannot_decode_is_read_as_utf8_and_plays(
    receiver,
    game_factory,
    black,
    mailoutbox,
    charset,
):
    game = game_factory()
    to = _latest_mail(mailoutbox, black).reply_to[0]
    raw = _raw(black.email, to, headers=CHARSET_MAILS[charset], body=b"D4\r\n\xff\xfe\r\n")
    assert _deliver(receiver, black.email, to, raw) == 250
    game.refresh_from_db()
    assert game.move_codes() == ["df"]


@pytest.mark.parametrize(
    ("header", "stored"),
    [
        (b"Subject: Re: D4\x00 now\r\nMessage-ID: <nul-subject@x>\r\n", ("subject", "Re: D4 now")),
        (b"Message-ID: <nul\x00id@x>\r\n", ("message_id", "<nul id@x>")),
        (b"Message-ID: <8bit-\xe9\xff@x>\r\nSubject: caf\xe9\r\n", ("subject", "caf\ufffd")),
    ],
    ids=["nul-subject", "nul-message-id", "8bit-headers"],
)
def test_a_nul_or_raw_bytes_in_a_header_is_stored_without_them_and_the_reply_acts(
    receiver,
    game_factory,
    black,
    mailoutbox,
    header,
    stored,
):
    game = game_factory()
    to = _latest_mail(mailoutbox, black).reply_to[0]
    raw = (
        f"From: {black.email}\r\nTo: {to}\r\n".encode()
        + header
        + b"Content-Type: text/plain; charset=utf-8\r\n\r\nZ99\r\n"
    )
    assert _deliver(receiver, black.email, to, raw) == 250
    (record,) = InboundMail.objects.all()
    field, value = stored
    assert getattr(record, field) == value
    assert record.outcome == "illegal"
    assert "\x00" not in record.subject + record.message_id + record.sender
    (answer,) = [m for m in mailoutbox if "Nothing was played" in m.body]
    assert answer.to == [black.email]
    game.refresh_from_db()
    assert game.move_number == 0


def test_a_nul_in_from_is_no_address_and_is_refused_for_good(
    receiver,
    game_factory,
    black,
    mailoutbox,
):
    game = game_factory()
    to = _latest_mail(mailoutbox, black).reply_to[0]
    local, domain = black.email.split("@")
    raw = _raw(f"{local}\x00@{domain}", to, headers=b"Message-ID: <nul-from@x>\r\n")
    assert _deliver(receiver, black.email, to, raw) == 550
    game.refresh_from_db()
    assert game.move_number == 0


def test_an_unexpected_error_is_a_final_554_not_a_retry(
    receiver,
    game_factory,
    black,
    mailoutbox,
    monkeypatch,
):
    def broken(**_):
        raise RuntimeError("a bug")

    game_factory()
    to = _latest_mail(mailoutbox, black).reply_to[0]
    monkeypatch.setattr(mail_receiver, "inbound_mail_handle", broken)
    raw = _raw(black.email, to, headers=b"Message-ID: <bug@x>\r\n")
    assert _deliver(receiver, black.email, to, raw) == 554


def _dmarc(server: str, result: str) -> bytes:
    return (
        f"Authentication-Results: {server}; spf=pass smtp.mailfrom=example.org;\r\n"
        f" dmarc={result} (p=reject dis=none) header.from=example.org\r\n"
    ).encode()


@pytest.mark.parametrize(
    ("trusted", "results", "code", "played"),
    [
        ("mx.badux.example", [("mx.badux.example", "fail")], 550, False),
        ("mx.badux.example", [("MX.Badux.Example", "fail")], 550, False),
        ("mx.badux.example", [("mx.badux.example", "pass")], 250, True),
        # Written by the sender or another server on the way: not believed either way.
        ("mx.badux.example", [("mx.elsewhere.example", "fail")], 250, True),
        ("mx.badux.example", [("evil", "pass"), ("mx.badux.example", "fail")], 550, False),
        ("", [("mx.badux.example", "fail")], 250, True),  # no trusted server configured
    ],
    ids=["fail", "fail-any-case", "pass", "other-server", "fail-among-others", "unset"],
)
def test_a_failed_dmarc_check_of_the_trusted_server_refuses_the_mail(
    receiver,
    game_factory,
    black,
    mailoutbox,
    settings,
    trusted,
    results,
    code,
    played,
):
    settings.GAMES_INBOUND_AUTHSERV_ID = trusted
    game = game_factory()
    to = _latest_mail(mailoutbox, black).reply_to[0]
    headers = b"".join(_dmarc(server, result) for server, result in results)
    raw = _raw(black.email, to, headers=headers + b"Message-ID: <dmarc@x>\r\n")
    assert _deliver(receiver, black.email, to, raw) == code
    game.refresh_from_db()
    assert game.move_number == (1 if played else 0)
    assert not [m for m in mailoutbox if "Nothing was played" in m.body]
