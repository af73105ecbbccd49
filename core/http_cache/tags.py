"""HTTP caching by entity tags: reloading an unchanged page costs a 304 (no template, no body)
instead of a render, and a page drawn before for the same tag is served from the cache
(`tagged_page`).

The mechanism, for any app: `page_etag` derives a page's tag from everything its template can
read (the whole context the view built, followed through to every column of every row in it,
the context processors' values and the viewer), with no list of fields to keep up to date;
`etag_of` tags what a page names explicitly (a stamp and the minute, a record's columns). Which
page carries which tag is its app's policy (games.pages.tags). The code version is part of every
tag, so a release that changes templates, code, translations or static files changes every tag,
and every host of one release computes the same tags."""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import functools
import hashlib
from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal

from django.conf import settings
from django.db.models import Model, QuerySet
from django.forms import BaseForm
from django.http import HttpRequest, HttpResponse
from django.template import engines
from django.utils import timezone
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.functional import LazyObject, Promise, empty
from django.utils.translation import get_language

from core.http_cache.fragments import FRAGMENT_VERSION, fragments_get, fragments_set

# A whole page is kept briefly: its tag changes with every time-left label, so most reuse is a
# reload within minutes, and ~30 KB a page must not fill Redis (docs/scale.md).
PAGE_SECONDS = 300
# What the pages' markup comes from besides the data.
_CODE_DIRS = (
    "templates",
    "static",
    "locale",
    "rules",
    "core",
    "accounts",
    "messaging",
    "games",
    "ladder",
)
_CODE_SUFFIXES = frozenset({".py", ".html", ".txt", ".css", ".js", ".svg", ".mo", ".json"})


@functools.cache
def code_version() -> str:
    """A digest of the paths (relative to the project) and contents of the files the pages are
    made from, read once per process: the same on every host that runs one release, whatever
    the files' modification times, and different after any change to them."""
    digest = hashlib.sha256()
    base = settings.BASE_DIR
    for name in _CODE_DIRS:
        root = base / name
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            if path.suffix in _CODE_SUFFIXES and path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(base).as_posix().encode() + b"\0")
                digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def etag_of(parts: Iterable[object]) -> str:
    """A strong entity tag (quoted) of `parts`, the code version and the active language (the
    same page in Japanese and in German is two pages, kept apart)."""
    digest = hashlib.sha256(f"{code_version()}:{FRAGMENT_VERSION}:{get_language()}".encode())
    for part in parts:
        digest.update(b"\x1f" + repr(part).encode())
    return f'"{digest.hexdigest()[:32]}"'


def page_etag(
    *, request: HttpRequest, name: str, context: Mapping, extra: Iterable[object] = ()
) -> str:
    """A tag derived from everything the page's template can read, not from a list of fields:
    every value of `context` followed through to the rows it holds (`_feed`: every column of
    every model instance and of the related rows loaded with it, every field of a dataclass,
    every item of a list or dict), the values the context processors add (the header's
    counts, the site's links), the viewer (their whole row; for a logged-in viewer the CSRF
    secret their forms carry) and `extra`. So whatever a view puts in the context for the
    template is in the tag; what a template tag would read on its own is not, and a page
    feeds it to its context instead (the ladder's link comes through `games.hooks`).

    Times are taken to the minute, the finest a page shows, so that a clock running down
    changes the tag once a minute and not at every request. Visitors who are not logged in
    share one tag per page state: their page has no form, so it carries nothing of theirs,
    and a visitor cannot make a new tag per request by sending a new CSRF cookie each time."""
    # The active language and time zone: the words and times the page shows are read in them.
    out = [
        f"{code_version()}:{FRAGMENT_VERSION}:{get_language()}:"
        f"{timezone.get_current_timezone_name()}:{name}".encode()
    ]
    seen: dict[int, tuple[int, object]] = {}
    user = request.user
    if user.is_authenticated:
        _feed(out, ("viewer", request.META.get("CSRF_COOKIE", "")), seen)
        _feed(out, getattr(user, "_wrapped", user), seen)
    else:
        _feed(out, "anonymous", seen)
    for key in sorted(context):
        _feed(out, (key,), seen)
        _feed(out, context[key], seen)
    for processor in engines["django"].engine.template_context_processors:
        for key, value in sorted(processor(request).items()):
            if key not in _COVERED_ELSEWHERE:
                _feed(out, (key,), seen)
                _feed(out, value, seen)
    _feed(out, list(extra), seen)
    return f'"{hashlib.sha256(b"".join(out)).hexdigest()[:32]}"'


# What context processors add that the tag covers otherwise: the viewer (`user`, `perms`),
# the request itself (the URL is the page's; a query string gets no tag), the flash messages
# (waiting messages get no tag) and the CSRF token (its secret is the viewer's part).
_COVERED_ELSEWHERE = frozenset(
    {"request", "user", "perms", "messages", "DEFAULT_MESSAGE_LEVELS", "csrf_token"}
)
_SCALARS = (str, bytes, int, float, bool, type(None), Decimal, dt.time, enum.Enum)


def _scalar(value: object) -> bytes:
    return b"\x1f" + type(value).__name__.encode() + b":" + repr(value).encode()


def _minute(value: dt.datetime) -> bytes:
    return b"\x1ft" + value.replace(second=0, microsecond=0).isoformat().encode()


def _minutes(value: dt.timedelta) -> bytes:
    return b"\x1fd" + str(value // dt.timedelta(minutes=1)).encode()


def _binary(value: bytes | bytearray | memoryview) -> bytes:
    # A binary column (a game's position_state; PostgreSQL hands it over as a memoryview, whose
    # repr holds an address): the bytes themselves.
    return b"\x1fbytes:" + bytes(value)


# The values a page holds most, by exact type (most of a tag's work is its rows' columns):
# written at once, without the walk through the kinds of value `_feed` knows.
_WRITERS: dict[type, Callable[[object], bytes]] = {
    **{kind: _scalar for kind in (str, int, float, bool, type(None), Decimal, dt.time, dt.date)},
    dt.datetime: _minute,
    dt.timedelta: _minutes,
    bytes: _binary,
    bytearray: _binary,
    memoryview: _binary,
}


def _feed(out: list[bytes], value: object, seen: dict[int, tuple[int, object]]) -> None:
    """Append `value` and everything it holds to `out`, in an order that depends only on the
    values (`page_etag`)."""
    write = _WRITERS.get(type(value))
    if write is not None:
        out.append(write(value))
        return
    if isinstance(value, LazyObject):
        if value._wrapped is empty:
            value._setup()
        value = value._wrapped
    if isinstance(value, Promise):  # a lazy translation
        value = str(value)
    if isinstance(value, dt.datetime):
        out.append(_minute(value))
        return
    if isinstance(value, dt.timedelta):
        out.append(_minutes(value))
        return
    if isinstance(value, bytes | bytearray | memoryview):
        out.append(_binary(value))
        return
    if isinstance(value, (dt.date, *_SCALARS)):
        out.append(_scalar(value))
        return
    if id(value) in seen:  # a row or object fed already (a player's row, its game)
        out.append(b"\x1f@" + str(seen[id(value)][0]).encode())
        return
    # Holding `value` keeps its id from going to a new object fed later.
    seen[id(value)] = (len(seen), value)
    out.append(b"\x1f<" + type(value).__qualname__.encode())
    if isinstance(value, Model):
        _feed_row(out, value, seen)
    elif isinstance(value, Mapping):
        for key in sorted(value, key=repr):
            _feed(out, key, seen)
            _feed(out, value[key], seen)
    elif isinstance(value, QuerySet):
        for row in value:  # evaluated once: the template reads the same rows
            _feed(out, row, seen)
    elif isinstance(value, list | tuple):
        for item in value:
            _feed(out, item, seen)
    elif isinstance(value, set | frozenset):
        for item in sorted(value, key=repr):
            _feed(out, item, seen)
    elif isinstance(value, BaseForm):
        _feed(out, (value.prefix, value.initial, value.is_bound), seen)
        if value.is_bound:
            _feed(out, (dict(value.data.lists()), value.errors.get_json_data()), seen)
    elif dataclasses.is_dataclass(value):
        for field in dataclasses.fields(value):
            _feed(out, (field.name,), seen)
            _feed(out, getattr(value, field.name), seen)
    elif callable(value):
        out.append(getattr(value, "__qualname__", "").encode())
    elif hasattr(value, "__dict__"):
        for key, item in sorted(vars(value).items()):
            if not key.startswith("_") and not callable(item):
                _feed(out, (key,), seen)
                _feed(out, item, seen)
    else:
        out.append(repr(value).encode())
    out.append(b"\x1f>")


@functools.cache
def _row_columns(model: type[Model]) -> tuple[tuple[tuple[str, bytes], ...], frozenset[str]]:
    """A model's columns as (attribute name, its key in a tag), and the set of those names."""
    attnames = [field.attname for field in model._meta.concrete_fields]
    keys = tuple((attname, b"\x1fk" + attname.encode()) for attname in attnames)
    return keys, frozenset(attnames)


def _feed_row(out: list[bytes], row: Model, seen: dict[int, tuple[int, object]]) -> None:
    """A model instance: every column loaded, every related row loaded with it (select_related,
    prefetch_related, or read once already), and its scalar annotations."""
    loaded = row.__dict__
    keys, columns = _row_columns(type(row))
    for attname, key in keys:
        if attname in loaded:
            out.append(key)
            _feed(out, loaded[attname], seen)
    for name, related in sorted(row._state.fields_cache.items()):
        _feed(out, (name,), seen)
        _feed(out, related, seen)
    for name, rows in sorted(getattr(row, "_prefetched_objects_cache", {}).items()):
        _feed(out, (name,), seen)
        _feed(out, rows, seen)
    for key, item in sorted(loaded.items()):
        if key not in columns and not key.startswith("_") and isinstance(item, _SCALARS):
            _feed(out, (key,), seen)
            _feed(out, item, seen)


def tagged_page(
    request: HttpRequest,
    etag: str,
    draw: Callable[[], HttpResponse],
    *,
    seconds: int = PAGE_SECONDS,
) -> HttpResponse:
    """The page tagged `etag`: a 304 when the browser holds it, else the page drawn for this
    tag before (kept in the cache for `seconds`, core.http_cache.fragments), else `draw()`,
    kept for the next time.

    The tag covers everything the page shows, the logged-in viewer's CSRF secret included, so
    a kept page is the page `draw()` would give (its forms carry a token masked differently,
    valid for the same secret). A logged-in viewer without a CSRF cookie yet gets a fresh
    page: drawing it sets the cookie its forms need. A page drawn for a visitor who is not
    logged in is kept only if it carries no CSRF token (their tag leaves the secret out)."""
    unchanged = get_conditional_response(request, etag=etag)
    if unchanged is not None:
        return revalidate(unchanged, etag)
    keep = not request.user.is_authenticated or bool(request.META.get("CSRF_COOKIE"))
    key = f"games:page:{etag.strip(chr(34))}"
    if keep:
        html = fragments_get([key]).get(key)
        if isinstance(html, str):
            return revalidate(HttpResponse(html), etag)
    response = draw()
    if not request.user.is_authenticated and request.META.get("CSRF_COOKIE_NEEDS_UPDATE"):
        keep = False  # the page used a token (get_token): it is this visitor's alone
    if keep and response.status_code == 200 and not response.streaming:
        fragments_set({key: response.content.decode(response.charset)}, seconds)
    return revalidate(response, etag)


def revalidate(response: HttpResponse, etag: str) -> HttpResponse:
    """Tag `response`; browsers keep it privately and ask again each time (If-None-Match)."""
    response["ETag"] = etag
    patch_cache_control(response, private=True, no_cache=True)
    return response
