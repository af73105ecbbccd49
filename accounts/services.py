"""Writes for accounts: profile, preferences, presence and the buddy / ignore lists.

Every function is keyword-only. Invalid values raise `ValidationError` naming the field, and
nothing is written.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django_countries import countries

from .models import (
    NOTIFY_FIELDS,
    BoardTheme,
    Notify,
    Preferences,
    RelationKind,
    User,
    UserRelation,
    notify_choices,
)
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
    notify_your_turn: str,
    notify_game_over: str,
    notify_challenge: str,
    notify_challenge_answered: str,
    notify_timeout_warning: str,
    notify_dispute: str,
    notify_chat: str,
    notify_message: str,
) -> Preferences:
    """Store all preferences of `user` (time zone lives on the user row)."""
    notify = {
        "notify_your_turn": notify_your_turn,
        "notify_game_over": notify_game_over,
        "notify_challenge": notify_challenge,
        "notify_challenge_answered": notify_challenge_answered,
        "notify_timeout_warning": notify_timeout_warning,
        "notify_dispute": notify_dispute,
        "notify_chat": notify_chat,
        "notify_message": notify_message,
    }
    errors: dict[str, str] = {}
    if time_zone not in time_zone_choices():
        errors["time_zone"] = f"Unknown time zone {time_zone!r}; pick one from the list."
    if board_theme not in BoardTheme.values:
        errors["board_theme"] = f"Unknown board theme {board_theme!r}."
    for field, value in notify.items():
        error = _notify_error(field, value)
        if error:
            errors[field] = error
    if errors:
        raise ValidationError(errors)
    with transaction.atomic():
        if user.time_zone != time_zone:
            user.time_zone = time_zone
            user.save(update_fields=["time_zone"])
        prefs, _ = Preferences.objects.update_or_create(
            user=user,
            defaults={"board_theme": board_theme, "show_coordinates": show_coordinates, **notify},
        )
    return prefs


def _notify_error(field: str, value: str) -> str | None:
    if value not in Notify.values:
        return f"Unknown notification choice {value!r}."
    if value not in dict(notify_choices(field)):
        return "This event is only collected in the daily digest, never mailed on its own."
    return None


def preferences_notify_set(*, user: User, fields: Iterable[str], value: str) -> Preferences:
    """Set the notification preference `fields` (names in `NOTIFY_FIELDS`) of `user` to
    `value`, leaving every other preference as it is. Used by the unsubscribe links."""
    fields = list(fields)
    errors = {f: "Unknown preference." for f in fields if f not in NOTIFY_FIELDS}
    errors.update({f: e for f in fields if f not in errors and (e := _notify_error(f, value))})
    if errors:
        raise ValidationError(errors)
    with transaction.atomic():
        prefs, _ = Preferences.objects.select_for_update().get_or_create(user=user)
        for field in fields:
            setattr(prefs, field, value)
        prefs.save(update_fields=fields)
    return prefs


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
