"""Tasks of the players' data: build and mail an archive, and the beat sweeps that delete
expired archives and erase the accounts whose grace period ended."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from accounts.data import erasure, exports
from core.mail import RETRY_OPTIONS


# 10,000 games take 2.5 to 5 minutes (bench/data_export.py), past the default limits; these stay
# below the broker's visibility timeout (10 minutes), so a long build is not delivered twice.
@shared_task(name=exports.BUILD_TASK, soft_time_limit=9 * 60, time_limit=9 * 60 + 30)
def data_export_build(export_id: int) -> bool:
    """Build one archive (safe to run twice: a built archive is left alone)."""
    return exports.data_export_build(export_id=export_id, now=timezone.now())


@shared_task(name=exports.MAIL_TASK, **RETRY_OPTIONS)
def data_export_mail(export_id: int) -> bool:
    """Mail the archive's link (retried on the mail server's transient errors)."""
    return exports.data_export_mail(export_id=export_id)


@shared_task(name="accounts.data_export_sweep")
def data_export_sweep() -> int:
    """Beat, hourly: delete the expired archives."""
    return exports.data_export_sweep(now=timezone.now())


@shared_task(name="accounts.account_erase_sweep")
def account_erase_sweep() -> int:
    """Beat, hourly: erase the accounts whose grace period ended."""
    return erasure.account_erase_sweep(now=timezone.now())
