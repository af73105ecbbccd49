"""The ladder's receivers of `games.hooks`, registered when `LadderConfig.ready` imports this
module. The result receivers run inside the game's transaction, holding its row lock: ratings
and positions commit or roll back with the result, and notices are queued through the outbox.
The match ranking orders the auto-match queue by rating; the game labels name a game's tournament
or ladder on the status page, and a ladder or tournament saved (renamed in the admin) renews the
status stamps of its players, whose kept status pages show that name
(core.http_cache.stamps)."""

from __future__ import annotations

import datetime as dt
from contextvars import ContextVar

from django.db import transaction
from django.db.models import Q
from django.db.models.signals import post_save
from django.dispatch import receiver

from core.http_cache.stamps import status_stamps_bump
from games import hooks
from games.game_settings import GameSettings
from games.models import Game, ResultCorrection
from ladder.ladders.models import Ladder, LadderChallenge, LadderChallengeStatus
from ladder.ladders.services import ladder_game_apply
from ladder.ratings.models import Rating
from ladder.ratings.selectors import rating_band_players, rating_bands
from ladder.ratings.services import ratings_apply, ratings_correct, start_values
from ladder.tournaments.advance import pairing_correct, pairing_record
from ladder.tournaments.models import Outcome, Tournament, TournamentPairing
from ladder.tournaments.selectors import game_competition, game_competition_labels

# The games of the clock sweep's batch (games.hooks.games_ending): their ids, and those that
# are a running ladder challenge's or a pending tournament pairing's, read once for the batch;
# a game of the batch found in neither is not looked up again when it ends.
_ending: ContextVar[tuple[frozenset, frozenset, frozenset]] = ContextVar(
    "ladder_games_ending", default=(frozenset(), frozenset(), frozenset())
)


@hooks.games_ending_register
def competitions_of_ending(*, game_ids: list[int]) -> None:
    """Read which of the games about to end are ladder or tournament games (two queries for
    the batch instead of two for each game); [] forgets them. The games are locked by the
    sweep, and a game's challenge or pairing is made with it: what is read holds."""
    if not game_ids:
        _ending.set((frozenset(), frozenset(), frozenset()))
        return
    ladder = LadderChallenge.objects.filter(
        game_id__in=game_ids, status=LadderChallengeStatus.RUNNING
    ).values_list("game_id", flat=True)
    tournament = TournamentPairing.objects.filter(
        game_id__in=game_ids, outcome=Outcome.PENDING
    ).values_list("game_id", flat=True)
    _ending.set((frozenset(game_ids), frozenset(ladder), frozenset(tournament)))


@hooks.game_finished_register
def on_game_finished(*, game: Game, now: dt.datetime) -> None:
    """Rate the game and apply it to its ladder or tournament, if it is a ladder or tournament
    game (a tournament's next round is paired by a task queued from here)."""
    ratings_apply(game=game, now=now)
    batch, ladder, tournament = _ending.get()
    if game.pk not in batch or game.pk in ladder:
        ladder_game_apply(game=game, now=now)
    if game.pk not in batch or game.pk in tournament:
        pairing_record(game=game, now=now)


@hooks.result_corrected_register
def on_result_corrected(*, game: Game, correction: ResultCorrection, now: dt.datetime) -> None:
    """Re-rate the game. Ladder positions stay as the game's first result left them: by the
    time staff correct a result, later ladder games have been played from those positions.
    A tournament game's outcome is rewritten, so its standings follow."""
    ratings_correct(game=game, now=now)
    pairing_correct(game=game, now=now)


@hooks.match_ranking_register
def closest_rating_first(*, user, settings: GameSettings, candidates: list) -> list:
    """Auto-match tries the waiting player whose rating in the family is closest to `user`'s
    first (unrated players count at the start rating); equal gaps keep the queue's order."""
    ratings = dict(
        Rating.objects.filter(
            family=settings.board_kind,
            user_id__in=[user.pk, *(c.creator_id for c in candidates)],
        ).values_list("user_id", "rating")
    )
    start = start_values()[0]
    mine = ratings.get(user.pk, start)
    return sorted(candidates, key=lambda c: abs(ratings.get(c.creator_id, start) - mine))


@hooks.game_labels_register
def competition_labels(*, game_ids: list[int]) -> dict[int, str]:
    """The status page's cards name the tournament round or ladder of a game."""
    return game_competition_labels(game_ids=game_ids)


@hooks.game_competition_register
def competition_link(*, game_id: int) -> dict | None:
    """The game page names the ladder or tournament of a game, linked."""
    return game_competition(game_id=game_id)


# The games browser's strength filter: rated players by band of ranks.
hooks.strength_register(bands=rating_bands(), players=rating_band_players)


@receiver(post_save, sender=Ladder, dispatch_uid="ladder.status_stamps_ladder_saved")
def _ladder_saved(sender, instance: Ladder, created: bool = False, **kwargs) -> None:
    if not created:  # a new one has no games yet
        _stamps_renew(Q(ladder_challenge__ladder=instance))


@receiver(post_save, sender=Tournament, dispatch_uid="ladder.status_stamps_tournament_saved")
def _tournament_saved(sender, instance: Tournament, created: bool = False, **kwargs) -> None:
    if not created:  # a new one has no games yet
        _stamps_renew(Q(tournament_pairing__tournament=instance))


def _stamps_renew(games: Q) -> None:
    """Renew, once the save commits, the status stamps of the players of the games `games`
    selects: their status pages name the ladder or tournament (one query per save)."""
    players = Game.objects.filter(games).values_list("black_id", "white_id").distinct()
    user_ids = {uid for pair in players for uid in pair}
    if user_ids:
        transaction.on_commit(lambda: status_stamps_bump(user_ids=user_ids))
