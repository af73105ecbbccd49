"""Small display helpers for accounts templates."""

from __future__ import annotations

import datetime as dt

from django import template
from django.utils import timezone
from django.utils.timesince import timesince

register = template.Library()


@register.filter
def seen_ago(value: dt.datetime | None) -> str:
    """'just now', '5 minutes ago', ... for a past moment; 'never' for None."""
    if value is None:
        return "never"
    now = timezone.now()
    if now - value < dt.timedelta(minutes=1):
        return "just now"
    return f"{timesince(value, now)} ago"
