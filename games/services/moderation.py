"""What a moderator's decision does to a player's running games (accounts.moderation's hooks,
registered in GamesConfig.ready): a suspension that stops the clocks stops the clock of every
running game where the player is to move, and restarts it with the time it had left when the
suspension ends (clocks_start also keeps a suspended player's clock stopped at their next
turn); a ban that resigns their games resigns every running game of theirs. A suspension
that adjourns and a ban that annuls are games.services.adjournments'."""

from __future__ import annotations

import datetime as dt

from django.db.models import Q, QuerySet

from accounts.moderation.models import GamesChoice, Sanction, SanctionKind
from accounts.moderation.selectors import clock_held
from games.models import Game, GameStatus
from games.selectors import play as selectors
from games.services.adjournments import games_adjourn, games_annul, games_resume
from games.services.clocks import clock_schedule, player_on_vacation
from games.services.play import game_resign_for_moderators
from rules import BLACK, WHITE


def _games_to_move(user_id: int) -> QuerySet[Game]:
    return Game.objects.select_for_update(of=("self",)).filter(
        Q(black_id=user_id, to_move=BLACK) | Q(white_id=user_id, to_move=WHITE),
        status=GameStatus.PLAYING,
        adjourned__isnull=True,
    )


def moderation_games_on_taken(*, sanction: Sanction, now: dt.datetime) -> None:
    """The "taken" hook: stop the running clocks of a player suspended with their clocks
    stopped (with the time each had left), or resign every running game of a player banned
    with their games resigned. Inside the decision's transaction."""
    if sanction.kind == SanctionKind.SUSPEND and sanction.games == GamesChoice.STOP:
        for game in _games_to_move(sanction.user_id).filter(deadline__gt=now):
            game.clock_left = selectors.clock_time_left(game=game, colour=game.to_move, now=now)
            game.clock_started = now
            game.deadline = None
            game.warn_at = None
            game.save(update_fields=["clock_left", "clock_started", "deadline", "warn_at"])
    elif sanction.kind == SanctionKind.SUSPEND and sanction.games == GamesChoice.ADJOURN:
        games_adjourn(user_id=sanction.user_id, now=now)
    elif sanction.kind == SanctionKind.BAN and sanction.games == GamesChoice.ANNUL:
        games_annul(user_id=sanction.user_id, now=now)
    elif sanction.kind == SanctionKind.BAN and sanction.games == GamesChoice.RESIGN:
        # Every game locked first, in id order: a resignation's hooks take a ladder's or a
        # tournament's lock, which a move ending another of these games takes after its game's.
        running = list(
            Game.objects.select_for_update(of=("self",))
            .filter(
                Q(black_id=sanction.user_id) | Q(white_id=sanction.user_id),
                status=GameStatus.PLAYING,
            )
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        for game_id in running:
            game_resign_for_moderators(game_id=game_id, user=sanction.user, now=now)


def moderation_games_on_ended(*, sanction: Sanction, now: dt.datetime) -> None:
    """The "ended" hook: once a suspension that stopped the clocks ends (and no other holds
    them), restart each stopped clock from `now` with the time it had left, but where the
    player's vacation keeps it stopped. Once a suspension that adjourned ends, its games
    resume (games.services.adjournments.games_resume)."""
    if sanction.kind == SanctionKind.SUSPEND and sanction.games == GamesChoice.ADJOURN:
        games_resume(user_id=sanction.user_id, now=now)
        return
    if sanction.kind != SanctionKind.SUSPEND or sanction.games != GamesChoice.STOP:
        return
    if clock_held(user_id=sanction.user_id, now=now):
        return
    for game in _games_to_move(sanction.user_id).filter(deadline__isnull=True):
        if game.player(game.to_move).is_bot:
            continue
        if player_on_vacation(game=game, colour=game.to_move, now=now):
            continue
        game.clock_started = now
        clock_schedule(game=game, colour=game.to_move)
        game.save(update_fields=["clock_started", "deadline", "warn_at"])
