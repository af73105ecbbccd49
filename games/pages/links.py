"""Links of the long lists (the status page's game cards and finished games): each URL pattern
is reversed once per page and filled in per row, since reverse() per row was a good part of the
page's time (about 150 reversals for 30 running and 20 finished games). The markup around them
is the templates' (templates/includes/player_name.html for a player)."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import quote

from django.urls import reverse
from django.utils.encoding import iri_to_uri
from django.utils.http import RFC3986_SUBDELIMS

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
