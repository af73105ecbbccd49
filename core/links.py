"""Paths of the site's pages by name, reversed once: Django's `reverse` walks the URL patterns
at every call (some 15 µs), and a page of a ladder or a tournament names hundreds of players
and games (bench/pages_at_scale.py: "McMahon, heavy", "ladder (big), heavy").

A path depends only on the pattern's name, its arguments, the URL configuration and the script
prefix of the request (FORCE_SCRIPT_NAME or the server's SCRIPT_NAME); all four are the cache's
key, so a path is never served under another prefix. The site has no language prefix in its
paths (no i18n_patterns)."""

from __future__ import annotations

import functools

from django.urls import get_script_prefix, get_urlconf, reverse

# Distinct paths kept (players and games a process has named lately); an entry is ~200 bytes.
KEPT = 20_000


@functools.lru_cache(maxsize=KEPT)
def _reversed(name: str, args: tuple, urlconf: str | None, prefix: str) -> str:
    return reverse(name, args=args, urlconf=urlconf)


def page_path(name: str, *args: str | int) -> str:
    """`reverse(name, args=args)`, kept: the same path for the same name, arguments, URL
    configuration and script prefix. Raises NoReverseMatch as `reverse` does (not kept)."""
    return _reversed(name, args, get_urlconf(), get_script_prefix())
