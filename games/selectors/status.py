"""Reads of the status page: a player's running games by urgency, their finished games, the
public finished games, the games stopped by a vacation, and a player's open challenges.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.core.paginator import Page, Paginator
from django.db.models import F, Q, QuerySet

from accounts.models import NAME_SHOWN, User
from core.keyset import KeysetPage, keyset_page
from games import sql
from games.models import Challenge, ChallengeStatus, Game, GameStatus
from rules import BLACK, WHITE

# A stopped clock (the player is on vacation) has no deadline: least urgent on every database.
_MOST_URGENT = F("deadline").asc(nulls_last=True)


# What the status page's lists show of a player and what a clock paused on weekends needs.
_PLAYER_SHOWN = (*NAME_SHOWN, "time_zone")


def _players_of(user: User) -> Q:
    return Q(black_id=user.pk) | Q(white_id=user.pk)


def games_running_for(*, user: User) -> list[Game]:
    """`user`'s running games: their turn first (not an adjourned game's), then by time left
    (earliest deadline first; a stopped clock, a vacation or an adjourned game, last). Their
    players are left unread, for `players_load` (with those of a page's other lists: one
    query for all). games.sql."""
    games = sql.running_games(user_id=user.pk, status=GameStatus.PLAYING.value)
    # A player's few running games cost less to sort here than an ORDER BY costs to build.
    user_id = user.pk
    games.sort(
        key=lambda g: _urgency(g.player_to_move_id == user_id, g.adjourned, g.deadline, g.pk)
    )
    return games


def _urgency(mine: bool, adjourned: dt.datetime | None, deadline: dt.datetime | None, pk: int):
    """The sort key of a running game: the player's turn first (an adjourned game is nobody's
    turn), then the earliest deadline; a stopped clock (a vacation, an adjourned game) last."""
    return (not mine or adjourned is not None, deadline is None, deadline or 0, pk)


def games_running_page_for(*, user: User, number: int, size: int) -> Page:
    """Page `number` (from 1; the last for a number past it) of `user`'s running games, `size`
    to a page, in the order of `games_running_for`, their players left for `players_load`.
    Two queries: the few columns the order needs, of every running game (a player of 300 read
    every column of all 300 in 90-150 ms, bench/pages_at_scale.py), then the page's rows."""
    keys = list(
        Game.objects.filter(_players_of(user), status=GameStatus.PLAYING).values_list(
            "pk", "black_id", "white_id", "to_move", "deadline", "adjourned"
        )
    )
    user_id = user.pk

    def urgency(key: tuple) -> tuple:
        pk, black_id, white_id, to_move, deadline, adjourned = key
        mover = black_id if to_move == BLACK else white_id
        return _urgency(mover == user_id, adjourned, deadline, pk)

    keys.sort(key=urgency)
    page = Paginator([key[0] for key in keys], size).get_page(number)
    rows = {game.pk: game for game in Game.objects.filter(pk__in=page.object_list)}
    page.object_list = [rows[pk] for pk in page.object_list if pk in rows]
    return page


def game_next_for(*, user: User) -> Game | None:
    """The most urgent game where it is `user`'s turn, or None."""
    return (
        Game.objects.filter(
            Q(black=user, to_move=BLACK) | Q(white=user, to_move=WHITE),
            status=GameStatus.PLAYING,
            adjourned__isnull=True,
        )
        .order_by(_MOST_URGENT, "pk")
        .first()
    )


def games_finished_slice(*, user: User, start: int, stop: int) -> tuple[list[Game], int | None]:
    """`user`'s finished games from index `start` to `stop` (most recent first), their players
    left for `players_load`, and the count of all of them, read with the rows: None when the
    slice is empty (past the end). One query (games.sql)."""
    games = sql.finished_games_page(
        user_id=user.pk, status=GameStatus.FINISHED.value, size=max(stop - start, 0), start=start
    )
    return games, (games[0].listed_count if games else None)


def games_finished_page_for(*, user: User, number: int, size: int) -> Page:
    """Page `number` (from 1) of `user`'s finished games (`size` to a page; the last page for a
    number past it, an empty first page for none), with its paginator, the players left for
    `players_load`. One query, three for a number past the last page."""

    def rows(number: int) -> tuple[list[Game], int | None]:
        start = (number - 1) * size
        return games_finished_slice(user=user, start=start, stop=start + size)

    # The paginator is told the count, so it reads nothing itself.
    paginator = Paginator((), size)
    games, count = rows(number)
    if games or number == 1:
        paginator.count = count or 0
        return Page(games, number, paginator)
    paginator.count = _finished_of(user).count()
    number = paginator.num_pages
    return Page(rows(number)[0], number, paginator)


def players_load(*, games: Iterable[Game] = (), challenges: Iterable[Challenge] = ()) -> None:
    """Give `games` and `challenges`, read without their players, their players, all in one
    query (no query for none), with what the lists show of a player and what a clock paused on
    weekends needs: name, display name, time zone, bot or not. Any other field of theirs is read
    when used, a query each."""
    games, challenges = list(games), list(challenges)
    ids = {game.black_id for game in games} | {game.white_id for game in games}
    ids |= {challenge.creator_id for challenge in challenges}
    ids |= {challenge.recipient_id for challenge in challenges if challenge.recipient_id}
    if not ids:
        return
    players = {player.pk: player for player in User.objects.filter(pk__in=ids).only(*_PLAYER_SHOWN)}
    for game in games:
        game.black, game.white = players[game.black_id], players[game.white_id]
    for challenge in challenges:
        challenge.creator = players[challenge.creator_id]
        if challenge.recipient_id:
            challenge.recipient = players[challenge.recipient_id]


def challenges_open_for(*, user: User, now: dt.datetime) -> tuple[list[Challenge], list[Challenge]]:
    """`user`'s open invitations received and their own open challenges and invitations, each
    newest first, in one query (games.sql), their players left for `players_load`."""
    # Newest first (-created, -pk), sorted here: cheaper than an ORDER BY for a few rows.
    challenges = sorted(
        sql.open_challenges(user_id=user.pk, status=ChallengeStatus.OPEN.value, after=now),
        key=lambda c: (c.created, c.pk),
        reverse=True,
    )
    return (
        [challenge for challenge in challenges if challenge.recipient_id == user.pk],
        [challenge for challenge in challenges if challenge.creator_id == user.pk],
    )


def _finished_of(user: User) -> QuerySet[Game]:
    return Game.objects.filter(_players_of(user), status=GameStatus.FINISHED).order_by(
        "-finished", "-pk"
    )


def games_finished_for(*, user: User) -> QuerySet[Game]:
    """`user`'s finished games with their players, most recent first (paginate it)."""
    return _finished_of(user).select_related("black", "white")


def games_finished_public_page(
    *, user: User | None, after: str | None, before: str | None, size: int
) -> KeysetPage:
    """A page of the history: finished public games (only `user`'s with `user`), most recent
    first, `size` of them around the keys `after`/`before` (core.keyset), with their players.
    Read by the index on `finished` (game_finished_at), or a player's by the indexes of their
    games as Black and as White (game_black_finished, game_white_finished): every page costs
    what the first costs, with a million games or a player's ten thousand."""
    games = Game.objects.filter(
        status=GameStatus.FINISHED, public=True, finished__isnull=False
    ).select_related("black", "white")
    if user is not None:
        games = (games.filter(black=user), games.filter(white=user).exclude(black=user))
    return keyset_page(games, column="finished", size=size, after=after, before=before)


def games_stopped_for(*, user: User) -> list[Game]:
    """`user`'s running games whose clock is stopped by their vacation (their turn)."""
    return list(
        Game.objects.filter(
            Q(black=user, to_move=BLACK) | Q(white=user, to_move=WHITE),
            status=GameStatus.PLAYING,
            deadline__isnull=True,
            adjourned__isnull=True,
        )
        .select_related("black", "white")
        .order_by("pk")
    )
