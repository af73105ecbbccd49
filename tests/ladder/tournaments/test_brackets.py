"""Knockout brackets: seeding, byes to the top seeds, the losers' bracket progression."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ladder.tournaments.brackets import (
    Slot,
    bracket_players,
    bracket_size,
    double_elimination,
    seed_order,
    single_elimination,
)


def _reachable(bracket):
    """{code: (seeds that can reach the top side, seeds that can reach the bottom side)}."""
    by_code = {m.code: m for m in bracket.matches}
    memo = {}

    def seeds(slot):
        if slot.seed is not None:
            return {slot.seed}
        code = slot.winner_of or slot.loser_of
        if code not in memo:
            match = by_code[code]
            memo[code] = seeds(match.top) | seeds(match.bottom)
        return memo[code]

    return {m.code: (seeds(m.top), seeds(m.bottom)) for m in bracket.matches}


def _play_out(bracket, pick):
    """Plays every match with `pick(top, bottom)` choosing the winner; returns the winners."""
    winners = {}
    for match in bracket.matches:
        sides = bracket_players(bracket, winners)
        top, bottom = sides[match.code]
        if match.if_needed and winners["GF"] == sides["GF"][0]:
            break  # the winners' bracket champion won the grand final: no reset
        winners[match.code] = pick(top, bottom)
    return winners


def test_seed_order_is_the_standard_one():
    assert seed_order(2) == [1, 2]
    assert seed_order(4) == [1, 4, 2, 3]
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    with pytest.raises(ValueError, match="power of two"):
        seed_order(6)


def test_bracket_size_is_the_next_power_of_two():
    assert [bracket_size(n) for n in (2, 3, 4, 5, 8, 9, 16, 17)] == [2, 4, 4, 8, 8, 16, 16, 32]
    with pytest.raises(ValueError, match="at least 2"):
        bracket_size(1)


@pytest.mark.parametrize("n", range(5, 18))
def test_single_elimination_byes_go_to_the_top_seeds(n):
    bracket = single_elimination(n)
    size = bracket_size(n)
    first = [m for m in bracket.matches if m.round == 1]
    playing_first = {s.seed for m in first for s in (m.top, m.bottom)}
    assert bracket.byes == tuple(range(1, size - n + 1))
    assert len(bracket.byes) == size - n
    assert playing_first == set(range(size - n + 1, n + 1))
    # First round: the top remaining seed meets the lowest (seed + opponent = size + 1).
    assert all(m.top.seed + m.bottom.seed == size + 1 for m in first)
    assert len(bracket.matches) == n - 1  # one match per player knocked out


@pytest.mark.parametrize("n", range(5, 18))
def test_seeds_1_and_2_can_only_meet_in_the_final(n):
    bracket = single_elimination(n)
    for code, (top, bottom) in _reachable(bracket).items():
        meets = (1 in top and 2 in bottom) or (2 in top and 1 in bottom)
        assert meets == (code == bracket.final)


def test_every_listed_match_has_two_players():
    for n in range(2, 18):
        for bracket in (single_elimination(n), double_elimination(n)):
            for match in bracket.matches:
                assert isinstance(match.top, Slot) and isinstance(match.bottom, Slot)


def test_double_elimination_of_four_by_hand():
    """W1: 1v4, 2v3; W2: the winners. L1: the two W1 losers; L2: L1's winner v W2's loser.
    GF: W2's winner v L2's winner; GF2 only if the losers' bracket champion wins GF."""
    bracket = double_elimination(4)
    shape = [(m.code, m.top, m.bottom) for m in bracket.matches]
    assert shape == [
        ("W1.1", Slot(seed=1), Slot(seed=4)),
        ("W1.2", Slot(seed=2), Slot(seed=3)),
        ("W2.1", Slot(winner_of="W1.1"), Slot(winner_of="W1.2")),
        ("L1.1", Slot(loser_of="W1.1"), Slot(loser_of="W1.2")),
        ("L2.1", Slot(winner_of="L1.1"), Slot(loser_of="W2.1")),
        ("GF", Slot(winner_of="W2.1"), Slot(winner_of="L2.1")),
        ("GF2", Slot(winner_of="GF"), Slot(loser_of="GF")),
    ]
    assert bracket.matches[-1].if_needed
    # Upsets everywhere: 4 beats 1, 3 beats 2, 3 beats 4; 1 climbs back through the losers.
    winners = {"W1.1": 4, "W1.2": 3, "W2.1": 3, "L1.1": 1, "L2.1": 1, "GF": 1}
    sides = bracket_players(bracket, winners)
    assert sides["L1.1"] == (1, 2)
    assert sides["L2.1"] == (1, 4)
    assert sides["GF"] == (3, 1)
    assert sides["GF2"] == (1, 3)  # 3's first loss: the reset is played


def test_a_winner_who_did_not_play_is_refused():
    with pytest.raises(ValueError, match="did not play"):
        bracket_players(single_elimination(4), {"W1.1": 2})


@settings(max_examples=40)
@given(st.integers(min_value=2, max_value=17), st.randoms(use_true_random=False))
def test_double_elimination_everyone_but_the_champion_loses_twice(n, rng):
    bracket = double_elimination(n)
    assert bracket.byes == tuple(range(1, bracket_size(n) - n + 1))
    winners = _play_out(bracket, lambda top, bottom: rng.choice([top, bottom]))
    losses = dict.fromkeys(range(1, n + 1), 0)
    sides = bracket_players(bracket, winners)
    for code, won in winners.items():
        top, bottom = sides[code]
        losses[bottom if won == top else top] += 1
    champion = winners.get("GF2", winners["GF"])
    assert losses[champion] <= 1
    assert all(lost == 2 for seed, lost in losses.items() if seed != champion)
    assert len(winners) in (2 * n - 2, 2 * n - 1)


@settings(max_examples=40)
@given(st.integers(min_value=5, max_value=17), st.randoms(use_true_random=False))
def test_no_rematch_in_the_first_two_losers_rounds(n, rng):
    bracket = double_elimination(n)
    winners = _play_out(bracket, lambda top, bottom: rng.choice([top, bottom]))
    sides = bracket_players(bracket, winners)
    met = set()
    for match in bracket.matches:
        if match.code not in winners:
            continue
        pair = frozenset(sides[match.code])
        if match.bracket == "L" and match.round <= 2:
            assert pair not in met, match.code
        met.add(pair)


@pytest.mark.parametrize("n", range(5, 18))
def test_double_elimination_favourites_reach_the_grand_final(n):
    """When the better seed always wins, 1 beats 2 in the grand final and there is no reset."""
    bracket = double_elimination(n)
    winners = _play_out(bracket, min)
    sides = bracket_players(bracket, winners)
    assert sides["GF"] == (1, 2)
    assert winners["GF"] == 1
    assert "GF2" not in winners


def test_single_elimination_favourites():
    rng = random.Random(5)
    for n in range(2, 18):
        bracket = single_elimination(n)
        winners = _play_out(bracket, min)
        assert winners[bracket.final] == 1
        assert bracket_players(bracket, winners)[bracket.final] == (1, 2)
        upsets = _play_out(bracket, lambda t, b: rng.choice([t, b]))
        assert len(upsets) == n - 1
