"""The accounts app's part of the players' data: the profile and preferences in the archive,
and what closing an account does to its own tables (and to Django's and allauth's)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

from django.core.cache import cache

from accounts.data.archive import json_chunks
from accounts.data.exports import data_export_delete
from accounts.data.models import DataExport
from accounts.data.registry import (
    ArchiveFile,
    eraser_register,
    links_register,
    outbox_task_register,
    part_register,
)
from accounts.models import User
from accounts.selectors import board_appearance_key, notify_modes_get, preferences_get

PROFILE_FIELDS = (
    "username",
    "email",
    "display_name",
    "country",
    "bio",
    "time_zone",
    "language",
    "date_joined",
    "last_login",
)


def _files(*, user: User) -> Iterator[ArchiveFile]:
    yield ArchiveFile("profile.json", json_chunks({f: getattr(user, f) for f in PROFILE_FIELDS}))
    preferences = preferences_get(user=user)
    relations = [
        {"player": relation.target.username, "list": relation.kind, "since": relation.created}
        for relation in user.relations.select_related("target").order_by("created", "pk")
    ]
    yield ArchiveFile(
        "preferences.json",
        json_chunks(
            {
                "board_theme": preferences.board_theme,
                "show_coordinates": preferences.show_coordinates,
                "notifications": notify_modes_get(user=user),
                "lists": relations,
                "api_tokens": list(
                    user.api_tokens.order_by("created").values(
                        "name", "scope", "created", "last_used", "revoked"
                    )
                ),
            }
        ),
    )


def _erase_own(*, user: User, now: dt.datetime) -> None:
    """The cached board look, and the archive files (before their rows go)."""
    cache.delete(board_appearance_key(user_id=user.pk))
    for export in DataExport.objects.filter(user=user):
        data_export_delete(export=export)


def register() -> None:
    part_register(name="profile", count=lambda *, user: 2, files=_files)
    links_register(
        keep=[
            # The record that this placeholder was a closed account, and when it was erased.
            "accounts.AccountClosure.user",
            # Staff's admin history stays whole (it names the staff member, not the player).
            "admin.LogEntry.user",
            # Moderation's records stay whole, naming the placeholder: the staff log is
            # append-only, and a report or sanction is evidence for the players it concerned.
            "accounts.Report.reporter",
            "accounts.Report.reported_user",
            "accounts.Report.closed_by",
            "accounts.Sanction.user",
            "accounts.Sanction.moderator",
            "accounts.StaffLogEntry.moderator",
            "accounts.StaffLogEntry.user",
        ],
        erase=[
            "accounts.Preferences.user",
            "accounts.NotificationSetting.user",
            "accounts.UserRelation.owner",
            "accounts.UserRelation.target",
            "accounts.ApiToken.user",
            "accounts.DataExport.user",
            "accounts.User_groups.user",
            "accounts.User_user_permissions.user",
            "account.EmailAddress.user",
            # allauth's second factors and tracked sessions (accounts.security).
            "mfa.Authenticator.user",
            "usersessions.UserSession.user",
        ],
    )
    eraser_register(_erase_own)
    outbox_task_register("accounts.data_export_build", row_model="accounts.DataExport")
    outbox_task_register("accounts.data_export_mail", row_model="accounts.DataExport")
