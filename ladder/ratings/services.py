"""Rating games: Glicko-2 (`ladder.ratings.glicko2`) per game family, stored per game for re-rating.

Which games are rated: games started as rated (`GameSettings.rated`) with a result, except
those that end by timeout before move `MIN_TIMEOUT_MOVES` (20): nobody farms rating from
players who abandoned the site, and nobody loses rating to a game they never began.

The step: each game is a rating period of its own whose length is the time since the player's
last rated game (`periods_between`, 7-day periods), so idle players come back with a wider
deviation. Both players are rated from their values before the game, the opponent's deviation
widened to the game's end. A handicap game is rated as an even game between effective
ratings (`ranks.handicap_ranks` at 1 rank per stone on every board, and `handicap_points`):
Black is rated against (White - P), White against (Black + P).

Corrections: a changed result re-rates the game from its stored "before" values, and the
difference between the new and the old "after" values (rating, deviation, volatility) is
added to each player's current rating. Later games of the players keep their own changes
(they were rated against the values of the day); re-running them all would move ratings of
players who had nothing to do with the corrected game."""

from __future__ import annotations

import dataclasses
import datetime as dt

from django.db import transaction
from django.utils.translation import gettext

import rules
from accounts.models import User
from core.refusals import Refusal, refusal_register
from games.models import EndReason, Game
from ladder.ratings import glicko2, ranks
from ladder.ratings.models import Rating, RatingChange

MIN_TIMEOUT_MOVES = 20
STONE_RANKS = 1.0


class RatingEarned(ValueError):
    """A rank declared in a family where the player already has rated games: their rating
    comes from those games (answered 409, "rating_earned")."""


refusal_register(
    RatingEarned,
    lambda error: Refusal(
        409,
        "rating_earned",
        gettext("Your rating comes from your games now; it cannot be declared."),
    ),
)


def score_for_black(result: str) -> float | None:
    """1, 0.5 or 0 from an SGF result ('B+3.5', 'W+R', '0'); None when there is none."""
    if result.startswith("B+"):
        return 1.0
    if result.startswith("W+"):
        return 0.0
    if result in ("0", "Draw", "Jigo"):
        return 0.5
    return None


def game_is_rated(*, game: Game) -> bool:
    """True for a finished rated game with a result that counts (see the module docstring)."""
    if not game.rated or score_for_black(game.result) is None:
        return False
    return not (game.end_reason == EndReason.TIMEOUT and game.move_number < MIN_TIMEOUT_MOVES)


def handicap_points(*, game: Game, black_rating: float) -> float:
    """Rating points Black's handicap (stones and komi) is worth at Black's rating."""
    fair = rules.preset(game.ruleset, game.topology, handicap=0).komi
    advantage = ranks.handicap_ranks(
        stones=game.handicap, komi=float(game.komi), fair_komi=fair, stone_ranks=STONE_RANKS
    )
    return ranks.handicap_points(black_rating=black_rating, advantage_ranks=advantage)


def start_values(*, declared_rank: str = "") -> tuple[float, float, float]:
    """(rating, deviation, volatility) of a player's first rated game."""
    rating = ranks.rating_for_rank(declared_rank) if declared_rank else glicko2.START_RATING
    return rating, glicko2.START_DEVIATION, glicko2.START_VOLATILITY


def _locked_ratings(users: list[User], family: str) -> dict[int, Rating]:
    """The players' rating rows in `family`, created at the start values when missing and
    locked in user order (two games ending at once never lock in opposite orders)."""
    rating, deviation, volatility = start_values()
    users = sorted(users, key=lambda u: u.pk)  # inserts too wait on each other: one order
    Rating.objects.bulk_create(
        [
            Rating(user=u, family=family, rating=rating, deviation=deviation, volatility=volatility)
            for u in users
        ],
        ignore_conflicts=True,
    )
    rows = Rating.objects.select_for_update().filter(user__in=users, family=family)
    return {row.user_id: row for row in rows.order_by("user_id")}


@dataclasses.dataclass(frozen=True)
class _Side:
    rating: float
    deviation: float  # widened to the game's end
    volatility: float
    periods: float


def _side(row: Rating, now: dt.datetime) -> _Side:
    if row.updated is None:
        return _Side(row.rating, row.deviation, row.volatility, 0.0)
    days = (now - row.updated).total_seconds() / 86400
    periods = glicko2.periods_between(days)
    return _Side(row.rating, row.deviation, row.volatility, periods)


def _step(me: _Side, opp_rating: float, opp: _Side, score: float) -> tuple[float, float, float]:
    opp_deviation = glicko2.widen(opp.deviation, opp.volatility, opp.periods)
    return glicko2.rate(
        me.rating,
        me.deviation,
        me.volatility,
        [(opp_rating, opp_deviation, score)],
        periods=me.periods,
    )


def ratings_apply(*, game: Game, now: dt.datetime) -> list[RatingChange]:
    """Rate a finished game for both players: store a RatingChange each and update their
    Rating rows. Does nothing for a game that is not rated or was rated already, so running it
    twice changes nothing. The caller holds the game's row lock inside a transaction (the
    game-finished hook)."""
    if not game_is_rated(game=game) or RatingChange.objects.filter(game=game).exists():
        return []
    family = game.board_kind
    rows = _locked_ratings([game.black, game.white], family)
    black_row, white_row = rows[game.black_id], rows[game.white_id]
    # A game that waited on the lock for another game's rating may carry a clock read a moment
    # before that one: never date a change before the row's last one, so histories keep order.
    now = max([now, *(row.updated for row in (black_row, white_row) if row.updated)])
    black, white = _side(black_row, now), _side(white_row, now)
    points = handicap_points(game=game, black_rating=black.rating)
    score = score_for_black(game.result)
    changes = []
    for row, me, opp_rating, opp, my_score in (
        (black_row, black, white.rating - points, white, score),
        (white_row, white, black.rating + points, black, 1.0 - score),
    ):
        after = _step(me, opp_rating, opp, my_score)
        changes.append(
            RatingChange(
                game=game,
                user_id=row.user_id,
                family=family,
                board_size=game.board_size,
                score=my_score,
                periods=me.periods,
                rating_before=me.rating,
                deviation_before=me.deviation,
                volatility_before=me.volatility,
                opponent_rating=opp_rating,
                opponent_deviation=glicko2.widen(opp.deviation, opp.volatility, opp.periods),
                rating_after=after[0],
                deviation_after=after[1],
                volatility_after=after[2],
                created=now,
            )
        )
        row.rating, row.deviation, row.volatility = after
        row.games += 1
        row.board_size = game.board_size
        row.updated = now
        row.save()
    RatingChange.objects.bulk_create(changes)
    return changes


@transaction.atomic
def ratings_correct(*, game: Game, now: dt.datetime) -> list[RatingChange]:
    """Re-rate a game whose result changed (`game.result` is the new one): each player's stored
    change is recomputed from its "before" values with the new score, and the difference is
    added to the player's current rating (see the module docstring). A game rated before but
    no longer counted (no result) has its change taken back whole. Running it twice changes
    nothing the second time."""
    changes = list(RatingChange.objects.filter(game=game).order_by("user_id"))
    if not changes:
        return ratings_apply(game=game, now=now)
    rows = _locked_ratings([game.black, game.white], game.board_kind)
    new_black = score_for_black(game.result) if game_is_rated(game=game) else None
    for change in changes:
        row = rows[change.user_id]
        if new_black is None:
            after = (change.rating_before, change.deviation_before, change.volatility_before)
        else:
            score = new_black if change.user_id == game.black_id else 1.0 - new_black
            me = _Side(
                change.rating_before,
                change.deviation_before,
                change.volatility_before,
                change.periods,
            )
            after = glicko2.rate(
                me.rating,
                me.deviation,
                me.volatility,
                [(change.opponent_rating, change.opponent_deviation, score)],
                periods=me.periods,
            )
            change.score = score
        row.rating += after[0] - change.rating_after
        row.deviation = min(
            glicko2.MAX_DEVIATION, max(1.0, row.deviation + after[1] - change.deviation_after)
        )
        row.volatility = max(1e-4, row.volatility + after[2] - change.volatility_after)
        row.save(update_fields=["rating", "deviation", "volatility"])
        change.rating_after, change.deviation_after, change.volatility_after = after
        change.save()
    return changes


def _start_columns() -> dict[str, float]:
    rating, deviation, volatility = start_values()
    return {"rating": rating, "deviation": deviation, "volatility": volatility}


def rating_declare(*, user: User, family: str, rank: str) -> Rating:
    """Set the rank `user` declares in `family` ("6k", "2d"), their start rating (the middle of
    that rank's band). Only before their first rated game there; raises ValueError for an
    unknown rank (the form checks it first), RatingEarned (a refusal) for a rating already
    earned."""
    ranks.parse_rank(rank)
    rating, deviation, volatility = start_values(declared_rank=rank)
    with transaction.atomic():
        # Make sure the row exists before locking it: a first rated game ending at this moment
        # inserts it too, and an insert racing that one would fail instead of waiting.
        Rating.objects.bulk_create(
            [Rating(user=user, family=family, **_start_columns())], ignore_conflicts=True
        )
        row = Rating.objects.select_for_update().get(user=user, family=family)
        if row.games:
            raise RatingEarned("a rating earned in games cannot be declared")
        row.rating, row.deviation, row.volatility = rating, deviation, volatility
        row.declared_rank = ranks.rank_name(rating)
        row.save()
        return row
