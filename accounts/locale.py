"""The language and time zone a player reads in: on the site (accounts.middleware), in mails
and notices (messaging activates them once, where every mail is built: `reader_locale`)."""

from __future__ import annotations

import datetime as dt
import zoneinfo
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.utils import dateformat, formats, timezone, translation


def language_codes() -> list[str]:
    """The codes of settings.LANGUAGES, in the switcher's order."""
    return [code for code, _ in settings.LANGUAGES]


def language_chosen(*, user) -> str | None:
    """The language `user` chose (a code of settings.LANGUAGES), or None: no choice, a visitor,
    or a code the site no longer offers."""
    code = getattr(user, "language", "") or ""
    return code if code in language_codes() else None


def moment_text(*, value: dt.datetime, short: bool = False, zone: bool = True) -> str:
    """`value` as the active language writes a date and time (its DATETIME_FORMAT, or
    SHORT_DATETIME_FORMAT when `short`: moments within days, lists), followed by the
    abbreviation of its time zone ("UTC", "CET", "JST") when `zone`: "Thu 26 Nov 2026, 14:05
    UTC", "26. November 2026 14:05 UTC", "2026年11月26日14:05 UTC". Written in the zone `value`
    carries: convert it first (`timezone.localtime`) to show it in another. Templates use the
    `moment` filter (accounts_tags), which converts to the page's time zone."""
    said = formats.date_format(value, "SHORT_DATETIME_FORMAT" if short else "DATETIME_FORMAT")
    return f"{said} {dateformat.format(value, 'T')}" if zone else said


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
