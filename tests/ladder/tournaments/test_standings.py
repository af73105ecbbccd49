"""Standings: scores, SOS, SODOS, SOSOS, byes as the EGF rules count them, McMahon starts."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ladder.tournaments.standings import Bye, GameResult, mcmahon_start_scores, standings


def test_mcmahon_start_scores_from_bar_and_floor():
    ranks = {1: "5d", 2: "2d", 3: "1d", 4: "1k", 5: "10k", 6: "20k", 7: "30k"}
    assert mcmahon_start_scores(ranks, bar="2d", floor="20k") == {
        1: 21,  # above the bar: the bar's score
        2: 21,
        3: 20,
        4: 19,
        5: 10,
        6: 0,  # the floor is 0
        7: 0,  # below the floor
    }


def test_mcmahon_floor_above_bar_is_refused():
    with pytest.raises(ValueError, match="floor"):
        mcmahon_start_scores({1: "1k"}, bar="5k", floor="1d")


def test_a_jigo_is_half_a_point_each():
    table = standings(
        players={1: 0, 2: 0},
        games=[GameResult(1, 1, 2, winner=None)],
        rounds=1,
        mcmahon=False,
    )
    assert [(s.score, s.sos, s.sodos) for s in table] == [(0.5, 0.5, 0.25)] * 2
    assert [s.place for s in table] == [1, 1]


def test_players_equal_on_everything_share_a_place_listed_by_rating():
    table = standings(
        players={1: 0, 2: 0, 3: 0, 4: 0},
        games=[GameResult(1, 1, 2, winner=1), GameResult(1, 3, 4, winner=3)],
        rounds=1,
        mcmahon=False,
        ratings={1: 1500, 3: 1700},
    )
    assert [(s.id, s.place) for s in table] == [(3, 1), (1, 1), (2, 3), (4, 3)]


def test_swiss_bye_is_a_win_that_adds_nothing_to_sos():
    table = standings(
        players={1: 0, 2: 0, 3: 0},
        games=[GameResult(1, 1, 2, winner=2)],
        byes=[Bye(1, 3)],
        rounds=1,
        mcmahon=False,
    )
    by_id = {s.id: s for s in table}
    assert (by_id[3].score, by_id[3].sos, by_id[3].sodos, by_id[3].sosos) == (1, 0, 0, 0)
    assert (by_id[2].score, by_id[2].sos, by_id[2].sodos) == (1, 0, 0)


def test_mcmahon_bye_adds_the_players_own_start_score():
    """EGF: a round without an opponent adds the player's start MMS to SOS (and SODOS for
    the bye, a win); a round not paired at all adds it to SOS only, and no point."""
    table = standings(
        players={1: 5, 2: 3, 3: 4},
        games=[GameResult(1, 1, 2, winner=1), GameResult(2, 1, 3, winner=3)],
        byes=[Bye(1, 3)],
        rounds=2,
        mcmahon=True,
    )
    by_id = {s.id: s for s in table}
    # 3: bye in round 1 (start 4, +1), beat 1 in round 2: MMS 6.
    assert by_id[3].score == 6
    assert by_id[3].sos == 4 + 6  # own start + player 1's MMS (5 + 1)
    assert by_id[3].sodos == 4 + 6
    # 2: lost to 1 in round 1, not paired in round 2 (no bye): MMS 3, SOS 6 + own start 3.
    assert by_id[2].score == 3
    assert by_id[2].sos == 6 + 3
    assert by_id[2].sodos == 0
    # SOSOS: 2 met 1 (SOS 3 + 6 = 9) and had one unpaired round (3 x 2 rounds).
    assert by_id[2].sosos == 9 + 6


def test_tie_breakers_order_score_then_sos_then_sodos_then_sosos():
    # 1 and 2 both beat someone; 1's victim (3) then beat 4, so 1 has the better SOS.
    table = standings(
        players={1: 0, 2: 0, 3: 0, 4: 0},
        games=[
            GameResult(1, 1, 3, winner=1),
            GameResult(1, 2, 4, winner=2),
            GameResult(2, 3, 4, winner=3),
            GameResult(2, 1, 2, winner=None),
        ],
        rounds=2,
        mcmahon=False,
    )
    assert [s.id for s in table] == [1, 2, 3, 4]
    assert table[0].score == table[1].score == 1.5
    assert table[0].sos > table[1].sos


def test_results_must_be_consistent():
    with pytest.raises(ValueError, match="not in the tournament"):
        standings(players={1: 0}, games=[GameResult(1, 1, 9, winner=1)], rounds=1, mcmahon=False)
    with pytest.raises(ValueError, match="after only"):
        standings(
            players={1: 0, 2: 0}, games=[GameResult(3, 1, 2, winner=1)], rounds=2, mcmahon=False
        )


@settings(max_examples=60)
@given(st.integers(min_value=2, max_value=12), st.randoms(use_true_random=False))
def test_points_add_up_and_places_follow_the_order(n, rng):
    """Every game hands out exactly one point; places never go down the table."""
    ids = list(range(1, n + 1))
    games = []
    for rnd in range(1, 4):
        rng.shuffle(ids)
        for a, b in zip(ids[::2], ids[1::2], strict=False):
            games.append(GameResult(rnd, a, b, winner=rng.choice([a, b, None])))
    table = standings(players=dict.fromkeys(ids, 0), games=games, rounds=3, mcmahon=False)
    assert sum(s.score for s in table) == len(games)
    keys = [(-s.score, -s.sos, -s.sodos, -s.sosos) for s in table]
    assert keys == sorted(keys)
    assert [s.place for s in table] == sorted(s.place for s in table)
    assert table[0].place == 1
