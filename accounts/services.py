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
from django.utils.translation import gettext as _
from django_countries import countries

from accounts import hooks
from accounts.locale import language_codes
from accounts.models import (
    BoardTheme,
    NotificationSetting,
    Preferences,
    RelationKind,
    User,
    UserRelation,
)
from accounts.notifications import FIELD_PREFIX, Notify, kind_exists, kind_get
from accounts.selectors import time_zone_choices

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
        errors["display_name"] = _("Display name is too long (at most 50 characters).")
    if country and country not in countries:
        errors["country"] = _("Unknown country code '%(code)s'.") % {"code": country}
    if len(bio) > BIO_MAX_LENGTH:
        errors["bio"] = _("Bio is too long (at most %(most)s characters).") % {
            "most": BIO_MAX_LENGTH
        }
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
    language: str | None = None,
) -> Preferences:
    """Store all preferences of `user` (time zone and language live on the user row). `notify`
    maps kind names to `Notify` modes, as `notify_modes_set` takes them; kinds it leaves out
    keep their setting. `language` is a code of settings.LANGUAGES, "" for the browser's
    language, None to leave it. Nothing is written when any value is invalid. A new time zone
    runs the time-zone-changed hook (`accounts.hooks`) at `now`, in the same transaction."""
    errors: dict[str, str] = {}
    if time_zone not in time_zone_choices():
        errors["time_zone"] = _("Unknown time zone '%(zone)s'; pick one from the list.") % {
            "zone": time_zone
        }
    if board_theme not in BoardTheme.values:
        errors["board_theme"] = _("Unknown board theme '%(theme)s'.") % {"theme": board_theme}
    if language is not None and language and language not in language_codes():
        errors["language"] = _("Unknown language “%(code)s”.") % {"code": language}
    errors.update(_notify_errors(notify))
    if errors:
        raise ValidationError(errors)
    with transaction.atomic():
        if language is not None:
            user_language_set(user=user, language=language)
        if user.time_zone != time_zone:
            old = user.time_zone
            user.time_zone = time_zone
            user.save(update_fields=["time_zone"])
            hooks.time_zone_changed_run(user=user, old=old, new=time_zone, now=now)
        prefs, _created = Preferences.objects.update_or_create(
            user=user,
            defaults={"board_theme": board_theme, "show_coordinates": show_coordinates},
        )
        _notify_modes_write(user, notify)
    return prefs


def user_time_zone_set(*, user: User, time_zone: str) -> None:
    """Set a new account's time zone at sign-up (an IANA name from `time_zone_choices`;
    others are refused with ValueError). A new account has no running clock, so no hook runs;
    later changes go through `preferences_update`."""
    if time_zone not in time_zone_choices():
        raise ValueError(f"unknown time zone {time_zone!r}")
    user.time_zone = time_zone
    user.save(update_fields=["time_zone"])


def user_language_set(*, user: User, language: str) -> None:
    """Store the language `user` reads the site and their mails in: a code of
    settings.LANGUAGES, or "" to follow the browser. ValidationError for any other code."""
    if language and language not in language_codes():
        raise ValidationError({"language": _("Unknown language “%(code)s”.") % {"code": language}})
    if user.language != language:
        user.language = language
        user.save(update_fields=["language"])


def _notify_errors(modes: Mapping[str, str]) -> dict[str, str]:
    # Keyed by the preferences form's field names, so the page shows each error on its row.
    errors: dict[str, str] = {}
    for name, mode in modes.items():
        field = f"{FIELD_PREFIX}{name}"
        if not kind_exists(name=name):
            errors[field] = _("Unknown notification kind '%(name)s'.") % {"name": name}
        elif mode not in Notify.values:
            errors[field] = _("Unknown notification choice '%(mode)s'.") % {"mode": mode}
        elif mode not in (kind := kind_get(name=name)).modes:
            allowed = _(" or ").join(str(label) for _code, label in kind.choices())
            errors[field] = _("“%(kind)s” can only be set to %(allowed)s.") % {
                "kind": kind.label,
                "allowed": allowed,
            }
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
        raise ValidationError(_("Unknown list '%(kind)s'.") % {"kind": kind})
    if owner.pk == target.pk:
        raise ValidationError(_("You cannot put yourself on your own lists."))
    relation, _created = UserRelation.objects.update_or_create(
        owner=owner,
        target=target,
        defaults={"kind": kind},
        create_defaults={"kind": kind, "created": now},
    )
    return relation


def relation_remove(*, owner: User, target: User, kind: str) -> bool:
    """Take `target` off `owner`'s `kind` list. Returns whether it was on it."""
    deleted, _by_model = UserRelation.objects.filter(owner=owner, target=target, kind=kind).delete()
    return bool(deleted)
