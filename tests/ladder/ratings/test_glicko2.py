"""Glicko-2: Glickman's worked example, shift invariance, idle widening and properties."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ladder.ratings.glicko2 import (
    MAX_DEVIATION,
    RATING_PERIOD_DAYS,
    SCALE,
    expected_score,
    is_provisional,
    periods_between,
    rate,
    widen,
)

# Glickman, "Example of the Glicko-2 system": 1500/200/0.06 plays three games in one period.
EXAMPLE = [(1400.0, 30.0, 1.0), (1550.0, 100.0, 0.0), (1700.0, 300.0, 0.0)]

ratings = st.floats(min_value=-2000, max_value=5000, allow_nan=False)
deviations = st.floats(min_value=30, max_value=350, allow_nan=False)
volatilities = st.floats(min_value=0.03, max_value=0.12, allow_nan=False)
scores = st.sampled_from([0.0, 0.5, 1.0])


@st.composite
def players(draw):
    """A player and 1..6 results against opponents within 1200 points of them."""
    rating = draw(ratings)
    results = draw(
        st.lists(
            st.tuples(
                st.floats(min_value=rating - 1200, max_value=rating + 1200, allow_nan=False),
                deviations,
                scores,
            ),
            min_size=1,
            max_size=6,
        )
    )
    return rating, draw(deviations), draw(volatilities), results


def test_glickman_worked_example():
    rating, deviation, volatility = rate(1500, 200, 0.06, EXAMPLE)
    # The paper prints 1464.06 from rounded intermediate values; full precision gives 1464.05.
    assert rating == pytest.approx(1464.0507, abs=1e-4)
    assert deviation == pytest.approx(151.5165, abs=1e-4)
    assert volatility == pytest.approx(0.059996, abs=1e-6)
    # On the Glicko-2 scale, as the paper prints them: mu' = -0.2069, phi' = 0.8722.
    assert (rating - 1500) / SCALE == pytest.approx(-0.2069, abs=1e-4)
    assert deviation / SCALE == pytest.approx(0.8722, abs=1e-4)


@pytest.mark.parametrize("shift", [-1400, -500, 1000, 1300, 3000])
def test_worked_example_far_from_1500(shift):
    """Only differences matter: the paper's example shifted gives the shifted answer."""
    moved = [(r + shift, d, s) for r, d, s in EXAMPLE]
    rating, deviation, volatility = rate(1500 + shift, 200, 0.06, moved)
    assert rating == pytest.approx(1464.0507 + shift, abs=1e-4)
    assert deviation == pytest.approx(151.5165, abs=1e-4)
    assert volatility == pytest.approx(0.059996, abs=1e-6)


@settings(max_examples=150)
@given(players(), st.floats(min_value=-1500, max_value=1500, allow_nan=False))
def test_shifting_everyone_shifts_only_the_rating(player, shift):
    rating, deviation, volatility, results = player
    base = rate(rating, deviation, volatility, results)
    moved = rate(rating + shift, deviation, volatility, [(r + shift, d, s) for r, d, s in results])
    assert moved[0] == pytest.approx(base[0] + shift, abs=1e-6)
    assert moved[1] == pytest.approx(base[1], rel=1e-9)
    assert moved[2] == pytest.approx(base[2], rel=1e-9)


def test_no_results_widens_the_deviation_only():
    rating, deviation, volatility = rate(1500, 200, 0.06, [])
    assert (rating, volatility) == (1500, 0.06)
    assert deviation == pytest.approx(math.hypot(200, 0.06 * SCALE))  # 200.2714
    assert deviation == pytest.approx(200.2714, abs=1e-4)


def test_idle_periods_widen_with_time_up_to_the_cap():
    weekly = [widen(60, 0.06, k) for k in range(0, 2000, 50)]
    assert weekly[0] == 60
    assert all(a < b for a, b in zip(weekly, weekly[1:], strict=False) if b < MAX_DEVIATION)
    assert max(weekly) == MAX_DEVIATION
    # A year idle (52 weeks) takes a settled 60 to about 96.
    assert widen(60, 0.06, 52) == pytest.approx(96.1, abs=0.1)
    assert rate(1500, 349, 0.06, [], periods=10) == (1500, MAX_DEVIATION, 0.06)


def test_a_deviation_given_above_the_cap_comes_back_at_the_cap():
    assert widen(400, 0.06, 0) == MAX_DEVIATION


def test_fractional_periods_are_time_based():
    # Three and a half days is half a period: the widening of half a period, not of a whole one.
    assert periods_between(3.5) == 0.5
    assert periods_between(-2) == 0
    assert periods_between(RATING_PERIOD_DAYS * 4) == 4
    half = widen(100, 0.06, 0.5)
    assert half**2 == pytest.approx(100**2 + 0.5 * (0.06 * SCALE) ** 2)
    # Two games a moment apart: the second period has length zero and widens nothing.
    assert rate(1500, 100, 0.06, [], periods=0) == (1500, 100, 0.06)


def test_provisional_above_160():
    assert is_provisional(350)
    assert is_provisional(160.01)
    assert not is_provisional(160)
    assert not is_provisional(60)


def test_expected_score_is_symmetric_and_half_for_equals():
    assert expected_score(1700, 1700, 50) == 0.5
    assert expected_score(1800, 1700, 0.001) + expected_score(1700, 1800, 0.001) == pytest.approx(1)
    # 400 points with no uncertainty are odds of 10 to 1, as in Elo.
    assert expected_score(1900, 1500, 1e-9) == pytest.approx(10 / 11)


@pytest.mark.parametrize("bad", [2, -1, 0.25])
def test_a_score_is_one_half_or_zero(bad):
    with pytest.raises(ValueError, match="score"):
        rate(1500, 200, 0.06, [(1500, 200, bad)])


def test_negative_periods_are_refused():
    with pytest.raises(ValueError, match="negative"):
        rate(1500, 200, 0.06, [], periods=-1)


def test_a_shock_result_raises_the_volatility():
    """A settled 1500 beating a settled 2700: Glicko-2 reads that as a change of strength.

    The volatility rises, so the deviation ends a hair above what the same period idle at the
    *old* volatility would give (31.7593 against 31.7591), and never above the idle widening at
    the *new* volatility: that is the sense in which playing never widens the deviation.
    """
    rating, deviation, volatility = rate(1500, 30, 0.06, [(2700, 30, 1)])
    assert rating > 1500
    assert volatility > 0.06
    assert widen(30, 0.06, 1) < deviation <= widen(30, volatility, 1)


@settings(max_examples=150)
@given(players(), st.data())
def test_a_better_result_never_gives_a_lower_rating(player, data):
    """Winning never lowers the rating, losing never raises it, whatever else was played."""
    rating, deviation, volatility, results = player
    i = data.draw(st.integers(min_value=0, max_value=len(results) - 1))
    by_score = []
    for score in (0.0, 0.5, 1.0):
        changed = list(results)
        changed[i] = (results[i][0], results[i][1], score)
        by_score.append(rate(rating, deviation, volatility, changed)[0])
    assert by_score[0] <= by_score[1] + 1e-9
    assert by_score[1] <= by_score[2] + 1e-9
    if all(s == 1 for _, _, s in results):
        assert by_score[2] >= rating
    if all(s == 0 for _, _, s in results):
        assert by_score[0] <= rating


@settings(max_examples=150)
@given(players(), st.floats(min_value=0, max_value=20, allow_nan=False))
def test_playing_never_widens_the_deviation(player, periods):
    """Games only ever narrow the period's deviation: new <= the idle widening, new <= cap."""
    rating, deviation, volatility, results = player
    _, new_deviation, new_volatility = rate(rating, deviation, volatility, results, periods=periods)
    assert new_deviation <= widen(deviation, new_volatility, periods) + 1e-9
    assert new_deviation <= MAX_DEVIATION


@settings(max_examples=100)
@given(players(), st.randoms(use_true_random=False))
def test_result_order_does_not_matter(player, rng):
    rating, deviation, volatility, results = player
    shuffled = list(results)
    rng.shuffle(shuffled)
    before = rate(rating, deviation, volatility, results)
    after = rate(rating, deviation, volatility, shuffled)
    assert after == pytest.approx(before, rel=1e-9, abs=1e-9)
