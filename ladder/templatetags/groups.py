"""`{% load groups %}`: a group's description and board posts as safe HTML."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString, mark_safe

from ladder.groups.markdown import markdown_safe

register = template.Library()


@register.filter
def group_markdown(text: str) -> SafeString:
    """`text` (Markdown) as sanitised HTML (ladder.groups.markdown: allow-listed tags only)."""
    return mark_safe(markdown_safe(text or ""))  # noqa: S308 - sanitised by nh3 just above
