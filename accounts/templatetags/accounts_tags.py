"""Small display helpers for accounts templates."""

from __future__ import annotations

import datetime as dt

from django import template
from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import gettext

from accounts.locale import moment_text
from accounts.security.selectors import user_agent_name

register = template.Library()


@register.filter(expects_localtime=True)
def moment(value: dt.datetime | None, form: str = "") -> str:
    """A date and time with its zone, in the page's language and time zone
    (`accounts.locale.moment_text`): `{{ deadline|moment }}`, or `{{ sent|moment:"short" }}`
    for the short form. '' for anything but a datetime."""
    if not isinstance(value, dt.datetime):
        return ""
    return moment_text(value=value, short=form == "short")


@register.filter
def seen_ago(value: dt.datetime | None) -> str:
    """'just now', '5 minutes ago', ... for a past moment; 'never' for None."""
    if value is None:
        # Translators: when a player was last seen: never.
        return gettext("never")
    now = timezone.now()
    if now - value < dt.timedelta(minutes=1):
        # Translators: when a player was last seen: less than a minute ago.
        return gettext("just now")
    # Translators: when a player was last seen; %(time)s is a duration such as "5 minutes"
    # or "2 days, 3 hours".
    return gettext("%(time)s ago") % {"time": timesince(value, now)}


@register.filter
def device_name(user_agent: str) -> str:
    """`accounts.security.selectors.user_agent_name` in templates: "Firefox on Linux"."""
    return user_agent_name(user_agent=user_agent or "")
