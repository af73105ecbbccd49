"""core's one model: the outbox."""

from __future__ import annotations

from django.db import models


class OutboxTask(models.Model):
    """A Celery task to queue, recorded in the same transaction as the change it follows.

    `core.outbox.enqueue_on_commit` writes the row; once its transaction commits the relay
    process (`manage.py outbox_relay`, woken by the table's NOTIFY trigger on PostgreSQL)
    publishes the task and deletes the row. A row the broker could not take stays and is
    published later, by the relay or by the beat sweep `messaging.outbox_relay` once `due`.
    Tasks are safe to run twice, so a task published twice does no harm; a lost one is what
    this table prevents.
    """

    task = models.CharField(max_length=100)  # the Celery task name, e.g. "games.notify_turn"
    args = models.JSONField(default=list, blank=True)
    created = models.DateTimeField()
    due = models.DateTimeField(db_index=True)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.CharField(max_length=200, blank=True)
    # The id of the request (or task) that recorded it (core.request_ids): the task carries it
    # as a Celery header, so its log lines name the request that queued it. A database default,
    # so the previous release's INSERTs, which leave it out, still work during an upgrade.
    request_id = models.CharField(max_length=64, blank=True, default="", db_default="")

    class Meta:
        # The table keeps the name it had when messaging held the outbox (its NOTIFY trigger,
        # messaging migration 0005, names it).
        db_table = "messaging_outboxtask"

    def __str__(self) -> str:
        return f"Outbox {self.pk}: {self.task}{tuple(self.args)}"


class Heartbeat(models.Model):
    """The last sign of life of a process the readiness check cannot ask directly: a worker of
    each queue (the beat task `core.heartbeat`), beat itself, the mail receiver. One row per
    `name`, overwritten (core.heartbeats)."""

    name = models.CharField(max_length=50, primary_key=True)
    at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.name} at {self.at:%Y-%m-%d %H:%M:%S}"
