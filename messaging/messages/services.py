"""Writes for private messages: start a thread, send a message, mark read, archive, report spam.

Every function is keyword-only and takes the clock as `now`. Sending checks the ignore list
(`accounts.selectors.contact_refusal_reason`) and the flood limits "message_thread" (new
threads a day) and "message" (messages an hour), counted from the sender's own rows. The
recipient's notification and the staff's spam mail are queued through the outbox, after the
commit."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import F
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy

from accounts.models import User
from accounts.moderation.models import ReportKind
from accounts.moderation.selectors import moderation_speech_check
from accounts.moderation.services import report_create_unless_open
from accounts.selectors import user_check_can_contact
from core.limits import limit_enforce
from core.outbox import enqueue_on_commit
from core.refusals import Refusal, refusal_register
from messaging.messages.models import (
    BODY_MAX_LENGTH,
    SUBJECT_MAX_LENGTH,
    Message,
    SpamReport,
    Thread,
    ThreadMember,
)
from messaging.notifications.services import notifications_mark_read


class NotInThread(PermissionDenied):
    """The player is not one of the thread's two members."""


# Answered as "not found", like a thread that does not exist: no one learns which threads exist.
refusal_register(
    NotInThread,
    lambda error: Refusal(404, "not_found", gettext("There is no such message sent to you.")),
)


# What `_clean_text` says about a subject or a message body: "nul", "empty", "long".
_REFUSALS = {
    "subject": {
        "nul": gettext_lazy("The subject contains a NUL character; remove it and try again."),
        "empty": gettext_lazy("Write a subject first."),
        "long": gettext_lazy("A subject is at most %(most)s characters; yours has %(value)s."),
    },
    "message": {
        "nul": gettext_lazy("The message contains a NUL character; remove it and try again."),
        "empty": gettext_lazy("Write a message first."),
        "long": gettext_lazy("A message is at most %(most)s characters; yours has %(value)s."),
    },
}


def _clean_text(text: str, *, what: str, most: int) -> str:
    """`text` stripped; ValidationError (in `_REFUSALS[what]`'s words) when it holds a NUL, is
    empty or is longer than `most`."""
    refusals = _REFUSALS[what]
    text = (text or "").strip()
    if "\x00" in text:
        raise ValidationError(str(refusals["nul"]))
    if not text:
        raise ValidationError(str(refusals["empty"]))
    if len(text) > most:
        raise ValidationError(str(refusals["long"]) % {"most": most, "value": len(text)})
    return text


def _message_add(
    *,
    thread: Thread,
    author: User,
    recipient: User,
    body: str,
    now: dt.datetime,
    mail_key: str | None = None,
):
    moderation_speech_check(user=author, now=now)
    limit_enforce(
        name="message", rows=Message.objects.filter(author=author), now=now, sender=author
    )
    message = Message.objects.create(
        thread=thread, author=author, body=body, created=now, mail_key=mail_key
    )
    Thread.objects.filter(pk=thread.pk).update(last_message=now)
    ThreadMember.objects.filter(thread=thread).update(last_message=now)
    ThreadMember.objects.filter(thread=thread, user=recipient).update(
        unread=F("unread") + 1, archived=False
    )
    enqueue_on_commit("messaging.notify_message", message.pk)
    return message


@transaction.atomic
def thread_start(
    *, sender: User, recipient: User, subject: str, body: str, now: dt.datetime
) -> Thread:
    """A new thread from `sender` to `recipient` with its first message; the recipient is
    told after the commit. Raises ContactRefused (ignore list, closed account, oneself),
    ValidationError for an empty, too long or NUL-holding subject or body, RateLimited
    (a ValidationError) past the "message_thread" or "message" limit, and Muted when a
    moderator muted the sender. Nothing is written when it raises."""
    user_check_can_contact(sender=sender, recipient=recipient)
    # One line: it becomes a mail's Subject header, where a line break is refused.
    subject = " ".join(_clean_text(subject, what="subject", most=SUBJECT_MAX_LENGTH).split())
    body = _clean_text(body, what="message", most=BODY_MAX_LENGTH)
    limit_enforce(
        name="message_thread", rows=Thread.objects.filter(started_by=sender), now=now, sender=sender
    )
    thread = Thread.objects.create(
        subject=subject, started_by=sender, created=now, last_message=now
    )
    ThreadMember.objects.bulk_create(
        [
            ThreadMember(thread=thread, user=sender, last_message=now),
            ThreadMember(thread=thread, user=recipient, last_message=now),
        ]
    )
    _message_add(thread=thread, author=sender, recipient=recipient, body=body, now=now)
    return thread


def thread_other_member(*, thread: Thread, user: User) -> User:
    """The other player of `thread`; NotInThread when `user` is not one of its members."""
    members = list(thread.members.select_related("user"))
    if user.pk not in {m.user_id for m in members}:
        raise NotInThread(gettext("This conversation is not yours."))
    others = [m.user for m in members if m.user_id != user.pk]
    return others[0] if others else user


@transaction.atomic
def message_send(
    *, thread_id: int, sender: User, body: str, now: dt.datetime, mail_key: str | None = None
) -> Message:
    """`sender` replies in their thread `thread_id`; the other player is told after the
    commit, and the thread comes back to their inbox if they had archived it. The sender
    has read everything up to their own reply (count and notifications). Raises
    Thread.DoesNotExist, NotInThread, ContactRefused (either player ignores the other now,
    or the other closed their account), ValidationError for a bad body, RateLimited past
    the "message" limit; IntegrityError when a message with `mail_key` (a reply mail's
    dedupe key) exists, Muted when a moderator muted the sender."""
    thread = Thread.objects.select_for_update().get(pk=thread_id)
    recipient = thread_other_member(thread=thread, user=sender)
    user_check_can_contact(sender=sender, recipient=recipient)
    body = _clean_text(body, what="message", most=BODY_MAX_LENGTH)
    message = _message_add(
        thread=thread, author=sender, recipient=recipient, body=body, now=now, mail_key=mail_key
    )
    ThreadMember.objects.filter(thread=thread, user=sender).update(unread=0)
    notifications_mark_read(user=sender, key_prefix=f"message:{thread.pk}:")
    return message


def thread_mark_read(*, thread_id: int, user: User) -> int:
    """Mark `user`'s side of the thread read, and their notifications of its messages.
    Returns how many messages were unread."""
    member = ThreadMember.objects.filter(thread_id=thread_id, user=user).first()
    if member is None:
        return 0
    if member.unread:
        ThreadMember.objects.filter(pk=member.pk).update(unread=0)
    # Also when nothing was unread here: a reply by mail reset the count but not the notices.
    notifications_mark_read(user=user, key_prefix=f"message:{thread_id}:")
    return member.unread


def thread_archive(*, thread_id: int, user: User, archived: bool = True) -> None:
    """Archive (or bring back) the thread for `user` only; the other player's side is
    unchanged. A later message to `user` brings it back to their inbox. NotInThread when
    the thread is not theirs."""
    changed = ThreadMember.objects.filter(thread_id=thread_id, user=user).update(archived=archived)
    if not changed:
        raise NotInThread(gettext("This conversation is not yours."))


@transaction.atomic
def message_report_spam(*, message_id: int, reporter: User, now: dt.datetime) -> SpamReport:
    """`reporter` reports a message they received as spam. Staff get one admin mail per
    message (after the commit) and see the report in the admin. Reporting twice keeps the
    first report. The report also lands in the moderators' queue (accounts.moderation), where
    the "report" flood limit applies (RateLimited). Raises Message.DoesNotExist, NotInThread
    when the message was not sent
    to `reporter` (one cannot report one's own message)."""
    message = Message.objects.select_related("thread").get(pk=message_id)
    if (
        message.author_id == reporter.pk
        or not ThreadMember.objects.filter(thread_id=message.thread_id, user=reporter).exists()
    ):
        raise NotInThread(gettext("You can only report messages sent to you."))
    report, created = SpamReport.objects.get_or_create(
        message=message, reporter=reporter, defaults={"created": now}
    )
    if created:
        enqueue_on_commit("messaging.spam_report_mail", report.pk)
        _moderation_report(message=message, reporter=reporter, now=now)
    return report


def _moderation_report(*, message: Message, reporter: User, now: dt.datetime) -> None:
    """The spam report in the moderators' queue too, with a copy of the message (a report
    already open on it is kept)."""
    report_create_unless_open(
        reporter=reporter,
        reported_user=message.author,
        kind=ReportKind.MESSAGE,
        snapshot=f"{message.thread.subject}\n\n{message.body}",
        reason=gettext("Reported as spam."),
        url=reverse("messages:thread", args=[message.thread_id]),
        target=message,
        now=now,
    )
