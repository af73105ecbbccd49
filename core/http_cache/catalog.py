"""The JavaScript catalog (`/i18n/js/`), kept an hour per language and per release: its cache
key carries the code version, so new translations reach the scripts at once after an upgrade
instead of an hour later."""

from __future__ import annotations

import functools

from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import cache_page
from django.views.i18n import JavaScriptCatalog

from core.http_cache.tags import code_version

CATALOG_SECONDS = 60 * 60
_catalog = JavaScriptCatalog.as_view(domain="djangojs")


def javascript_catalog(request: HttpRequest) -> HttpResponse:
    """Django's JavaScript catalog of the `djangojs` domain, through the page cache."""
    return _kept(code_version())(request)


@functools.cache
def _kept(version: str):
    """The catalog view kept under `version`'s key prefix (built once per release)."""
    return cache_page(CATALOG_SECONDS, key_prefix=f"jsi18n-{version}")(_catalog)
