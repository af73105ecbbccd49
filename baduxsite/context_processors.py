"""Template context for every page: where to write to the site and where its source is, the
release the page's scripts belong to, and the languages the footer offers."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest

from core.http_cache.tags import code_version


def site_links(request: HttpRequest) -> dict[str, str]:
    """`contact_email` (settings.CONTACT_EMAIL) and `source_url` (settings.SOURCE_URL); either
    may be empty, and templates leave the link out then."""
    return {"contact_email": settings.CONTACT_EMAIL, "source_url": settings.SOURCE_URL}


def release(request: HttpRequest) -> dict[str, str]:
    """`release`: the code version (core.http_cache.tags.code_version), put in the URL of the
    JavaScript catalog with the language, so a browser keeps one catalog per language and
    release: a player who changes language, or a new release, never gets yesterday's."""
    return {"release": code_version()}


def languages(request: HttpRequest) -> dict[str, list[tuple[str, str]]]:
    """`site_languages`: settings.LANGUAGES, each by its own name and never translated (Django's
    `get_available_languages` translates them: a French page offered English as "Anglais")."""
    return {"site_languages": settings.LANGUAGES}
