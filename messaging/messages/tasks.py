"""Celery tasks of private messages: the recipient's notification and the staff's spam-report
mail, queued through the outbox after the commit (task names are stable: the outbox stores them).

They read the clock here, at the edge, and pass it to messaging/messages/mail.py."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from core.mail import RETRY_OPTIONS
from messaging.messages import mail as thread_mail
from messaging.notifications.notice_tasks import notice_task


@notice_task("messaging.notify_message")
def notify_message(message_id: int) -> bool:
    """Tell the recipient of a private message about it (list, mail or digest by their
    "message" preference). Nothing when the message is gone or the recipient now ignores
    the sender. Returns whether a mail went out."""
    return thread_mail.message_notify(message_id=message_id, now=timezone.now())


@shared_task(name="messaging.spam_report_mail", **RETRY_OPTIONS)
def spam_report_mail(report_id: int) -> bool:
    """Mail the staff about a spam report, once per reported message."""
    return thread_mail.spam_report_mail(report_id=report_id, now=timezone.now())
