"""The rows of the players' data: an archive asked for (`DataExport`) and an account being
closed (`AccountClosure`). Imported by accounts.models, so that Django finds them."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ExportStatus(models.TextChoices):
    """Where an archive is. Stored codes."""

    QUEUED = "queued", _("Waiting to be built")
    BUILDING = "building", _("Being built")
    READY = "ready", _("Ready to download")
    FAILED = "failed", _("Failed")


class DataExport(models.Model):
    """An archive of a player's data, built by the task `accounts.data_export_build` into a file
    under MEDIA_ROOT/exports and deleted (row and file) by the beat sweep once `expires`
    passed."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="data_exports"
    )
    status = models.CharField(
        max_length=10, choices=ExportStatus.choices, default=ExportStatus.QUEUED
    )
    done = models.PositiveIntegerField(default=0)  # files written so far
    total = models.PositiveIntegerField(default=0)  # files to write
    file_name = models.CharField(max_length=100, blank=True)
    size = models.PositiveBigIntegerField(default=0)
    requested = models.DateTimeField()
    finished = models.DateTimeField(null=True, blank=True)
    expires = models.DateTimeField(db_index=True)

    class Meta:
        indexes = [models.Index(fields=["user", "-requested"], name="data_export_user_newest")]

    def __str__(self) -> str:
        return f"Data export {self.pk} of user {self.user_id} ({self.status})"

    @property
    def percent(self) -> int:
        if self.status == ExportStatus.READY:
            return 100
        return min(99, 100 * self.done // self.total) if self.total else 0


class AccountClosure(models.Model):
    """A player asked to close their account at `requested`; unless they log in again before
    `erase_at` (which deletes this row: the account is restored), the beat sweep erases it
    then and sets `erased`."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="closure"
    )
    requested = models.DateTimeField()
    erase_at = models.DateTimeField(db_index=True)
    erased = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Closure of user {self.user_id} at {self.erase_at}"
