"""The archive of a player's data: asked for on the data page (`data_export_request`), built by
the task `accounts.data_export_build` (`data_export_build`), mailed as a signed link that
expires (`data_export_mail`), and deleted with its file by the beat sweep once expired
(`data_export_sweep`). A new archive may be asked for once per
settings.DATA_EXPORT_COOLDOWN_HOURS (`ExportTooSoon`). Reads: `data_export_latest`,
`data_export_next_allowed`, `data_export_by_token`."""

from __future__ import annotations

import datetime as dt
import logging
import os
import secrets
from pathlib import Path

from django.conf import settings
from django.core import signing
from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.translation import gettext

from accounts.data.archive import archive_total, archive_write
from accounts.data.models import DataExport, ExportStatus
from accounts.locale import reader_locale
from accounts.models import User
from core.mail import (
    MailContent,
    PermanentMailError,
    TransientMailError,
    message_build,
    message_send,
    site_url,
)
from core.outbox import enqueue_on_commit
from core.refusals import Refusal, refusal_register

logger = logging.getLogger(__name__)

BUILD_TASK = "accounts.data_export_build"
MAIL_TASK = "accounts.data_export_mail"
_SALT = "accounts.data.export"


class ExportTooSoon(ValidationError):
    """A new archive asked for within settings.DATA_EXPORT_COOLDOWN_HOURS of the last one;
    `allowed` is when the player may ask again."""

    def __init__(self, allowed: dt.datetime) -> None:
        when = formats.date_format(timezone.localtime(allowed), "DATETIME_FORMAT")
        super().__init__(
            gettext("You can ask for a new archive after %(when)s.") % {"when": when},
            code="export_too_soon",
        )
        self.allowed = allowed


refusal_register(ExportTooSoon, lambda error: Refusal(429, "export_too_soon", error.messages[0]))


def data_export_dir() -> Path:
    """The folder of the archives (MEDIA_ROOT/exports: backups carry it), made on first use."""
    path = Path(settings.MEDIA_ROOT) / "exports"
    path.mkdir(parents=True, exist_ok=True)
    return path


def _keep() -> dt.timedelta:
    return dt.timedelta(hours=settings.DATA_EXPORT_KEEP_HOURS)


def data_export_latest(*, user: User) -> DataExport | None:
    """The player's newest archive that has not expired (None when there is none)."""
    return DataExport.objects.filter(user=user).order_by("-requested", "-pk").first()


def data_export_next_allowed(*, user: User, now: dt.datetime) -> dt.datetime | None:
    """When `user` may ask for a new archive, if not yet at `now`: the last one they asked for
    (a failed build does not count) plus settings.DATA_EXPORT_COOLDOWN_HOURS; None when they
    may ask now."""
    last = (
        DataExport.objects.filter(user=user)
        .exclude(status=ExportStatus.FAILED)
        .order_by("-requested")
        .values_list("requested", flat=True)
        .first()
    )
    if last is None:
        return None
    allowed = last + dt.timedelta(hours=settings.DATA_EXPORT_COOLDOWN_HOURS)
    return allowed if allowed > now else None


@transaction.atomic
def data_export_request(*, user: User, now: dt.datetime) -> DataExport:
    """Ask for a new archive of `user`'s data; the build is queued in the same transaction. An
    archive still waiting or being built is returned as it is (asking twice builds once). The
    older archives (built or failed) are deleted, files and rows: a player has one archive on
    disk, however often they ask. Raises ExportTooSoon within the cooldown of the last one
    (`data_export_next_allowed`)."""
    User.objects.select_for_update().filter(pk=user.pk).first()  # one request at a time
    pending = DataExport.objects.filter(
        user=user, status__in=[ExportStatus.QUEUED, ExportStatus.BUILDING]
    ).first()
    if pending is not None:
        return pending
    allowed = data_export_next_allowed(user=user, now=now)
    if allowed is not None:
        raise ExportTooSoon(allowed)
    for older in DataExport.objects.filter(user=user):
        data_export_delete(export=older)
    export = DataExport.objects.create(user=user, requested=now, expires=now + _keep())
    enqueue_on_commit(BUILD_TASK, export.pk)
    return export


def data_export_build(*, export_id: int, now: dt.datetime) -> bool:
    """Build the archive of export `export_id` into its file and queue its mail; True when this
    call built it. Safe to run twice: an archive already built (or gone) is left alone, and a
    build that crashed half way starts again from nothing (the file is written under a temporary
    name and moved into place at the end)."""
    export = DataExport.objects.select_related("user").filter(pk=export_id).first()
    if export is None or export.status == ExportStatus.READY:
        return False
    total = archive_total(user=export.user)
    DataExport.objects.filter(pk=export.pk).update(status=ExportStatus.BUILDING, total=total)
    name = _file_name(export)
    final = data_export_dir() / name
    # A name of this run's own: a build redelivered while another still runs writes its own.
    partial = final.with_name(f"{name}.{secrets.token_hex(4)}.part")
    try:
        written = archive_write(
            user=export.user,
            path=partial,
            progress=lambda done: DataExport.objects.filter(pk=export.pk).update(done=done),
        )
        os.replace(partial, final)
    except BaseException:
        partial.unlink(missing_ok=True)
        DataExport.objects.filter(pk=export.pk).update(status=ExportStatus.FAILED)
        raise
    with transaction.atomic():
        DataExport.objects.filter(pk=export.pk).update(
            status=ExportStatus.READY,
            done=written,
            total=written,
            file_name=name,
            size=final.stat().st_size,
            finished=now,
            expires=now + _keep(),
        )
        enqueue_on_commit(MAIL_TASK, export.pk)
    return True


def _file_name(export: DataExport) -> str:
    return f"badux-data-{export.user_id}-{export.pk}.zip"


def data_export_token(*, export: DataExport) -> str:
    """The signed token of the archive's download link."""
    return signing.dumps({"export": export.pk, "user": export.user_id}, salt=_SALT)


def data_export_by_token(*, token: str, user: User, now: dt.datetime) -> DataExport | None:
    """The ready archive a download token names, if the token is sound, younger than
    settings.DATA_EXPORT_KEEP_HOURS, belongs to `user` and the archive has not expired."""
    try:
        data = signing.loads(token, salt=_SALT, max_age=_keep())
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or data.get("user") != user.pk:
        return None
    return DataExport.objects.filter(
        pk=data.get("export"), user=user, status=ExportStatus.READY, expires__gt=now
    ).first()


def data_export_path(*, export: DataExport) -> Path:
    return data_export_dir() / export.file_name


def data_export_mail(*, export_id: int) -> bool:
    """Mail the player the link to their archive; False when there is nothing to send (the
    archive expired or was deleted, or the server refused the mail for good). Sending twice
    sends the link twice, which is harmless."""
    export = DataExport.objects.select_related("user").filter(pk=export_id).first()
    if export is None or export.status != ExportStatus.READY or not export.user.email:
        return False
    user = export.user
    link = site_url(reverse("data_export_download", args=[data_export_token(export=export)]))
    with reader_locale(user=user):
        content = MailContent(
            subject=gettext("Your Badux data is ready"),
            template="accounts/mail/data_export_ready",
            context={"user": user, "download_url": link, "export": export},
        )
        message = message_build(
            to=user.email,
            content=content,
            unsubscribe_url=site_url(reverse("preferences_edit")),
            extra_context={"site_url": site_url()},
        )
    try:
        message_send(message)
    except PermanentMailError:
        logger.warning("Data export mail to user %s refused for good", user.pk, exc_info=True)
        return False
    except TransientMailError:
        raise
    return True


def data_export_sweep(*, now: dt.datetime) -> int:
    """Delete the archives (rows and files) whose expiry passed; returns how many. Safe to run
    twice or beside another sweep."""
    gone = 0
    for export in DataExport.objects.filter(expires__lte=now).iterator():
        data_export_delete(export=export)
        gone += 1
    return gone


def data_export_delete(*, export: DataExport) -> None:
    """Delete one archive: its file, then its row."""
    name = _file_name(export)
    (data_export_dir() / name).unlink(missing_ok=True)
    for partial in data_export_dir().glob(f"{name}.*.part"):  # a build that crashed
        partial.unlink(missing_ok=True)
    DataExport.objects.filter(pk=export.pk).delete()
