"""Writes for accounts: profile, preferences, presence and the buddy / ignore lists.

Every function is keyword-only. Invalid values raise `ValidationError` naming the field, and
nothing is written.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django_countries import countries

from . import hooks
from .models import (
    BoardTheme,
    NotificationSetting,
    Preferences,
    RelationKind,
    User,
    UserRelation,
)
from .notifications import FIELD_PREFIX, Notify, kind_exists, kind_get
from .selectors import time_zone_choices

# `last_seen` is written at most once per this interval per player, so presence costs one
# UPDATE every few minutes instead of one per request. Must stay well below ONLINE_WINDOW.
LAST_SEEN_RESOLUTION = dt.timedelta(minutes=5)

BIO_MAX_LENGTH = 2000


def user_touch_last_seen(*, user: User, now: dt.datetime) -> bool:
    """Record that `user` was active at `now`, unless already recorded within
    `LAST_SEEN_RESOLUTION`. Returns whether a row was written.

    Compares the value already loaded on `user` first, so the common case runs no query;
    the conditional UPDATE keeps concurrent requests from writing twice.
    """
    if user.last_seen is not None and now - user.last_seen < LAST_SEEN_RESOLUTION:
        return False
    written = (
        User.objects.filter(pk=user.pk)
        .filter(Q(last_seen__isnull=True) | Q(last_seen__lte=now - LAST_SEEN_RESOLUTION))
        .update(last_seen=now)
    )
    user.last_seen = now
    return bool(written)


def profile_update(*, user: User, display_name: str, country: str, bio: str) -> User:
    """Set the public profile fields. `country` is an ISO alpha-2 code or empty."""
    display_name = display_name.strip()
    country = country.strip().upper()
    bio = bio.strip()
    errors: dict[str, str] = {}
    if len(display_name) > User._meta.get_field("display_name").max_length:
        errors["display_name"] = "Display name is too long (at most 50 characters)."
    if country and country not in countries:
        errors["country"] = f"Unknown country code {country!r}."
    if len(bio) > BIO_MAX_LENGTH:
        errors["bio"] = f"Bio is too long (at most {BIO_MAX_LENGTH} characters)."
    if errors:
        raise ValidationError(errors)
    user.display_name = display_name
    user.country = country
    user.bio = bio
    user.save(update_fields=["display_name", "country", "bio"])
    return user


def preferences_update(
    *,
    user: User,
    time_zone: str,
    board_theme: str,
    show_coordinates: bool,
    notify: Mapping[str, str],
    now: dt.datetime,
) -> Preferences:
    """Store all preferences of `user` (time zone lives on the user row). `notify` maps kind
    names to `Notify` modes, as `notify_modes_set` takes them; kinds it leaves out keep their
    setting. Nothing is written when any value is invalid. A new time zone runs the
    time-zone-changed hook (`accounts.hooks`) at `now`, in the same transaction."""
    errors: dict[str, str] = {}
    if time_zone not in time_zone_choices():
        errors["time_zone"] = f"Unknown time zone {time_zone!r}; pick one from the list."
    if board_theme not in BoardTheme.values:
        errors["board_theme"] = f"Unknown board theme {board_theme!r}."
    errors.update(_notify_errors(notify))
    if errors:
        raise ValidationError(errors)
    with transaction.atomic():
        if user.time_zone != time_zone:
            old = user.time_zone
            user.time_zone = time_zone
            user.save(update_fields=["time_zone"])
            hooks.time_zone_changed_run(user=user, old=old, new=time_zone, now=now)
        prefs, _ = Preferences.objects.update_or_create(
            user=user,
            defaults={"board_theme": board_theme, "show_coordinates": show_coordinates},
        )
        _notify_modes_write(user, notify)
    return prefs


def _notify_errors(modes: Mapping[str, str]) -> dict[str, str]:
    # Keyed by the preferences form's field names, so the page shows each error on its row.
    errors: dict[str, str] = {}
    for name, mode in modes.items():
        field = f"{FIELD_PREFIX}{name}"
        if not kind_exists(name=name):
            errors[field] = f"Unknown notification kind {name!r}."
        elif mode not in Notify.values:
            errors[field] = f"Unknown notification choice {mode!r}."
        elif mode not in (kind := kind_get(name=name)).modes:
            allowed = " or ".join(label for _, label in kind.choices())
            errors[field] = f"“{kind.label}” can only be set to {allowed}."
    return errors


def _notify_modes_write(user: User, modes: Mapping[str, str]) -> None:
    # One upsert for all kinds: concurrent saves never fail on the unique constraint.
    NotificationSetting.objects.bulk_create(
        [NotificationSetting(user=user, event=name, mode=mode) for name, mode in modes.items()],
        update_conflicts=True,
        unique_fields=["user", "event"],
        update_fields=["mode"],
    )


def notify_modes_set(*, user: User, modes: Mapping[str, str]) -> None:
    """Set `user`'s mode for each notification kind named in `modes` (kind name to `Notify`
    code), leaving every other kind as it is. Raises ValidationError, keyed `notify_<name>`,
    for an unknown kind or a mode the kind does not allow, and writes nothing then. Used by
    the unsubscribe links."""
    errors = _notify_errors(modes)
    if errors:
        raise ValidationError(errors)
    _notify_modes_write(user, modes)


def relation_set(*, owner: User, target: User, kind: str, now: dt.datetime) -> UserRelation:
    """Put `target` on `owner`'s buddy or ignore list, moving it off the other list."""
    if kind not in RelationKind.values:
        raise ValidationError(f"Unknown list {kind!r}.")
    if owner.pk == target.pk:
        raise ValidationError("You cannot put yourself on your own lists.")
    relation, _ = UserRelation.objects.update_or_create(
        owner=owner,
        target=target,
        defaults={"kind": kind},
        create_defaults={"kind": kind, "created": now},
    )
    return relation


def relation_remove(*, owner: User, target: User, kind: str) -> bool:
    """Take `target` off `owner`'s `kind` list. Returns whether it was on it."""
    deleted, _ = UserRelation.objects.filter(owner=owner, target=target, kind=kind).delete()
    return bool(deleted)
