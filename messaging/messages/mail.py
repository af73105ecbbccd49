"""What private messages send, run by Celery after the commit: the recipient's notification
(and mail) and the staff's spam-report mail. Both reload their rows and are safe to run twice:
the notification is unique per message, the admin mail is sent once per reported message."""

from __future__ import annotations

import datetime as dt

from django.urls import reverse
from django.utils.translation import gettext

from accounts.selectors import user_can_contact
from core.mail import MailContent, site_url
from messaging.messages.models import Message, SpamReport
from messaging.messages.notifications import MESSAGE
from messaging.notifications.services import admin_mail_once, notify
from messaging.replies.address import message_reply_address


def message_key(message: Message) -> str:
    """Dedupe key of a message's notification; starts with "message:<thread>:" so reading
    the thread marks its notifications read."""
    return f"message:{message.thread_id}:{message.pk}"


def message_notify(*, message_id: int, now: dt.datetime) -> bool:
    """Record (and by preference mail) the notice of message `message_id` for its recipient.
    Nothing when the message is gone or either player now ignores the other. Returns whether
    a mail went out."""
    message = Message.objects.select_related("thread", "author").filter(pk=message_id).first()
    if message is None:
        return False
    member = message.thread.members.select_related("user").exclude(user=message.author).first()
    if member is None or not user_can_contact(sender=message.author, recipient=member.user):
        return False
    recipient, author = member.user, message.author
    url = reverse("messages:thread", args=[message.thread_id])
    reply_to = message_reply_address(user_id=recipient.pk, thread_id=message.thread_id)
    notified = notify(
        user=recipient,
        event=MESSAGE,
        key=message_key(message),
        text=lambda: (
            gettext("%(author)s sent you a message: %(subject)s")
            % {"author": author.username, "subject": message.thread.subject}
        ),
        url=url,
        now=now,
        mail=lambda: MailContent(
            subject=gettext("Message from %(author_username)s: %(subject)s")
            % {"author_username": author.username, "subject": message.thread.subject},
            template="messaging/mail/message",
            context={
                "author": author,
                "subject": message.thread.subject,
                "body": message.body,
                "thread_url": site_url(url),
                "reply_by_mail": bool(reply_to),
            },
            reply_to=(reply_to,) if reply_to else (),
        ),
    )
    return notified.mailed


def spam_report_mail(*, report_id: int, now: dt.datetime) -> bool:
    """Mail settings.ADMINS about a spam report, once per reported message (later reports
    of the same message are in the admin). Returns whether this call sent it."""
    report = (
        SpamReport.objects.select_related("message__author", "message__thread", "reporter")
        .filter(pk=report_id)
        .first()
    )
    if report is None:
        return False
    message = report.message
    admin_url = site_url(reverse("admin:messaging_spamreport_change", args=[report.pk]))
    body = (
        f"{report.reporter.username} reported a private message from "
        f"{message.author.username} as spam.\n\n"
        f"Subject: {message.thread.subject}\n\n{message.body}\n\n"
        f"Handle it in the admin: {admin_url}\n"
    )
    return admin_mail_once(
        key=f"spam:{message.pk}",
        subject=gettext("Spam report: message from %(author_username)s")
        % {"author_username": message.author.username},
        body=body,
        now=now,
    )
