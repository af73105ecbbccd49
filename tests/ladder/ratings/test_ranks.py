"""Ranks from ratings and back; the rating value of handicap stones and komi."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ladder.ratings.ranks import (
    handicap_points,
    handicap_ranks,
    parse_rank,
    rank_band,
    rank_index,
    rank_label,
    rank_name,
    rating_at,
    rating_for_rank,
)

ALL_RANKS = [f"{k}k" for k in range(30, 0, -1)] + [f"{d}d" for d in range(1, 10)]


@pytest.mark.parametrize(
    ("rating", "name"),
    [
        (-300, "30k"),
        (100, "30k"),
        (525, "30k"),
        (654, "25k"),
        (1005, "15k"),
        (1500, "6k"),
        (1900, "1k"),
        (1919, "1d"),
        (2711, "9d"),
        (9999, "9d"),
    ],
)
def test_rank_of_rating(rating, name):
    assert rank_name(rating) == name


def test_the_39_ranks_in_order():
    assert [rank_label(i) for i in range(39)] == ALL_RANKS
    assert [parse_rank(name) for name in ALL_RANKS] == list(range(39))


@pytest.mark.parametrize("name", ALL_RANKS)
def test_start_rating_of_a_declared_rank_is_inside_that_rank(name):
    assert rank_name(rating_for_rank(name)) == name


@pytest.mark.parametrize(("text", "index"), [("6k", 24), (" 1 dan ", 30), ("30KYU", 0), ("9D", 38)])
def test_parse_rank_accepts_spellings(text, index):
    assert parse_rank(text) == index


# How each of our languages writes a rank: index -> text.
WRITTEN = {
    "ja": lambda i: "初段" if i == 30 else f"{i - 29}段" if i >= 30 else f"{30 - i}級",
    "zh_Hans": lambda i: f"{i - 29}段" if i >= 30 else f"{30 - i}级",
    "ko": lambda i: f"{i - 29}단" if i >= 30 else f"{30 - i}급",
    "ru": lambda i: f"{i - 29}д" if i >= 30 else f"{30 - i}к",
    "ru words": lambda i: f"{i - 29} дан" if i >= 30 else f"{30 - i} кю",
    "de": lambda i: f"{i - 29}. Dan" if i >= 30 else f"{30 - i}. Kyu",
    "fr es": lambda i: f"{i - 29} dan" if i >= 30 else f"{30 - i} kyu",
}
FULL_WIDTH = str.maketrans("0123456789kdKD", "０１２３４５６７８９ｋｄＫＤ")


@pytest.mark.parametrize(
    ("text", "index"),
    [
        ("初段", 30),
        ("초단", 30),
        ("三段", 32),
        ("五級", 25),
        ("３段", 32),
        ("１Ｄ", 30),
        ("6-kyu", 24),
    ],
)
def test_parse_rank_reads_the_ranks_each_language_writes(text, index):
    assert parse_rank(text) == index


@given(st.integers(min_value=0, max_value=38), st.sampled_from(sorted(WRITTEN)), st.booleans())
def test_every_rank_in_every_language_reads_back_as_itself(index, language, full_width):
    text = WRITTEN[language](index)
    if full_width:
        text = text.translate(FULL_WIDTH)
    assert parse_rank(text) == index
    assert rank_label(parse_rank(text)) == rank_label(index)


@given(st.text(max_size=12))
def test_parse_rank_answers_any_text_with_an_index_or_a_value_error(text):
    try:
        index = parse_rank(text)
    except ValueError as error:
        assert "not a rank" in str(error)
    else:
        assert 0 <= index <= 38


@pytest.mark.parametrize(
    "text",
    ["0k", "31k", "10d", "0d", "6p", "six kyu", "", None, "初級", "31級", "十段", "0段", "3段段"],
)
def test_parse_rank_refuses_what_is_not_a_rank(text):
    with pytest.raises(ValueError, match="not a rank"):
        parse_rank(text)


def test_rank_label_refuses_out_of_range_indexes():
    with pytest.raises(ValueError, match="outside"):
        rank_label(39)


@given(st.floats(min_value=100, max_value=6000, allow_nan=False))
def test_rank_index_and_rating_at_are_inverses(rating):
    assert rating_at(rank_index(rating)) == pytest.approx(rating)
    assert 0 <= rank_band(rating) <= 38


@given(st.floats(min_value=0, max_value=6000), st.floats(min_value=0, max_value=6000))
def test_ranks_never_fall_as_ratings_rise(low, high):
    low, high = sorted((low, high))
    assert rank_band(low) <= rank_band(high)


def _band_of(rating: float) -> int:
    """The band as the rank formula defines it: floor(rank index), clamped to 30k..9d."""
    return min(38, max(0, math.floor(rank_index(rating))))


@given(
    st.one_of(
        st.floats(allow_nan=False, allow_infinity=False),
        # a band's edge, a few ulps either side
        st.builds(
            lambda index, steps: _ulps(rating_at(index), steps),
            st.integers(1, 38),
            st.integers(-4, 4),
        ),
    )
)
def test_rank_band_is_the_formulas_band_to_the_last_bit(rating):
    assert rank_band(rating) == _band_of(rating)
    assert rank_name(rating) == rank_label(_band_of(rating))


def _ulps(value: float, steps: int) -> float:
    for _ in range(abs(steps)):
        value = math.nextafter(value, math.inf if steps > 0 else 0.0)
    return value


def test_rank_band_of_what_is_no_rating_fails_as_the_formula_does():
    with pytest.raises(ValueError):
        rank_band(math.nan)
    with pytest.raises(OverflowError):
        rank_band(math.inf)


def test_rank_widths_grow_with_strength():
    widths = [rating_at(i + 1) - rating_at(i) for i in range(38)]
    assert all(a < b for a, b in zip(widths, widths[1:], strict=False))
    assert 60 < rating_at(25) - rating_at(24) < 70  # 6k, around 1500


@pytest.mark.parametrize(
    ("stones", "komi", "ranks"),
    [
        (0, 7.5, 0.0),  # even game, fair komi
        (1, 7.5, 0.0),  # "one stone" is no stone: Black moves first
        (0, 0.5, 0.5),  # no komi: the half stone of the first move
        (0, 4.0, 0.25),  # half the komi: a quarter rank
        (2, 0.5, 1.5),
        (3, 0.5, 2.5),  # the usual (handicap - 0.5)
        (9, 0.5, 8.5),
        (3, 7.5, 2.0),  # stones with full komi: half a rank less
    ],
)
def test_handicap_ranks_19x19(stones, komi, ranks):
    assert handicap_ranks(stones=stones, komi=komi, fair_komi=7.5) == pytest.approx(ranks)


def test_handicap_ranks_on_a_small_board_scale_per_stone():
    assert handicap_ranks(stones=2, komi=0.5, fair_komi=6.5, stone_ranks=3) == pytest.approx(3.5)


def test_handicap_ranks_refuse_nonsense():
    with pytest.raises(ValueError, match="stones"):
        handicap_ranks(stones=-1, komi=0.5, fair_komi=7.5)
    with pytest.raises(ValueError, match="fair komi"):
        handicap_ranks(stones=2, komi=0.5, fair_komi=0.5)


def test_handicap_points_are_rank_widths_at_blacks_level():
    # A 1500 (6k) taking 3 stones (2.5 ranks) plays like a 4k: about 2.5 widths of 65-70 points.
    points = handicap_points(black_rating=1500, advantage_ranks=2.5)
    assert points == pytest.approx(171.06, abs=0.01)
    assert rank_name(1500 + points) == "4k"
    # The same handicap is worth more points between strong players.
    assert handicap_points(black_rating=2300, advantage_ranks=2.5) > points
    assert handicap_points(black_rating=1500, advantage_ranks=0) == pytest.approx(0, abs=1e-9)
