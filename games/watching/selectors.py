"""Reads of watch and follow: a game's watchers and their count, a player's watched games,
the follow feed, spectators' comments, and the games browser (public games by last activity,
read a page at a time from a key, never with OFFSET)."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterator

from django.db.models import Count, DateTimeField, Q, QuerySet
from django.db.models.functions import Coalesce

from accounts.models import User
from games import hooks
from games.models import Game, GameStatus
from games.watching.models import GameWatch, Kibitz, KibitzHidden, PlayerFollow

BROWSE_PAGE_SIZE = 25
FEED_SIZE = 12
WATCHING_SHOWN = 50


def watchers_of(*, game: Game) -> Iterator[User]:
    """The players who watch `game` (not its own players), read in chunks."""
    rows = User.objects.filter(pk__in=GameWatch.objects.filter(game=game).values("user_id"))
    return rows.exclude(pk__in=[game.black_id, game.white_id]).order_by("pk").iterator(500)


@dataclasses.dataclass(frozen=True)
class WatchState:
    """How many watch a game, and whether the viewer does."""

    count: int
    mine: bool


def watch_state(*, game: Game, viewer: User | None) -> WatchState:
    """The watchers' count of `game` and whether `viewer` is one of them (one query)."""
    viewer_id = viewer.pk if viewer is not None and viewer.is_authenticated else None
    found = GameWatch.objects.filter(game=game).aggregate(
        count=Count("pk"), mine=Count("pk", filter=Q(user_id=viewer_id))
    )
    return WatchState(count=found["count"], mine=bool(found["mine"]))


def games_watched_by(*, user: User, limit: int = WATCHING_SHOWN) -> list[Game]:
    """The public games `user` watches, running ones first, then by last activity, newest
    first, with their players (one query)."""
    return list(
        Game.objects.filter(public=True, watches__user=user)
        .select_related("black", "white")
        .annotate(active=Coalesce("last_move_at", "created"))
        .order_by("-status", "-active", "-pk")[:limit]
    )


def follows_player(*, follower: User | None, followed: User) -> bool:
    """Whether `follower` (None or anonymous: no) follows `followed`."""
    if follower is None or not follower.is_authenticated:
        return False
    return PlayerFollow.objects.filter(follower=follower, followed=followed).exists()


@dataclasses.dataclass(frozen=True)
class FeedItem:
    """One line of the follow feed: a game a followed player started or finished."""

    game: Game
    finished: bool
    at: dt.datetime


def follow_feed(*, user: User, size: int = FEED_SIZE) -> list[FeedItem]:
    """The newest public games started and finished by the players `user` follows, newest
    first, `size` at most (three queries, the players read with the games; one when `user`
    follows nobody, two when those followed started none: then none finished either).

    The followed players' ids are read first and written into the games' statements: with
    a subquery there PostgreSQL read every game of the site sequentially (hashed subplans,
    bench/pages_at_scale.py); with the ids it reads only those players' games, by the
    (player, status) indexes."""
    followed = list(
        PlayerFollow.objects.filter(follower=user).values_list("followed_id", flat=True)
    )
    if not followed:
        return []
    theirs = Q(black_id__in=followed) | Q(white_id__in=followed)
    games = Game.objects.filter(theirs, public=True).select_related("black", "white")
    started = list(games.order_by("-created", "-pk")[:size])
    if not started:
        return []
    finished = games.filter(status=GameStatus.FINISHED).order_by("-finished", "-pk")[:size]
    items = [FeedItem(game=g, finished=False, at=g.created) for g in started]
    items += [FeedItem(game=g, finished=True, at=g.finished) for g in finished]
    items.sort(key=lambda item: (item.at, item.finished, item.game.pk), reverse=True)
    return items[:size]


def kibitz_lines(*, game: Game) -> list[Kibitz]:
    """The spectators' comments on `game`, oldest first, with their authors."""
    return list(Kibitz.objects.filter(game=game).select_related("author").order_by("created", "pk"))


def kibitz_hidden_for(*, user: User | None) -> bool:
    """Whether `user` chose to hide spectators' comments in their running games."""
    if user is None or not user.is_authenticated:
        return False
    return KibitzHidden.objects.filter(user=user).exists()


def kibitz_get(*, kibitz_id: int) -> Kibitz | None:
    """A comment on a public game, with its game and author; None for any other id."""
    rows = Kibitz.objects.select_related("game", "author")
    return rows.filter(pk=kibitz_id, game__public=True).first()


@dataclasses.dataclass(frozen=True)
class BrowseFilter:
    """What the games browser shows: `board` ("square-19", "hex-8" or ""), `state`
    ("playing", "finished" or "" for both), `strength` (a band of `games.hooks.strength_bands`
    or ""), `rated` ("yes", "no" or ""), `origin` (a `GameOrigin` code or ""), `player` (a
    user or None)."""

    board: str = ""
    state: str = ""
    strength: str = ""
    rated: str = ""
    origin: str = ""
    player: User | None = None


@dataclasses.dataclass(frozen=True)
class BrowseKey:
    """Where a page of the browser starts: after the game (`active`, `pk`) in its order."""

    active: dt.datetime
    pk: int


@dataclasses.dataclass(frozen=True)
class BrowsePage:
    """One page of games and the key of the next one (None on the last page)."""

    games: list[Game]
    next_key: BrowseKey | None


def _browse_rows(choice: BrowseFilter) -> QuerySet[Game]:
    rows = Game.objects.filter(public=True)
    family = None
    if choice.board:
        kind, size = choice.board.split("-")
        rows = rows.filter(board_kind=kind, board_size=int(size))
        family = kind
    if choice.state:
        rows = rows.filter(status=choice.state)
    if choice.rated:
        rows = rows.filter(rated=choice.rated == "yes")
    if choice.origin:
        rows = rows.filter(origin=choice.origin)
    if choice.player is not None:
        rows = rows.filter(Q(black=choice.player) | Q(white=choice.player))
    if choice.strength:
        players = hooks.strength_players(band=choice.strength, family=family)
        if players is not None:
            rows = rows.filter(Q(black_id__in=players) | Q(white_id__in=players))
    return rows


def games_browse(
    *, choice: BrowseFilter, after: BrowseKey | None = None, size: int = BROWSE_PAGE_SIZE
) -> BrowsePage:
    """Public games that `choice` keeps, the most recently active first (last move, or start
    for a game without moves; then newest id), `size` a page, starting after `after`: one
    query whatever the page (keyset; the index game_public_active serves the order)."""
    active = Coalesce("last_move_at", "created", output_field=DateTimeField())
    rows = _browse_rows(choice).annotate(active=active)
    if after is not None:
        rows = rows.filter(Q(active__lt=after.active) | Q(active=after.active, pk__lt=after.pk))
    found = list(rows.select_related("black", "white").order_by(active.desc(), "-pk")[: size + 1])
    games = found[:size]
    more = len(found) > size
    next_key = BrowseKey(active=games[-1].active, pk=games[-1].pk) if more else None
    return BrowsePage(games=games, next_key=next_key)


def board_watch_read(*, game: Game, viewer: User | None) -> dict:
    """What the game page shows of watching and spectators' comments, from the EXISTS columns
    `games.selectors.play.game_page_get` read with the game: no query for a game without
    watchers or comments; one for its players' count of watchers, one for the comments.

    Keys: `public` (nothing else applies to a private game), `mine` (the viewer watches it),
    `count` (how many watch it, read for its players only, else None), `is_player`,
    `hidden` (the viewer plays it, it runs, and they hide spectators' comments meanwhile),
    `lines` (the comments, [] when hidden)."""
    if not game.public:
        return {"public": False}
    colour = game.colour_of(viewer)
    running = game.status == GameStatus.PLAYING
    hides = {1: game.black_hides_kibitz, 2: game.white_hides_kibitz}.get(colour, False)
    hidden = bool(colour and running and hides)
    count = None
    if colour:
        count = GameWatch.objects.filter(game=game).count() if game.watch_any else 0
    return {
        "public": True,
        "mine": game.watch_mine,
        "count": count,
        "is_player": bool(colour),
        "running": running,
        "hidden": hidden,
        "lines": kibitz_lines(game=game) if game.kibitz_any and not hidden else [],
    }
