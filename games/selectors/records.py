"""Reads of a player's record: wins and losses per board, recent games, game counts."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet

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


def _colour_counts(*, user: User, colour: str, won: str, lost: str) -> QuerySet:
    """Wins, losses and draws per board kind of `user`'s finished games as `colour` ("black"
    or "white"), a win being a result that starts with `won`."""
    return (
        Game.objects.filter(**{colour: user}, status=GameStatus.FINISHED)
        .values("board_kind")
        .annotate(
            wins=Count("pk", filter=Q(result__startswith=won)),
            losses=Count("pk", filter=Q(result__startswith=lost)),
            draws=Count("pk", filter=Q(result="0")),
        )
        .order_by()
    )


def player_record(*, user: User) -> list[RecordRow]:
    """`user`'s wins, losses and draws per variant (Go, then Badux), over every finished game
    with a result; variants never played are left out.

    One query of two parts, as Black and as White (UNION ALL), each an index-only scan of the
    player's entries in game_black_finished / game_white_finished, which carry board_kind and
    result (issue 43): one part with an OR of both colours read every game row of the player
    from the table (10,000 games: 109-126 ms at full scale)."""
    as_black = _colour_counts(user=user, colour="black", won="B+", lost="W+")
    as_white = _colour_counts(user=user, colour="white", won="W+", lost="B+")
    totals: dict[str, list[int]] = {}
    for row in as_black.union(as_white, all=True):
        counts = totals.setdefault(row["board_kind"], [0, 0, 0])
        for i, name in enumerate(("wins", "losses", "draws")):
            counts[i] += row[name]
    record = []
    for kind in BoardKind:
        wins, losses, draws = totals.get(kind.value, [0, 0, 0])
        if wins + losses + draws:
            record.append(RecordRow(kind.label, wins, losses, draws))
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
