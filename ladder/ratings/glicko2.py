"""Glicko-2 ratings, one step per rating period, after Glickman's paper.

Mark E. Glickman, "Example of the Glicko-2 system" (2013): ratings are shown on the Glicko
scale (1500 centre) and computed on the Glicko-2 scale, mu = (r - 1500) / 173.7178 and
phi = RD / 173.7178. The new volatility is the root of Glickman's f(x), found with the
Illinois variant of regula falsi to a tolerance of 1e-6, as in the paper. Only rating
*differences* enter the maths, so shifting every rating by the same amount shifts the result
by that amount and leaves deviation and volatility unchanged (tested: a popular PyPI package
fails exactly that away from 1500).

Correspondence play and time. A rating period here is `RATING_PERIOD_DAYS` (7) days and may be
fractional: the site rates each game when it ends, passing the time since the player's last
rating change as `periods`; idle time widens the deviation by `periods * volatility**2` (in
quadrature), capped at `MAX_DEVIATION`. See ladder/README.md for why.

Everything here is pure: no Django, no clock; the caller passes elapsed days in."""

from __future__ import annotations

import math
from collections.abc import Sequence

SCALE = 173.7178
"""Glicko to Glicko-2 scale factor, 400 / ln(10), as printed in the paper."""
CENTRE = 1500.0

START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
MAX_DEVIATION = 350.0
"""No deviation ever exceeds this: a long-idle player is as uncertain as a newcomer, no more."""
PROVISIONAL_DEVIATION = 160.0
"""A rating is provisional while its deviation is above this (OGS uses the same line)."""
DEFAULT_TAU = 0.5
TOLERANCE = 1e-6
RATING_PERIOD_DAYS = 7.0

Result = tuple[float, float, float]
"""(opponent_rating, opponent_deviation, score) with score 1 (win), 0.5 (jigo) or 0 (loss)."""


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, g_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-g_j * (mu - mu_j)))


def expected_score(rating: float, opponent_rating: float, opponent_deviation: float) -> float:
    """The Glicko-2 expected score (win probability, jigo counted half) against one opponent."""
    phi_j = opponent_deviation / SCALE
    return _expected((rating - CENTRE) / SCALE, (opponent_rating - CENTRE) / SCALE, _g(phi_j))


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Step 5 of the paper: the new volatility, by the Illinois algorithm on f(x)."""
    a = math.log(sigma * sigma)
    d2, p2 = delta * delta, phi * phi
    tau2 = tau * tau

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (d2 - p2 - v - ex) / (2.0 * (p2 + v + ex) ** 2) - (x - a) / tau2

    big_a = a
    if d2 > p2 + v:
        big_b = math.log(d2 - p2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > TOLERANCE:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(
    rating: float,
    deviation: float,
    volatility: float,
    results: Sequence[Result],
    tau: float = DEFAULT_TAU,
    *,
    periods: float = 1.0,
) -> tuple[float, float, float]:
    """One Glicko-2 rating period for one player; returns (rating, deviation, volatility).

    `results` are the period's games, each (opponent_rating, opponent_deviation, score), rated
    against the opponents' ratings *before* this period (rate both players from their old
    values, then store both). Their order does not matter. With no results only the deviation
    widens, as by `widen`. `periods` is the length of the period in rating periods (1 is the
    paper; the site passes the elapsed time, see `periods_between`): the deviation first
    widens by `periods` times the new volatility squared, capped at `MAX_DEVIATION`.
    Ratings may be anywhere: only differences matter (up to about 20,000 points between a
    player and an opponent; floats overflow far beyond that, and no game moves a rating more
    than about 700 points).
    """
    if periods < 0:
        raise ValueError(f"a rating period cannot be negative ({periods})")
    if deviation <= 0 or volatility <= 0:
        raise ValueError("deviation and volatility must be positive")
    if not results:
        return rating, widen(deviation, volatility, periods), volatility
    mu = (rating - CENTRE) / SCALE
    phi = deviation / SCALE
    info = 0.0  # 1 / v: the information the games carry
    gain = 0.0  # sum of g * (s - E)
    for opp_rating, opp_deviation, score in results:
        if score not in (0, 0.5, 1):
            raise ValueError(f"a score is 1, 0.5 or 0, not {score}")
        g_j = _g(opp_deviation / SCALE)
        e_j = _expected(mu, (opp_rating - CENTRE) / SCALE, g_j)
        info += g_j * g_j * e_j * (1.0 - e_j)
        gain += g_j * (score - e_j)
    v = 1.0 / info
    new_sigma = _volatility(v * gain, phi, v, volatility, tau)
    phi_star = min(math.sqrt(phi * phi + periods * new_sigma * new_sigma), MAX_DEVIATION / SCALE)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + info)
    new_mu = mu + new_phi * new_phi * gain
    return new_mu * SCALE + CENTRE, new_phi * SCALE, new_sigma


def widen(deviation: float, volatility: float, periods: float) -> float:
    """The deviation after `periods` rating periods without a game (fractions allowed).

    Glickman's step 6 repeated: sqrt(deviation**2 + periods * (SCALE * volatility)**2), never
    above `MAX_DEVIATION` (a deviation given above the cap comes back as the cap). Use it to
    show a current deviation between games.
    """
    if periods < 0:
        raise ValueError(f"a rating period cannot be negative ({periods})")
    widened = math.sqrt(deviation * deviation + periods * (SCALE * volatility) ** 2)
    return min(widened, MAX_DEVIATION)


def periods_between(days: float) -> float:
    """Rating periods in `days` of elapsed time (the caller subtracts two datetimes)."""
    return max(0.0, days) / RATING_PERIOD_DAYS


def is_provisional(deviation: float) -> bool:
    """True while the rating is too uncertain to show as settled (deviation > 160)."""
    return deviation > PROVISIONAL_DEVIATION
