"""Reads of the status page: a player's running games by urgency, their finished games, the
public finished games, and the games stopped by a vacation.
"""

from __future__ import annotations

from django.db.models import F, Q, QuerySet

from accounts.models import User
from games.models import (
    Game,
    GameStatus,
)
from rules import BLACK, WHITE

# A stopped clock (the player is on vacation) has no deadline: least urgent on every database.
_MOST_URGENT = F("deadline").asc(nulls_last=True)


# The players' long profile texts, which no list of games shows.
_PLAYERS_TEXT = ("black__bio", "white__bio")


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


def games_finished_listed_for(*, user: User) -> QuerySet[Game]:
    """As `games_finished_for`, for a list that shows names, results and dates only: the moves,
    the count (a JSON document per game) and the players' profile texts are left unread."""
    return games_finished_for(user=user).defer("moves", "score", *_PLAYERS_TEXT)


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
