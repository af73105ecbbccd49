"""On-site notifications, the daily digests that collected them, and admin mails sent once.

`messaging` knows players, never games: callers (games) pass the text, link and mail content.
A notification is unique per (user, key), so a task that runs twice records it once; its
`mailed` time is claimed before its mail is sent, so it is mailed at most once.
"""

from __future__ import annotations

from enum import StrEnum

from django.conf import settings
from django.db import models

from accounts.notifications import NAME_MAX_LENGTH, kind_exists, kind_get


class Event(StrEnum):
    """Names of the notification kinds games sends, for its tasks to import. The kinds
    themselves (label, modes, default) are registered in `games/notices.py`; the registry in
    `accounts.notifications` is the list of kinds, and a new kind needs no entry here.
    Stored names; never change one."""

    YOUR_TURN = "your_turn"
    GAME_OVER = "game_over"
    CHALLENGE = "challenge"
    CHALLENGE_ANSWERED = "challenge_answered"
    TIMEOUT_WARNING = "timeout_warning"
    DISPUTE = "dispute"
    CHAT = "chat"


class Channel(models.TextChoices):
    """How a notification reaches the player, decided when it is recorded. Stored codes."""

    SITE = "site", "On the site only"
    IMMEDIATE = "immediate", "Immediate e-mail"
    DIGEST = "digest", "Daily digest"


class Digest(models.Model):
    """One digest mail: at most one per player and local day."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="digests"
    )
    day = models.DateField()  # the player's local date when it was due
    created = models.DateTimeField()
    # Claimed just before sending, cleared again when a transient SMTP error asks for a retry.
    mailed = models.DateTimeField(null=True, blank=True)
    mail_error = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "day"], name="digest_one_per_user_day")
        ]

    def __str__(self) -> str:
        return f"Digest of user {self.user_id} for {self.day}"


class Notification(models.Model):
    """One thing a player should hear about, listed on the notifications page."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    # A kind name from the registry (accounts.notifications); checked there when recorded, so
    # a new kind needs no migration here.
    event = models.CharField(max_length=NAME_MAX_LENGTH)
    # Dedupe key chosen by the caller, e.g. "turn:12:31" (game 12, move 31).
    key = models.CharField(max_length=120)
    text = models.CharField(max_length=300)
    url = models.CharField(max_length=300, blank=True)  # site path, e.g. /games/12/
    created = models.DateTimeField()
    read = models.BooleanField(default=False)
    channel = models.CharField(max_length=12, choices=Channel.choices)
    mailed = models.DateTimeField(null=True, blank=True)
    mail_error = models.CharField(max_length=200, blank=True)
    digest = models.ForeignKey(
        Digest, on_delete=models.SET_NULL, null=True, blank=True, related_name="items"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="notification_unique_key")
        ]
        indexes = [
            models.Index(fields=["user", "read"], name="notification_user_read"),
            models.Index(fields=["user", "-created"], name="notification_user_created"),
            models.Index(
                fields=["channel", "user"],
                condition=models.Q(channel="digest", digest__isnull=True, read=False),
                name="notification_digest_pending",
            ),
        ]

    def __str__(self) -> str:
        return f"Notification {self.pk} ({self.event}) for user {self.user_id}"

    @property
    def event_label(self) -> str:
        """The kind's label, or its stored name when the kind is no longer registered."""
        if not kind_exists(name=self.event):
            return self.event
        return kind_get(name=self.event).label


class AdminMail(models.Model):
    """A mail to the site admins (settings.ADMINS), recorded so it goes out once per key."""

    key = models.CharField(max_length=120, unique=True)
    subject = models.CharField(max_length=200)
    created = models.DateTimeField()

    def __str__(self) -> str:
        return self.key


class OutboxTask(models.Model):
    """A Celery task to queue, recorded in the same transaction as the change it follows.

    `messaging.outbox.enqueue_on_commit` writes the row and publishes the task once that
    transaction commits, deleting the row when the broker took it. A row still here after
    `due` (the broker was down, the process died between commit and publish) is published by
    the beat sweep `messaging.outbox_relay`. Tasks are safe to run twice, so a task published
    by both paths does no harm; a lost one is what this table prevents.
    """

    task = models.CharField(max_length=100)  # the Celery task name, e.g. "games.notify_turn"
    args = models.JSONField(default=list, blank=True)
    created = models.DateTimeField()
    due = models.DateTimeField(db_index=True)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.CharField(max_length=200, blank=True)

    def __str__(self) -> str:
        return f"Outbox {self.pk}: {self.task}{tuple(self.args)}"


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

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["thread", "user"], name="thread_member_unique")
        ]
        indexes = [models.Index(fields=["user", "archived"], name="thread_member_user")]

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

    OPEN = "open", "Open"
    DONE = "done", "Handled"
    DISMISSED = "dismissed", "Dismissed"


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
