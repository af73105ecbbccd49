"""Entity tags of the game page, the status page and the SGF record, so that reloading an
unchanged page costs a 304 (no template, no body) instead of a render, and a page drawn before
for the same tag is served from the cache (`tagged_page`).

The game page's tag is a digest of everything the response shows, computed from what the view
has already read: whatever the page shows must be in its tag, or a reload would keep showing
the old page. Whoever adds something to the game page that can change without a move (a panel,
a count) adds it to `board_etag`'s parts. The status page's tag is computed before anything is
read, from the player's status stamp and the minute (`status_etag`): whoever shows something
there that changes with neither a game nor a challenge being saved accepts that it is up to a
minute behind, or renews the stamp when it changes. The code version is part of every tag, so
a deploy that changes templates, code or static files changes every tag.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
from collections.abc import Callable, Iterable

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control

from .fragments import FRAGMENT_VERSION, fragments_get, fragments_set, game_state_key
from .models import Game
from .status_stamps import status_stamp_get

# A whole page is kept briefly: its tag changes with every time-left label, so most reuse is a
# reload within minutes, and ~30 KB a page must not fill Redis (README, "Scale on paper").
PAGE_SECONDS = 300
# The status page's tag changes every minute: keeping it longer would only fill the cache.
STATUS_PAGE_SECONDS = 90
# What the game page's and the SGF's markup come from besides the data.
_CODE_DIRS = ("templates", "static", "rules", "accounts", "messaging", "games", "ladder")


@functools.cache
def code_version() -> str:
    """A digest of the names, sizes and modification times of the files the pages are made
    from (read once per process)."""
    digest = hashlib.sha256()
    for name in _CODE_DIRS:
        root = settings.BASE_DIR / name
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                stat = path.stat()
                digest.update(f"{path}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:16]


def etag_of(parts: Iterable[object]) -> str:
    """A strong entity tag (quoted) of `parts` and the code version."""
    digest = hashlib.sha256(f"{code_version()}:{FRAGMENT_VERSION}".encode())
    for part in parts:
        digest.update(b"\x1f" + repr(part).encode())
    return f'"{digest.hexdigest()[:32]}"'


def board_etag(*, request: HttpRequest, game: Game, context: dict, unread: object) -> str | None:
    """The game page's tag, or None when the page must be drawn each time: a finished game (its
    result section changes with the dispute window), a confirmation (`?confirm=`), or flash
    messages waiting to be shown. The viewer is part of it (their name, time zone, turn and
    CSRF secret, which the page's forms carry). Visitors who are not logged in share one tag
    per game state: their page has no form, so it carries nothing of theirs, and a visitor
    cannot make a new tag per request by sending a new CSRF cookie each time."""
    if game.is_over or request.GET or len(messages.get_messages(request)):
        return None
    user = request.user
    if user.is_authenticated:
        viewer = (user.pk, user.username, user.time_zone, request.META.get("CSRF_COOKIE", ""))
    else:
        viewer = ("anonymous",)
    return etag_of(
        (
            "board",
            viewer,
            game_state_key(game),
            context["appearance"],
            [(p.username, p.display_name) for p in (game.black, game.white)],
            [
                (p["left"], p["clock"].stopped, p["clock"].deadline, p["to_move"])
                for p in context["players"]
            ],
            [(line.pk, line.author.username, line.text) for line in context["chat_lines"]],
            _conditional_part(context.get("conditional")),
            tuple(unread),
        )
    )


def _conditional_part(section: dict | None) -> object:
    """The viewer's own "Plan answers" lines (the section exists only while they wait)."""
    if section is None:
        return None
    return [line["text"] for line in section["lines"]]


def status_etag(
    *, request: HttpRequest, now: dt.datetime, page: int, theme: str, unread: object
) -> str | None:
    """The status page's tag, or None when the page must be drawn (flash messages waiting, or
    a query other than `?page=`). It holds no data of the page, only what says when that data
    changes: the viewer's status stamp (renewed when any of their games or challenges is saved,
    games.status_stamps), the minute (time-left labels, challenges expiring, opponents' names),
    the page number the view paginates by (`page`, parsed once by the view so that two spellings
    of one number share a tag and two numbers never do), the viewer (name, time zone, board
    `theme` for the thumbnails, CSRF secret) and the header's unread counts."""
    if set(request.GET) - {"page"} or len(messages.get_messages(request)):
        return None
    user = request.user
    return etag_of(
        (
            "status",
            (user.pk, user.username, user.time_zone),
            theme,
            request.META.get("CSRF_COOKIE", ""),
            status_stamp_get(user_id=user.pk),
            now.replace(second=0, microsecond=0).isoformat(),
            page,
            tuple(unread),
        )
    )


def sgf_etag(*, game: Game) -> str:
    """The SGF record's tag: moves, result, players' names, date and the game's settings."""
    return etag_of(
        (
            "sgf",
            game.pk,
            game.moves,
            game.result,
            game.status,
            game.black.username,
            game.white.username,
            game.created.date(),
        )
    )


def tagged_page(
    request: HttpRequest,
    etag: str,
    draw: Callable[[], HttpResponse],
    *,
    seconds: int = PAGE_SECONDS,
) -> HttpResponse:
    """The page tagged `etag`: a 304 when the browser holds it, else the page drawn for this
    tag before (kept in the cache for `seconds`, games.fragments), else `draw()`, kept for the
    next time.

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
