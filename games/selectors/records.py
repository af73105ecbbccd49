"""Reads of a player's record: wins and losses per board, recent games, game counts."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q

from accounts.models import User
from core.keyset import keyset_page
from games import sql
from games.choices import BoardKind
from games.models import (
    Game,
    GameStatus,
)


@dataclass(frozen=True)
class RecordRow:
    """A player's finished games of one variant (Go or Badux): wins, losses, draws."""

    variant: str
    wins: int
    losses: int
    draws: int

    @property
    def played(self) -> int:
        return self.wins + self.losses + self.draws


def _won(user: User) -> Q:
    return Q(black=user, result__startswith="B+") | Q(white=user, result__startswith="W+")


def _lost(user: User) -> Q:
    return Q(black=user, result__startswith="W+") | Q(white=user, result__startswith="B+")


def player_record(*, user: User) -> list[RecordRow]:
    """`user`'s wins, losses and draws per variant (Go, then Badux), over every finished game
    with a result (one query); variants never played are left out."""
    rows = (
        Game.objects.filter(Q(black=user) | Q(white=user), status=GameStatus.FINISHED)
        .values("board_kind")
        .annotate(
            wins=Count("pk", filter=_won(user)),
            losses=Count("pk", filter=_lost(user)),
            draws=Count("pk", filter=Q(result="0")),
        )
    )
    by_kind = {row["board_kind"]: row for row in rows}
    record = []
    for kind in BoardKind:
        row = by_kind.get(kind.value)
        if row and row["wins"] + row["losses"] + row["draws"]:
            record.append(RecordRow(kind.label, row["wins"], row["losses"], row["draws"]))
    return record


def player_recent_games(*, user: User, viewer: User | None, limit: int = 5) -> list[Game]:
    """`user`'s last `limit` finished games that `viewer` may see (all of them for the player,
    public ones for everyone else), most recent first, players loaded."""
    games = Game.objects.filter(status=GameStatus.FINISHED, finished__isnull=False)
    if viewer is None or viewer.pk != user.pk:
        games = games.filter(public=True)
    games = games.select_related("black", "white")
    # As Black and as White apart, each by its index in this order (game_black_finished,
    # game_white_finished): with an OR, PostgreSQL walked every finished game of the site
    # backwards until it had found `limit` of theirs (3 s for a player of a million games'
    # site whose last games are old; bench/pages_at_scale.py).
    mine = (games.filter(black=user), games.filter(white=user).exclude(black=user))
    return keyset_page(mine, column="finished", size=limit, after=None, before=None).object_list


@dataclass(frozen=True)
class PlayerGames:
    """What the home page says about a player's games."""

    running: int
    my_turn: int
    finished: int

    @property
    def any(self) -> bool:
        return bool(self.running or self.finished)


def player_games_count(*, user: User) -> PlayerGames:
    """How many games `user` has running, with their turn (not an adjourned one), and
    finished (one statement, games.sql.PLAYER_GAME_COUNTS: each count by an index)."""
    running, my_turn, finished = sql.player_game_counts(
        user_id=user.pk, running=GameStatus.PLAYING.value, finished=GameStatus.FINISHED.value
    )
    return PlayerGames(running=running, my_turn=my_turn, finished=finished)
