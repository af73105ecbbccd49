"""The language and time zone a player reads in: on the site (accounts.middleware), in mails
and notices (messaging activates them once, where every mail is built: `reader_locale`)."""

from __future__ import annotations

import datetime as dt
import zoneinfo
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.utils import timezone, translation


def language_codes() -> list[str]:
    """The codes of settings.LANGUAGES, in the switcher's order."""
    return [code for code, _ in settings.LANGUAGES]


def language_chosen(*, user) -> str | None:
    """The language `user` chose (a code of settings.LANGUAGES), or None: no choice, a visitor,
    or a code the site no longer offers."""
    code = getattr(user, "language", "") or ""
    return code if code in language_codes() else None


def user_zone(*, user) -> dt.tzinfo:
    """The player's time zone; UTC when their stored name is unknown to this machine."""
    try:
        return zoneinfo.ZoneInfo(user.time_zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return dt.UTC


@contextmanager
def reader_locale(*, user) -> Iterator[None]:
    """Within the block, gettext speaks `user`'s language (else settings.LANGUAGE_CODE, never
    the language of whoever happened to trigger the task) and times show in their time zone.
    Use it around everything that writes words for `user` outside a request: mail subjects and
    bodies, notice texts."""
    with (
        translation.override(language_chosen(user=user) or settings.LANGUAGE_CODE),
        timezone.override(user_zone(user=user)),
    ):
        yield
