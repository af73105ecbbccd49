"""Reads of ratings: ratings as pages show them, histories, the search by rating and
handicap hints.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import math

from django.db.models import F, Q, QuerySet, Window
from django.db.models.functions import Mod, RowNumber
from django.utils.translation import gettext_lazy

from accounts.models import User
from games.selectors.play import games_viewable
from ladder.ratings import glicko2, ranks
from ladder.ratings.models import Family, Rating, RatingChange
from ladder.ratings.services import start_values


@dataclasses.dataclass(frozen=True)
class RatingView:
    """A rating as shown: rating, deviation widened to today, rank, provisional or not."""

    family: str
    family_label: str
    rating: float
    deviation: float
    games: int
    board_size: int | None
    declared_rank: str = ""
    """The rank the player declared before their first rated game here ("3d"), if any."""

    @property
    def rank(self) -> str:
        return ranks.rank_name(self.rating)

    @property
    def provisional(self) -> bool:
        return glicko2.is_provisional(self.deviation)


def rating_view(row: Rating, now: dt.datetime) -> RatingView:
    deviation = row.deviation
    if row.updated is not None:
        days = max((now - row.updated).total_seconds(), 0) / 86400
        deviation = glicko2.widen(row.deviation, row.volatility, glicko2.periods_between(days))
    return RatingView(
        row.family,
        Family(row.family).label,
        row.rating,
        deviation,
        row.games,
        row.board_size,
        row.declared_rank,
    )


def ratings_of(*, user: User, now: dt.datetime) -> list[RatingView]:
    """`user`'s ratings, Go first; families never rated are left out."""
    rows = Rating.objects.filter(user=user).order_by("-family")
    return [rating_view(row, now) for row in rows]


def rating_declared(*, user: User, family: str) -> str:
    """The rank `user` declared in `family` ("3d"), or "" when none."""
    row = Rating.objects.filter(user=user, family=family).values_list("declared_rank").first()
    return row[0] if row else ""


def rating_history(*, user: User, family: str, latest: int | None = None) -> list[RatingChange]:
    """`user`'s rated games in `family` (only the `latest` ones when given), oldest first, each
    with its game loaded (pages show a private game's id only to its players): of the game
    only whether it is public and its players, never its move list."""
    shown = ("created", "score", "board_size", "rating_before", "deviation_before")
    changes = (
        RatingChange.objects.filter(user=user, family=family)
        .select_related("game")
        .only(
            *shown, "rating_after", "deviation_after", "game__public", "game__black", "game__white"
        )
    )
    if latest is None:
        return list(changes.order_by("created", "pk"))
    return list(changes.order_by("-created", "-pk")[:latest])[::-1]


@dataclasses.dataclass(frozen=True)
class RatingPoints:
    """A rating graph's games: `total` rated games, `drawn` (oldest first) at most `most` of
    them evenly spread, the latest always, and `first`, the oldest (where the graph starts;
    None without games). Each a named tuple (created, rating_before, deviation_before,
    rating_after, deviation_after, game_id)."""

    total: int
    first: tuple | None
    drawn: list[tuple]


def rating_points(*, user: User, family: str, most: int) -> RatingPoints:
    """`user`'s rated games in `family` as a graph draws them: every `step`-th game counted back
    from the latest (`step` the fewest that leaves at most `most`), and the oldest, picked in
    the database (two queries, both index-only scans of the `rating_change_history` index,
    which holds the values drawn: a count, then a window over the player's changes in that
    index's order, without a sort or a row of the table). The graph of a player of ten
    thousand games read them all (bench/pages_at_scale.py: seconds as models with their games;
    joined with the games, PostgreSQL hashed the whole games table; then 30 ms of heap rows
    and two sorts); `rating_games_shown` reads the games named."""
    changes = RatingChange.objects.filter(user=user, family=family)
    total = changes.count()
    if not total:
        return RatingPoints(total=0, first=None, drawn=[])
    step = max(1, -(-total // most))
    newest_first = (F("created").desc(), F("pk").desc())
    rows = list(
        changes.annotate(back=Window(RowNumber(), order_by=newest_first))
        .annotate(skip=Mod(F("back") - 1, step))
        .filter(Q(skip=0) | Q(back=total))
        .order_by(*newest_first)  # the window's order: no sort (reversed here)
        .values_list(
            *("created", "rating_before", "deviation_before", "rating_after", "deviation_after"),
            "game_id",
            "back",
            named=True,
        )
    )
    rows.reverse()
    drawn = rows if (total - 1) % step == 0 else rows[1:]  # the oldest, when not drawn
    return RatingPoints(total=total, first=rows[0], drawn=drawn)


def rating_games_shown(*, game_ids: list[int], viewer: User | None) -> set[int]:
    """Of the games `game_ids`, those a page may name to `viewer` (None or anonymous: a
    visitor): the public ones and the viewer's own (one query, by the games' primary key)."""
    return games_viewable(game_ids=game_ids, viewer=viewer)


def players_by_rating(
    *, family: str, low: float | None, high: float | None, limit: int = 50
) -> list[Rating]:
    """Players rated in `family` between `low` and `high` (either may be None), best first."""
    rows = Rating.objects.filter(family=family, games__gt=0).select_related("user")
    if low is not None:
        rows = rows.filter(rating__gte=low)
    if high is not None:
        rows = rows.filter(rating__lte=high)
    return list(rows.order_by("-rating", "pk")[:limit])


# Handicap from the rating gap ----------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class HandicapHint:
    """What the new-game form suggests between two players in one family."""

    family_label: str
    weaker: str  # username: takes Black
    gap_ranks: float
    stones: int  # 0 (even or no komi) or 2..9
    no_komi: bool

    @property
    def text(self) -> str:
        if self.stones:
            return f"{self.stones} stones, komi 0.5, {self.weaker} takes Black"
        if self.no_komi:
            return f"no komi (0.5), {self.weaker} takes Black"
        return "an even game"


def handicap_for_gap(gap_ranks: float) -> tuple[int, bool]:
    """(stones, no komi) for a gap of `gap_ranks`, the usual way on 19×19: the gap rounded to
    whole ranks d (halves up); 0 an even game, 1 no komi (0.5), d stones at komi 0.5 from 2
    on, at most 9. (As rated, ranks.handicap_ranks, d stones are worth d - 0.5 ranks.)"""
    d = math.floor(abs(gap_ranks) + 0.5)
    if d == 0:
        return 0, False
    if d == 1:
        return 0, True
    return min(9, d), True


def handicap_hints(*, user: User, opponent: User) -> list[HandicapHint]:
    """For each family where either player is rated, the handicap their rating gap suggests
    (an unrated player counts at the start rating)."""
    rows = Rating.objects.filter(user__in=[user, opponent])
    by = {(r.user_id, r.family): r.rating for r in rows}
    start = start_values()[0]
    hints = []
    for family in (Family.GO, Family.BADUX):
        if (user.pk, family) not in by and (opponent.pk, family) not in by:
            continue
        mine = by.get((user.pk, family), start)
        theirs = by.get((opponent.pk, family), start)
        gap = ranks.rank_index(mine) - ranks.rank_index(theirs)
        stones, no_komi = handicap_for_gap(gap)
        weaker = opponent.username if gap > 0 else user.username
        hints.append(HandicapHint(Family(family).label, weaker, abs(gap), stones, no_komi))
    return hints


# The games browser's strength bands (games.hooks.strength_register): (code, label, lowest
# rank index, first rank index past the band).
_BANDS = (
    ("ddk", gettext_lazy("30–10 kyu"), None, 21),
    ("sdk", gettext_lazy("9–1 kyu"), 21, ranks.FIRST_DAN),
    ("dan", gettext_lazy("Dan"), ranks.FIRST_DAN, None),
)


def rating_bands() -> list[tuple[str, str]]:
    """The strength bands players are grouped in, as (code, label)."""
    return [(code, label) for code, label, _, _ in _BANDS]


def rating_band_players(*, band: str, family: str | None) -> QuerySet:
    """The ids of the players whose rating (in board kind `family`, or in any) lies in `band`,
    a query to nest in another; an unknown band selects nobody."""
    rows = Rating.objects.all() if family is None else Rating.objects.filter(family=family)
    for code, _label, low, high in _BANDS:
        if code == band:
            if low is not None:
                rows = rows.filter(rating__gte=ranks.rating_at(low))
            if high is not None:
                rows = rows.filter(rating__lt=ranks.rating_at(high))
            return rows.values("user_id")
    return Rating.objects.none().values("user_id")
