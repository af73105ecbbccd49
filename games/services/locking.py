"""The row locks every game action takes first."""

from __future__ import annotations

import datetime as dt
import functools

from django.db import connection
from django.db.models import BooleanField
from django.db.models.expressions import RawSQL

from games.models import ConditionalMoves, Game, Vacation


def _locked():
    # The players come in the same query (a turn's clock and bot check read them); only the
    # game row is locked (FOR UPDATE OF games_game), never the users.
    return Game.objects.select_related("black", "white").select_for_update(of=("self",))


def game_lock(*, game_id: int) -> Game:
    """The game row with its players, the row locked (SELECT ... FOR UPDATE) until the
    caller's transaction ends. Raises Game.DoesNotExist. Call it inside `transaction.atomic()`."""
    return _locked().get(pk=game_id)


def game_lock_if_any(*, game_id: int) -> Game | None:
    """As `game_lock`, or None when the game is gone."""
    return _locked().filter(pk=game_id).first()


def game_lock_for_turn(*, game_id: int, now: dt.datetime) -> Game:
    """As `game_lock`, for a move or a pass at `now`: the same query also says whether anyone
    has conditional moves in the game (`conditional_any`) and whether each player is on
    vacation at `now` (`black_away`, `white_away`, with `away_at` = `now`), so the turn asks
    the database nothing more before it writes. Conditional moves change only under this lock,
    so `conditional_any` holds until the caller's transaction ends."""
    conditional, black_away, white_away = _turn_sql()
    # The statements hold the models' names only (`_turn_sql`); `now` goes in as a parameter.
    game = (
        _locked()
        .annotate(
            conditional_any=RawSQL(conditional, (), output_field=BooleanField()),  # noqa: S611
            black_away=RawSQL(black_away, (now, now), output_field=BooleanField()),  # noqa: S611
            white_away=RawSQL(white_away, (now, now), output_field=BooleanField()),  # noqa: S611
        )
        .get(pk=game_id)
    )
    game.away_at = now
    return game


@functools.cache
def _turn_sql() -> tuple[str, str, str]:
    """The three EXISTS of `game_lock_for_turn`, written once: the ORM's Exists(OuterRef)
    cost more CPU to compile at every move (0.8 ms) than the query took to run. Names come
    from the models, so a renamed table or column still reaches them."""
    quote = connection.ops.quote_name
    game = quote(Game._meta.db_table)

    def column(model, name: str) -> str:
        return quote(model._meta.get_field(name).column)

    conditional = (
        f"EXISTS (SELECT 1 FROM {quote(ConditionalMoves._meta.db_table)} c"  # noqa: S608
        f" WHERE c.{column(ConditionalMoves, 'game')} = {game}.{column(Game, 'id')})"
    )

    def away(player: str) -> str:
        return (
            f"EXISTS (SELECT 1 FROM {quote(Vacation._meta.db_table)} v"  # noqa: S608
            f" WHERE v.{column(Vacation, 'user')} = {game}.{column(Game, player)}"
            f" AND v.{column(Vacation, 'started')} <= %s AND v.{column(Vacation, 'until')} > %s)"
        )

    return conditional, away("black"), away("white")
