"""Template context for every page: where to write to the site and where its source is."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def site_links(request: HttpRequest) -> dict[str, str]:
    """`contact_email` (settings.CONTACT_EMAIL) and `source_url` (settings.SOURCE_URL); either
    may be empty, and templates leave the link out then."""
    return {"contact_email": settings.CONTACT_EMAIL, "source_url": settings.SOURCE_URL}
