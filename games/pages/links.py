"""Links of the long lists (the status page's game cards and finished games): each URL pattern
is reversed once per page and filled in per row, since reverse() per row was a good part of the
page's time (about 150 reversals for 30 running and 20 finished games)."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import quote

from django.urls import reverse
from django.utils.encoding import iri_to_uri
from django.utils.html import format_html
from django.utils.http import RFC3986_SUBDELIMS
from django.utils.translation import gettext

# Distinct enough never to appear in a URL prefix (int and str converters both accept it).
_SAMPLE = "987654321"


def url_former(viewname: str) -> Callable[[object], str]:
    """A function `value -> reverse(viewname, args=[value])` for URL patterns with a single
    int or str argument, reversing only once (with the script prefix of the current request).
    The value is quoted as reverse() quotes it."""
    head, _, tail = reverse(viewname, args=[_SAMPLE]).rpartition(_SAMPLE)

    def form(value: object) -> str:
        return iri_to_uri(f"{head}{quote(str(value), safe=RFC3986_SUBDELIMS + '/~:@')}{tail}")

    return form


def player_links() -> Callable[[object], str]:
    """A function `player -> HTML` giving what templates/includes/player_name.html gives: the
    username linked to the profile, the display name in brackets when there is one, and the
    "bot" tag for a bot account."""
    profile_url = url_former("profile_detail")
    bot = format_html(' <span class="tag bot-tag">{}</span>', gettext("bot"))

    def link(player) -> str:
        html = format_html('<a href="{}">{}</a>', profile_url(player.username), player.username)
        if player.display_name:
            html += format_html(' <span class="muted">({})</span>', player.display_name)
        if player.is_bot:
            html += bot
        return html

    return link
