"""The games' page-tag policy: which tag each kind of page carries (core.http_cache.tags
holds the mechanism).

* `board` (the game page): derived from everything its template reads (`page_etag` of its whole
  context); tests/games/pages/test_tags.py checks with Hypothesis that any change to a row the
  page reads that changes the page changes its tag.
* `status` (the status page): computed before anything is read, from the player's status stamp
  and the minute (`status_etag`): whoever shows something there that changes with neither a
  game nor a challenge being saved accepts that it is up to a minute behind, or renews the
  stamp when it changes (a ladder or tournament saved renews the stamps of its players, whose
  cards name it: ladder.receivers; watching or no longer watching a game renews the
  watcher's, whose "Watching" list shows the watched games' moves up to a minute late).
* `sgf` (the record): the columns the record is written from (`sgf_etag`).
* kept drawings (board, thumbnails): `game_state_key`, what of a game a drawing depends on.
"""

from __future__ import annotations

import datetime as dt
import json
import zlib

from django.contrib import messages
from django.http import HttpRequest

from core.http_cache.stamps import status_stamp_get
from core.http_cache.tags import etag_of, page_etag
from games.models import Game

# The status page's tag changes every minute: keeping it longer would only fill the cache.
STATUS_PAGE_SECONDS = 90


def game_state_key(game: Game) -> str:
    """What of `game` a drawing depends on: id, move number, status and count (a corrected
    count changes the drawing of a finished game without changing its moves)."""
    count = zlib.crc32(json.dumps(game.score, sort_keys=True).encode()) if game.score else 0
    return f"{game.pk}:{game.move_number}:{game.status}:{count:x}"


def board_etag(*, request: HttpRequest, game: Game, context: dict, unread: object) -> str | None:
    """The game page's tag (`page_etag` of its whole context), or None when the page must be
    drawn each time: a finished game (its result section changes with the dispute window), a
    query string (`?confirm=`), or flash messages waiting to be shown."""
    if game.is_over or request.GET or len(messages.get_messages(request)):
        return None
    return page_etag(request=request, name="board", context=context, extra=(tuple(unread),))


def status_etag(
    *, request: HttpRequest, now: dt.datetime, page: object, theme: str, unread: object
) -> str | None:
    """The status page's tag, or None when the page must be drawn (flash messages waiting, or
    a query other than `?page=` and `?running=`). It holds no data of the page, only what says
    when that data changes: the viewer's status stamp (renewed when any of their games or
    challenges is saved, core.http_cache.stamps), the minute (time-left labels, challenges
    expiring, opponents' names), the page numbers the view paginates by (`page`: the finished
    games' and the running games', parsed once by the view so that two spellings of one number
    share a tag and two numbers never do), the viewer (name, time zone, board `theme` for the
    thumbnails, CSRF secret) and the header's unread counts."""
    if set(request.GET) - {"page", "running"} or len(messages.get_messages(request)):
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
    """The SGF record's tag: moves, result, count, players' names, date and the game's
    settings."""
    return etag_of(
        (
            "sgf",
            game.pk,
            game.moves,
            game.result,
            game.score,
            game.status,
            game.black.username,
            game.white.username,
            game.created.date(),
        )
    )
