"""Reads of the status page: a player's running games by urgency, their finished games, the
public finished games, the games stopped by a vacation, and a player's open challenges.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.core.paginator import Page, Paginator
from django.db import connection
from django.db.models import F, Q, QuerySet

from accounts.models import User
from games.models import (
    Challenge,
    ChallengeStatus,
    Game,
    GameStatus,
)
from rules import BLACK, WHITE

# A stopped clock (the player is on vacation) has no deadline: least urgent on every database.
_MOST_URGENT = F("deadline").asc(nulls_last=True)


# The players' long profile texts, which no list of games shows.
_PLAYERS_TEXT = ("black__bio", "white__bio")

# The status page's reads, written once as SQL (as messaging.unread does): every draw of the
# page makes them, and building and compiling them with the ORM cost more CPU than running them
# (issue 27). Tables and columns of games.Game, games.Challenge and accounts.User;
# tests/games/test_selectors.py checks them against the ORM's queries. The few running games
# and challenges are ordered in Python.
_RUNNING_SQL = (
    'SELECT * FROM "games_game" WHERE ("black_id" = %s OR "white_id" = %s) AND "status" = %s'
)
# Only what the list shows (games.pages.status_html), and the count of all with each row.
_FINISHED_PAGE_SQL = (
    'SELECT "id", "board_kind", "board_size", "black_id", "white_id", "result", "end_reason",'
    ' "finished", COUNT(*) OVER () AS "listed_count" FROM "games_game"'
    ' WHERE ("black_id" = %s OR "white_id" = %s) AND "status" = %s'
    ' ORDER BY "finished" DESC, "id" DESC LIMIT %s OFFSET %s'
)
_CHALLENGES_SQL = (
    'SELECT * FROM "games_challenge"'
    ' WHERE ("recipient_id" = %s OR "creator_id" = %s) AND "status" = %s AND "expires" > %s'
)
# What the lists show of a player and what a clock paused on weekends needs; the IN list gets
# a placeholder per id.
_PLAYERS_SQL = (
    'SELECT "id", "username", "display_name", "time_zone", "is_bot" FROM "accounts_user"'
    ' WHERE "id" IN (%s)'
)


def games_running_for(*, user: User) -> list[Game]:
    """`user`'s running games: their turn first, then by time left (earliest deadline first)."""
    games = list(
        Game.objects.filter(Q(black=user) | Q(white=user), status=GameStatus.PLAYING)
        .select_related("black", "white")
        .defer(*_PLAYERS_TEXT)
        .order_by(_MOST_URGENT, "pk")
    )
    games.sort(key=lambda g: (g.player_to_move_id != user.pk,))
    return games


def games_running_listed_for(*, user: User) -> list[Game]:
    """`games_running_for` for the status page's cards, in the same order: the players are left
    unread, for `players_load` to read with those of the page's other lists in one query (a
    join per list read every column of both players again for each game)."""
    games = list(Game.objects.raw(_RUNNING_SQL, [user.pk, user.pk, GameStatus.PLAYING.value]))
    # The order of games_running_for sorted here: a player's few running games cost less to
    # sort than the ORDER BY costs to build. A stopped clock (no deadline) is least urgent.
    user_id = user.pk
    games.sort(
        key=lambda g: (g.player_to_move_id != user_id, g.deadline is None, g.deadline or 0, g.pk)
    )
    return games


def game_next_for(*, user: User) -> Game | None:
    """The most urgent game where it is `user`'s turn, or None."""
    return (
        Game.objects.filter(
            Q(black=user, to_move=BLACK) | Q(white=user, to_move=WHITE),
            status=GameStatus.PLAYING,
        )
        .order_by(_MOST_URGENT, "pk")
        .first()
    )


def games_finished_page_for(*, user: User, number: int, size: int) -> Page:
    """Page `number` (from 1) of `user`'s finished games (`games_finished_for`, `size` to a
    page; the last page for a number past it, an empty first page for none), with its
    paginator, for a list that shows names, results and dates only: only the board, the
    players' ids, the result and the end are read (the players are left for `players_load`).
    The count comes with the page's rows: one query, three for a number past the last page."""

    def rows(number: int) -> list[Game]:
        params = [user.pk, user.pk, GameStatus.FINISHED.value, size, (number - 1) * size]
        return list(Game.objects.raw(_FINISHED_PAGE_SQL, params))

    # The paginator is told the count, so it reads nothing itself.
    paginator = Paginator((), size)
    games = rows(number)
    if games or number == 1:
        paginator.count = games[0].listed_count if games else 0
        return Page(games, number, paginator)
    paginator.count = games_finished_for(user=user).count()
    number = paginator.num_pages
    return Page(rows(number), number, paginator)


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
    # Only placeholders are joined into the statement, one per id.
    sql = _PLAYERS_SQL % ", ".join(["%s"] * len(ids))
    players = {player.pk: player for player in User.objects.raw(sql, sorted(ids))}
    for game in games:
        game.black, game.white = players[game.black_id], players[game.white_id]
    for challenge in challenges:
        challenge.creator = players[challenge.creator_id]
        if challenge.recipient_id:
            challenge.recipient = players[challenge.recipient_id]


def challenges_open_for(*, user: User, now: dt.datetime) -> tuple[list[Challenge], list[Challenge]]:
    """`user`'s open invitations received and their own open challenges and invitations, each
    newest first: games.selectors.challenges.challenges_received and challenges_sent read in
    one query (each was a query of its own, mostly for nothing: few players have any), their
    players left for `players_load`."""
    expires = Challenge._meta.get_field("expires").get_db_prep_value(now, connection)
    params = [user.pk, user.pk, ChallengeStatus.OPEN.value, expires]
    # Newest first (-created, -pk), sorted here: cheaper than an ORDER BY for a few rows.
    challenges = sorted(
        Challenge.objects.raw(_CHALLENGES_SQL, params),
        key=lambda c: (c.created, c.pk),
        reverse=True,
    )
    return (
        [challenge for challenge in challenges if challenge.recipient_id == user.pk],
        [challenge for challenge in challenges if challenge.creator_id == user.pk],
    )


def games_finished_for(*, user: User) -> QuerySet[Game]:
    """`user`'s finished games, most recent first (paginate it)."""
    return (
        Game.objects.filter(Q(black=user) | Q(white=user), status=GameStatus.FINISHED)
        .select_related("black", "white")
        .order_by("-finished", "-pk")
    )


def games_finished_public(*, user: User | None = None) -> QuerySet[Game]:
    """Every finished public game, most recent first; with `user` only theirs (history)."""
    games = Game.objects.filter(status=GameStatus.FINISHED, public=True)
    if user is not None:
        games = games.filter(Q(black=user) | Q(white=user))
    return games.select_related("black", "white").order_by("-finished", "-pk")


def games_stopped_for(*, user: User) -> list[Game]:
    """`user`'s running games whose clock is stopped by their vacation (their turn)."""
    return list(
        Game.objects.filter(
            Q(black=user, to_move=BLACK) | Q(white=user, to_move=WHITE),
            status=GameStatus.PLAYING,
            deadline__isnull=True,
        )
        .select_related("black", "white")
        .order_by("pk")
    )
