"""The row locks every game action takes first."""

from __future__ import annotations

import datetime as dt

from django.db.models import Exists, OuterRef

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
    away = Vacation.objects.filter(started__lte=now, until__gt=now)
    game = (
        _locked()
        .annotate(
            conditional_any=Exists(ConditionalMoves.objects.filter(game_id=OuterRef("pk"))),
            black_away=Exists(away.filter(user_id=OuterRef("black_id"))),
            white_away=Exists(away.filter(user_id=OuterRef("white_id"))),
        )
        .get(pk=game_id)
    )
    game.away_at = now
    return game
