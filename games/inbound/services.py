"""Play by e-mail: a reply to a your-turn mail plays the move written on its first line.

The mail receiver (`games.inbound.receiver`, `manage.py mail_receiver`) calls
`inbound_recipient_check` at RCPT time and `inbound_mail_handle` once the message is in; both
return the SMTP/LMTP status line to answer with. Moves go through the same services a web move
uses (`games.services.play`), with the move number from the signed reply address as the expected
move number, so a reply to an old mail cannot play on a newer position.

Who may play: the signed reply address is the credential (see `games.inbound.address`). The
From address must also be one of the player's verified addresses, so a your-turn mail that was
forwarded to someone else cannot be answered by them by accident; a sender writes From freely,
so that check proves nothing on its own. When GAMES_INBOUND_AUTHSERV_ID names the mail server in
front, a reply whose DMARC check failed there (its Authentication-Results header) is refused;
headers that other servers (or the sender) wrote are ignored. Refusals that concern the
player (illegal move, game over, moved on, unreadable first line) are answered by a plain-text
mail to that verified address; a reply address that is not ours or not intact, or a sender who
is not the player, is refused in the SMTP dialogue (5xx), so the sending server bounces it and
we never mail an unverified stranger (no backscatter)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.translation import gettext

import rules
from accounts.locale import reader_locale
from accounts.models import User
from core.outbox import enqueue_on_commit
from core.refusals import refusal_message, refusal_of, rules_refusal, sentence
from games.errors import (
    GameActionError,
    MoveRefused,
    NoSuchGame,
    NotAPlayer,
    StalePage,
    TimeRanOut,
)
from games.inbound import tasks as inbound_tasks
from games.inbound.address import BadReplyAddress, ReplyToken, reply_address_read
from games.inbound.parse import (
    PASS,
    RESIGN,
    CommandError,
    ReplyMail,
    command_parse,
    reply_mail_parse,
)
from games.models import Game, InboundMail, InboundOutcome
from games.services import play
from messaging.bounces.address import bounce_address_read, is_bounce_address
from messaging.bounces.services import bounce_record
from messaging.replies.address import bad_address_line, is_message_address
from messaging.replies.services import (
    AUTOMATIC_LINE,
    NO_PLAYER_LINE,
    message_reply_check,
    message_reply_receive,
    reply_sender_refusal,
)
from rules.topology import CoordinateError

_PLAYED = {
    "move": InboundOutcome.PLAYED,
    PASS: InboundOutcome.PASSED,
    RESIGN: InboundOutcome.RESIGNED,
}


@dataclass(frozen=True)
class InboundResult:
    """The answer for one recipient: `status` is the SMTP/LMTP reply line; `mail` is the stored
    record (None when the message was refused in the dialogue or already handled)."""

    status: str
    outcome: str
    mail: InboundMail | None = None


def inbound_recipient_check(*, address: str) -> str | None:
    """None when `address` is an intact reply address of this site, else the 550 line to answer
    at RCPT time. Checks the signature only (no database). Message reply addresses (`msg+`)
    are checked by messaging."""
    if is_message_address(address):
        return message_reply_check(address=address)
    if is_bounce_address(address):
        try:
            bounce_address_read(address)
        except BadReplyAddress as exc:
            return bad_address_line(address, exc, _BOUNCE_ADVICE)
        return None
    try:
        reply_address_read(address)
    except BadReplyAddress as exc:
        return _bad_address_status(address, exc)
    return None


_BOUNCE_ADVICE = "Delivery reports go to the return path of the mail they are about."
_PLAY_ADVICE = "Reply to your latest 'your turn' mail from Badux, or play on the site."


def _bad_address_status(address: str, exc: BadReplyAddress) -> str:
    return bad_address_line(address, exc, _PLAY_ADVICE)


def inbound_mail_handle(*, raw: bytes, recipient: str, now: dt.datetime) -> InboundResult:
    """Act on one reply `raw` delivered to `recipient`: play the move, or store and answer the
    refusal. A message already handled for this recipient (same Message-ID) does nothing again.

    Never raises for bad input; database errors propagate (the receiver answers 451 so the
    sending server tries again later, which the Message-ID check makes safe).
    A reply to a private message's mail (`msg+` address) goes to messaging instead, and so
    does a delivery report at a return path (`bounce+`, messaging.bounces).
    """
    if is_message_address(recipient):
        return _message_reply(raw=raw, recipient=recipient, now=now)
    if is_bounce_address(recipient):
        return _bounce(raw=raw, recipient=recipient, now=now)
    try:
        token = reply_address_read(recipient)
    except BadReplyAddress as exc:
        return InboundResult(_bad_address_status(recipient, exc), "bad_address")
    mail = reply_mail_parse(raw)
    refusal = _dmarc_refusal(mail)
    if refusal:
        return InboundResult(refusal, "dmarc_fail")
    user = User.objects.filter(pk=token.user_id, is_active=True).first()
    if user is None:
        return InboundResult(NO_PLAYER_LINE, "no_player")
    if mail.automatic:
        return InboundResult(AUTOMATIC_LINE, "ignored")
    refusal = reply_sender_refusal(user=user, sender=mail.sender)
    if refusal:
        return InboundResult(refusal, "wrong_sender")
    key = mail.dedup_key(recipient=recipient.strip().strip("<>").lower(), raw=raw)
    game = Game.objects.filter(pk=token.game_id).first()
    with transaction.atomic():
        try:
            with transaction.atomic():
                record = InboundMail.objects.create(
                    dedup_key=key,
                    message_id=mail.message_id,
                    sender=mail.sender[:254],
                    subject=mail.subject,
                    first_line=mail.first_line,
                    user=user,
                    game=game,
                    token_move_number=token.move_number,
                    outcome=InboundOutcome.UNREADABLE,  # until _act below says
                    received=now,
                )
        except IntegrityError:
            return InboundResult("250 2.0.0 Already handled (same Message-ID).", "duplicate")
        record.outcome, record.detail = _act(mail, token, user, game, now)
        record.save(update_fields=["outcome", "detail"])
        if record.detail:
            enqueue_on_commit(inbound_tasks.inbound_reply_send, record.pk)
    label = InboundOutcome(record.outcome).label
    told = "; the player is told why" if record.detail else ""
    return InboundResult(f"250 2.0.0 {label}{told}.", record.outcome, record)


def _bounce(*, raw: bytes, recipient: str, now: dt.datetime) -> InboundResult:
    """A delivery report at a return path (messaging.bounces): never answered, never played."""
    try:
        token = bounce_address_read(recipient)
    except BadReplyAddress as exc:
        return InboundResult(bad_address_line(recipient, exc, _BOUNCE_ADVICE), "bad_address")
    result = bounce_record(token=token, raw=raw, now=now)
    return InboundResult(result.status, f"bounce_{result.outcome}")


def _message_reply(*, raw: bytes, recipient: str, now: dt.datetime) -> InboundResult:
    """A reply to a private message's notification: parsed and DMARC-checked here like a
    move, then handed to `messaging.replies.services` (messaging cannot import games)."""
    mail = reply_mail_parse(raw)
    refusal = _dmarc_refusal(mail)
    if refusal:
        return InboundResult(refusal, "dmarc_fail")
    key = mail.dedup_key(recipient=recipient.strip().strip("<>").lower(), raw=raw)
    result = message_reply_receive(
        recipient=recipient,
        sender=mail.sender,
        text=mail.text,
        automatic=mail.automatic,
        key=key,
        now=now,
    )
    return InboundResult(result.status, result.outcome)


def inbound_mail_prune(*, now: dt.datetime, keep: dt.timedelta) -> int:
    """Delete the records of reply mails received before `now - keep`; returns how many.

    `keep` must outlast any mail server's redelivery (days), since a message redelivered after
    its record is gone would act again; below 7 days raises ValueError."""
    if keep < dt.timedelta(days=7):
        raise ValueError("keep reply-mail records at least 7 days: mail servers redeliver for days")
    deleted, _ = InboundMail.objects.filter(received__lt=now - keep).delete()
    return deleted


def _dmarc_refusal(mail: ReplyMail) -> str:
    """The 550 line when the trusted server (GAMES_INBOUND_AUTHSERV_ID) says DMARC failed."""
    trusted = settings.GAMES_INBOUND_AUTHSERV_ID
    if not trusted or (trusted, "fail") not in mail.dmarc:
        return ""
    return (
        f"550 5.7.1 The DMARC check of {trusted} failed: this mail is not from the domain its "
        "From address names. Nothing was played; reply from your own mailbox, or play on the site."
    )


def _act(
    mail: ReplyMail, token: ReplyToken, user: User, game: Game | None, now: dt.datetime
) -> tuple[str, str]:
    """Play the command; returns (outcome, the answer to send back or '' when played), the
    answer in `user`'s language (as their mails are: `reader_locale`). A refusal a service
    raised is worded by the registry (core.refusals), as a page would word it. `game` is only
    read for a first look; the service locks and checks it again."""
    with reader_locale(user=user):
        return _act_refused(mail, token, user, game, now)


def _act_refused(
    mail: ReplyMail, token: ReplyToken, user: User, game: Game | None, now: dt.datetime
) -> tuple[str, str]:
    if game is None:
        return InboundOutcome.NO_GAME, gettext("this game no longer exists.")
    if game.is_over:
        return InboundOutcome.GAME_OVER, sentence(rules_refusal(rules.GameOver()))
    if game.move_number != token.move_number:
        return InboundOutcome.MOVED_ON, _moved_on(token.move_number, game.move_number)
    command = None
    try:
        command = command_parse(mail.first_line)
        arguments = {
            "game_id": game.pk,
            "user": user,
            "expected_move_number": token.move_number,
            "now": now,
        }
        if command.kind == PASS:
            play.game_pass(**arguments)
        elif command.kind == RESIGN:
            play.game_resign(**arguments)
        else:
            point = game.topology.parse(command.coordinate)
            play.game_move(point=point, **arguments)
    except CommandError as exc:
        return InboundOutcome.UNREADABLE, str(exc)
    except CoordinateError as exc:
        return InboundOutcome.ILLEGAL, refusal_message(exc)
    except StalePage:
        current = Game.objects.values_list("move_number", flat=True).get(pk=game.pk)
        return InboundOutcome.MOVED_ON, _moved_on(token.move_number, current)
    except MoveRefused as exc:
        outcome = _REFUSED_OUTCOMES.get(exc.code, InboundOutcome.ILLEGAL)
        message = refusal_message(exc)
        if outcome != InboundOutcome.ILLEGAL or not command.coordinate:
            return outcome, message
        return outcome, gettext("%(point)s: %(refusal)s") % {
            "point": command.coordinate,
            "refusal": message,
        }
    except GameActionError as exc:  # any other refusal the services add later
        return InboundOutcome.ILLEGAL, refusal_message(exc)
    except (NotAPlayer, NoSuchGame) as exc:
        return InboundOutcome.NO_GAME, refusal_of(exc).message
    return _PLAYED[command.kind], ""


# The refusals of a move that are not the rules refusing the point itself.
_REFUSED_OUTCOMES = {
    TimeRanOut.code: InboundOutcome.GAME_OVER,
    "game_over": InboundOutcome.GAME_OVER,
    "not_your_turn": InboundOutcome.NOT_YOUR_TURN,
}


def _moved_on(replied_to: int, now_at: int) -> str:
    """Both numbers as the game page names a move: the one to be played (stored move numbers
    count the moves played)."""
    return gettext(
        "The game has moved on: you replied to the mail about move %(replied_to)s, and it is "
        "now move %(now_at)s."
    ) % {"replied_to": replied_to + 1, "now_at": now_at + 1}
