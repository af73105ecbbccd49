"""Private messages: threads, their members, messages and spam reports."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Now
from django.utils.translation import gettext_lazy

# --- private messages --------------------------------------------------------------------------

SUBJECT_MAX_LENGTH = 120
BODY_MAX_LENGTH = 5000


class Thread(models.Model):
    """A private conversation between two players. Each sees it through their own
    `ThreadMember` row (unread count, archived), so archiving is for oneself only."""

    subject = models.CharField(max_length=SUBJECT_MAX_LENGTH)
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="threads_started"
    )
    created = models.DateTimeField()
    last_message = models.DateTimeField()  # the inbox sorts by it

    class Meta:
        indexes = [models.Index(fields=["started_by", "created"], name="thread_starter_created")]

    def __str__(self) -> str:
        return f"Thread {self.pk}: {self.subject}"


class ThreadMember(models.Model):
    """One player's side of a thread: how many messages they have not read yet and whether
    they archived it. A new message to them brings an archived thread back to the inbox."""

    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="thread_memberships"
    )
    unread = models.PositiveIntegerField(default=0)
    archived = models.BooleanField(default=False)
    # The thread's `last_message`, copied here so that a player's inbox is read in its order
    # by the index below (a sort on the thread's column scanned every thread of the site).
    last_message = models.DateTimeField(db_default=Now())

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["thread", "user"], name="thread_member_unique")
        ]
        indexes = [
            models.Index(fields=["user", "archived"], name="thread_member_user"),
            models.Index(
                fields=["user", "archived", "last_message", "id"], name="thread_member_inbox"
            ),
        ]

    def __str__(self) -> str:
        return f"User {self.user_id} in thread {self.thread_id}"


class Message(models.Model):
    """One private message in a thread."""

    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="messages")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="messages_sent"
    )
    body = models.TextField(max_length=BODY_MAX_LENGTH)
    created = models.DateTimeField()
    # Sent by replying to the notification mail: the received mail's dedupe key (recipient
    # address and Message-ID), so a mail delivered twice adds the message once.
    mail_key = models.CharField(max_length=64, unique=True, null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["author", "created"], name="message_author_created"),
            models.Index(fields=["thread", "created"], name="message_thread_created"),
        ]

    def __str__(self) -> str:
        return f"Message {self.pk} in thread {self.thread_id}"


class SpamStatus(models.TextChoices):
    """Where staff are with a spam report. Stored codes."""

    OPEN = "open", gettext_lazy("Open")
    DONE = "done", gettext_lazy("Handled")
    DISMISSED = "dismissed", gettext_lazy("Dismissed")


class SpamReport(models.Model):
    """A player reported a message they received as spam; staff handle it in the admin."""

    message = models.ForeignKey(Message, on_delete=models.CASCADE, related_name="spam_reports")
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="spam_reports"
    )
    created = models.DateTimeField()
    status = models.CharField(max_length=12, choices=SpamStatus.choices, default=SpamStatus.OPEN)
    staff_note = models.TextField(blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["message", "reporter"], name="spam_report_once")
        ]

    def __str__(self) -> str:
        return f"Spam report {self.pk} on message {self.message_id}"
