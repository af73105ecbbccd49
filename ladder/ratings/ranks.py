"""Kyu/dan ranks from Glicko ratings and back, and the rating value of a handicap.

The mapping is logarithmic, the one OGS fitted to its Glicko-2 ratings in 2021:

    rank index x = C * ln(rating / A),   A = 525,  C = 23.15,   rating = A * exp(x / C)

x = 0 is 30 kyu, x = 29 is 1 kyu, x = 30 is 1 dan, x = 38 is 9 dan; the band [i, i+1) is the
rank with index i (so a rating of 1500, x = 24.3, is 6 kyu, as 1500 is 6 kyu in the EGF's GoR).
Rank widths grow with strength (rating / C: about 28 points at 25k, 65 at 6k, 83 at 1d, 117
at 9d), which matches the EGF's observation that a rank decides more games between strong
players. Ranks are clamped to 30k..9d: a rating below 525 still shows 30k, above 9d still 9d.

Rank names are "30k".."1k" and "1d".."9d". Parsing also accepts the ways our languages write
ranks: "6 kyu", "1 dan", "3. Dan", 3段/5級/初段/三段 (ja, zh: 级), 3단/5급/초단 (ko), 3д/5к and
"3 дан"/"5 кю" (ru), with full-width digits or letters (read as NFKC)."""

from __future__ import annotations

import math
import re
import unicodedata
from bisect import bisect_right

A = 525.0
C = 23.15
LOWEST = 0
"""Index of 30k."""
FIRST_DAN = 30
HIGHEST = 38
"""Index of 9d."""
MIN_RATING = 100.0
"""Ratings below this are read as this before taking the logarithm (they stay 30k)."""

# Rank words by kind, lower case ("k": kyu, "d": dan), every language's.
_KINDS = {
    **dict.fromkeys(("k", "kyu", "kyū", "kyuu", "級", "级", "급", "к", "кю"), "k"),
    **dict.fromkeys(("d", "dan", "段", "단", "д", "дан"), "d"),
}
_FIRST = {"初", "초"}  # "first": 初段 (ja, zh), 초단 (ko) are 1 dan
_NUMERALS = {c: n for n, c in enumerate("一二三四五六七八九十", start=1)}  # 三段, 五級
_RANK = re.compile(
    r"^(?P<number>[0-9]{1,2}|[初초一二三四五六七八九十])\s*[.\-]?\s*(?P<kind>"
    + "|".join(sorted(map(re.escape, _KINDS), key=len, reverse=True))
    + r")\.?$"
)


def rank_index(rating: float) -> float:
    """The continuous rank index of a rating (0 = 30k, 30 = 1d), not clamped to 30k..9d."""
    return C * math.log(max(rating, MIN_RATING) / A)


def rating_at(index: float) -> float:
    """The rating at a continuous rank index (inverse of `rank_index`)."""
    return A * math.exp(index / C)


def _band_by_formula(rating: float) -> int:
    return min(HIGHEST, max(LOWEST, math.floor(rank_index(rating))))


def _band_floors() -> tuple[float, ...]:
    """The lowest rating of each band from index 1 to HIGHEST, to the last bit: the smallest
    float the formula puts in that band (rating_at(i) may be an ulp or two off)."""
    floors = []
    for index in range(LOWEST + 1, HIGHEST + 1):
        rating = rating_at(index)
        while _band_by_formula(rating) >= index:
            rating = math.nextafter(rating, 0.0)
        while _band_by_formula(rating) < index:
            rating = math.nextafter(rating, math.inf)
        floors.append(rating)
    return tuple(floors)


_FLOORS = _band_floors()


def rank_band(rating: float) -> int:
    """The integer rank index of a rating, clamped to 0 (30k) .. 38 (9d): the band whose
    floor it reaches (one bisection, a whole ladder's ranks are a list's worth of them)."""
    if not math.isfinite(rating):
        return _band_by_formula(rating)  # ValueError (NaN) or OverflowError, as ever
    return bisect_right(_FLOORS, rating)


def rank_label(index: int) -> str:
    """The name of an integer rank index: 0 -> "30k", 29 -> "1k", 30 -> "1d", 38 -> "9d"."""
    if not LOWEST <= index <= HIGHEST:
        raise ValueError(f"rank index {index} is outside 30k..9d")
    return f"{FIRST_DAN - index}k" if index < FIRST_DAN else f"{index - FIRST_DAN + 1}d"


_LABELS = tuple(rank_label(index) for index in range(LOWEST, HIGHEST + 1))


def rank_name(rating: float) -> str:
    """The rank shown for a rating, e.g. 1500 -> "6k"."""
    return _LABELS[rank_band(rating)]


def parse_rank(name: str) -> int:
    """The integer index of a rank name ("6k", "1 dan", "30kyu", "3段", "初段", "５급", "2д");
    ValueError for anything else, and for ranks outside 30k..9d."""
    text = unicodedata.normalize("NFKC", name).strip().casefold() if isinstance(name, str) else ""
    match = _RANK.match(text)
    if not match:
        raise ValueError(f"{name!r} is not a rank: use 30k to 1k or 1d to 9d")
    kind = _KINDS[match["kind"]]
    if match["number"] in _FIRST:
        if kind != "d":  # 初級 is "beginner", not a rank
            raise ValueError(f"{name!r} is not a rank: use 30k to 1k or 1d to 9d")
        number = 1
    else:
        number = _NUMERALS.get(match["number"]) or int(match["number"])
    if kind == "k" and 1 <= number <= 30:
        return FIRST_DAN - number
    if kind == "d" and 1 <= number <= 9:
        return FIRST_DAN + number - 1
    raise ValueError(f"{name!r} is not a rank: use 30k to 1k or 1d to 9d")


def rating_for_rank(name: str) -> float:
    """The start rating of a player declaring rank `name`: the middle of that rank's band."""
    return rating_at(parse_rank(name) + 0.5)


def handicap_ranks(
    *, stones: int, komi: float, fair_komi: float, stone_ranks: float = 1.0
) -> float:
    """Black's advantage in ranks from handicap stones and komi.

    An even game at the fair komi is 0. Taking away komi gives Black the half stone of the
    first move: komi 0.5 ("no komi") is worth 0.5 rank, the fair komi 0, and komi in between
    proportionally. Each handicap stone from the second on adds `stone_ranks` (1 rank per
    stone, the 19x19 convention): 3 stones at komi 0.5 give 2.5 ranks, the usual
    (handicap - 0.5). `stones` 0 and 1 both mean no stones placed (Black just moves first).
    """
    if stones < 0:
        raise ValueError(f"a handicap has 0 or more stones, not {stones}")
    if fair_komi <= 0.5:
        raise ValueError(f"the fair komi must be above 0.5, not {fair_komi}")
    komi_share = (komi - 0.5) / (fair_komi - 0.5)
    extra_stones = max(stones, 1) - 1
    return extra_stones * stone_ranks + 0.5 - 0.5 * komi_share


def handicap_points(*, black_rating: float, advantage_ranks: float) -> float:
    """Rating points that a handicap worth `advantage_ranks` adds to Black's rating.

    Black's effective rating is Black's rating moved up by that many rank widths *at Black's
    own level*. Rate the game as even between effective ratings: Black against
    (white rating - points), White against (black rating + points).
    """
    return rating_at(rank_index(black_rating) + advantage_ranks) - max(black_rating, MIN_RATING)
