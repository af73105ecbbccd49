"""Pairing: round robins, and Swiss and McMahon rounds as a best overall matching."""

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ladder.ratings.ranks import rating_for_rank
from ladder.tournaments.pairing import (
    Board,
    Entrant,
    PairingRules,
    bye_choice,
    entrants_for_round,
    pair_round,
    round_robin,
)
from ladder.tournaments.standings import Bye, GameResult, mcmahon_start_scores, standings

SWISS = PairingRules(system="swiss")
MCMAHON = PairingRules(system="mcmahon")


# Round robin ---------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(2, 21))
def test_round_robin_every_pair_meets_once(n):
    rounds = round_robin(n)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    pairs = [pair for rnd in rounds for pair in rnd]
    assert sorted(pairs) == list(itertools.combinations(range(1, n + 1), 2))
    for rnd in rounds:
        seated = [p for pair in rnd for p in pair]
        assert len(seated) == len(set(seated)), "nobody plays twice in a round"
        assert len(rnd) == n // 2
    if n % 2:
        sitting_out = [set(range(1, n + 1)) - {p for pair in rnd for p in pair} for rnd in rounds]
        assert all(len(out) == 1 for out in sitting_out)
        assert sorted(p for out in sitting_out for p in out) == list(range(1, n + 1))


def test_round_robin_of_four_by_hand():
    assert round_robin(4) == [[(1, 4), (2, 3)], [(1, 3), (2, 4)], [(1, 2), (3, 4)]]


def test_round_robin_needs_two_players():
    with pytest.raises(ValueError, match="at least 2"):
        round_robin(1)


# Random tournaments for the properties ------------------------------------------------------


@st.composite
def rounds_to_pair(draw, max_players=10):
    """Entrants in standings order with random history: scores, met pairs, byes, colours."""
    n = draw(st.integers(min_value=2, max_value=max_players))
    ids = list(range(1, n + 1))
    scores = sorted(
        draw(st.lists(st.integers(min_value=0, max_value=6), min_size=n, max_size=n)),
        reverse=True,
    )
    pairs = list(itertools.combinations(ids, 2))
    met = set(draw(st.lists(st.sampled_from(pairs), max_size=2 * n, unique=True)))
    opponents = {i: frozenset(b if a == i else a for a, b in met if i in (a, b)) for i in ids}
    entrants = [
        Entrant(
            id=i,
            rating=draw(st.integers(min_value=500, max_value=2700)),
            score=scores[k] / draw(st.sampled_from([1, 2])),
            opponents=opponents[i],
            colours=tuple(draw(st.lists(st.sampled_from("BW"), max_size=4))),
            had_bye=draw(st.booleans()),
        )
        for k, i in enumerate(ids)
    ]
    entrants.sort(key=lambda e: -e.score)
    return entrants


def _perfect_matchings(items):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for k, other in enumerate(rest):
        for tail in _perfect_matchings(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *tail]


def _repeats_and_spread(entrants, pairs):
    by_id = {e.id: e for e in entrants}
    repeats = sum(b in by_id[a].opponents for a, b in pairs)
    spread = sum(round(2 * abs(by_id[a].score - by_id[b].score)) ** 2 for a, b in pairs)
    return repeats, spread


@settings(max_examples=120)
@given(rounds_to_pair(), st.sampled_from([SWISS, MCMAHON]))
def test_everyone_plays_once_or_has_the_bye(entrants, rules):
    result = pair_round(entrants, rules)
    seated = [p for b in result.boards for p in (b.black, b.white)]
    assert len(seated) == len(set(seated))
    assert sorted(seated + ([result.bye] if result.bye else [])) == sorted(e.id for e in entrants)
    assert (result.bye is None) == (len(entrants) % 2 == 0)


@settings(max_examples=120)
@given(rounds_to_pair())
def test_the_bye_goes_to_the_lowest_placed_without_one(entrants):
    bye = pair_round(entrants, SWISS).bye
    if len(entrants) % 2 == 0:
        assert bye is None
        return
    without = [e.id for e in entrants if not e.had_bye]
    assert bye == (without[-1] if without else entrants[-1].id)


@settings(max_examples=80)
@given(rounds_to_pair(max_players=9), st.sampled_from([SWISS, MCMAHON]))
def test_no_repeat_and_score_groups_kept_as_far_as_possible(entrants, rules):
    """Against every possible pairing of the same players (brute force): the fewest repeats,
    then the smallest sum of squared score differences (so whole score groups when possible)."""
    result = pair_round(entrants, rules)
    ours = _repeats_and_spread(entrants, [(b.black, b.white) for b in result.boards])
    players = [e.id for e in entrants if e.id != result.bye]
    best = min(_repeats_and_spread(entrants, m) for m in _perfect_matchings(players))
    assert ours == best
    assert all(
        b.repeat == (b.white in {e.id: e for e in entrants}[b.black].opponents)
        for b in result.boards
    )


@settings(max_examples=60)
@given(rounds_to_pair(max_players=12))
def test_no_repeat_whenever_one_can_be_avoided(entrants):
    result = pair_round(entrants, MCMAHON)
    players = [e for e in entrants if e.id != result.bye]
    fresh = nx.Graph()
    fresh.add_nodes_from(e.id for e in players)
    fresh.add_edges_from(
        (a.id, b.id) for a, b in itertools.combinations(players, 2) if b.id not in a.opponents
    )
    if 2 * len(nx.max_weight_matching(fresh, maxcardinality=True)) == len(players):
        assert not any(b.repeat for b in result.boards)


def test_a_simulated_mcmahon_never_repeats_and_spreads_the_byes():
    """Nine players, five rounds, higher rating always wins: no repeat, five different byes."""
    ratings = {i: 2600 - 90 * i for i in range(1, 10)}
    starts = {i: max(0, 5 - i // 2) for i in ratings}
    games, byes = [], []
    for rnd in range(1, 6):
        table = standings(
            players=starts, games=games, byes=byes, rounds=rnd - 1, mcmahon=True, ratings=ratings
        )
        entrants = entrants_for_round(table=table, games=games, byes=byes, ratings=ratings)
        result = pair_round(entrants, MCMAHON)
        assert not any(b.repeat for b in result.boards)
        byes.append(Bye(round=rnd, player=result.bye))
        for b in result.boards:
            winner = max((b.black, b.white), key=ratings.get)
            games.append(GameResult(round=rnd, black=b.black, white=b.white, winner=winner))
    assert len({b.player for b in byes}) == 5


# Worked by hand ------------------------------------------------------------------------------


def _next_round(players, games, byes, rnd, ratings, mcmahon, rules):
    table = standings(
        players=players, games=games, byes=byes, rounds=rnd - 1, mcmahon=mcmahon, ratings=ratings
    )
    entrants = entrants_for_round(table=table, games=games, byes=byes, ratings=ratings)
    return [s.id for s in table], pair_round(entrants, rules)


def test_swiss_five_players_three_rounds_by_hand():
    """Players 1..5 rated 2000, 1900 ... 1600; Swiss, so every start score is 0.

    Round 1: all on 0, in rating order 1 2 3 4 5. The bye goes to 5, the lowest. The group
    {1, 2, 3, 4} splits: 1 v 3, 2 v 4; the stronger takes White. 1 beats 3, 4 beats 2.
    Round 2: scores 1:1 4:1 5:1 (the bye is a win) 2:0 3:0. Standings 1 4 5 2 3 (1 and 4 tie
    on SOS 0 and SODOS 0; SOSOS 1 each, 1 is higher rated; 5's bye adds 0 to its SOS and
    SOSOS). The bye goes to 3. Pairing 1 4 5 | 2: {1-4, 5-2} and {1-2, 4-5} both float one
    player one point; split in {1, 4, 5} (1700 is in the middle) makes 1-4 ideal, so 1-4
    and 5-2. Colours: 4 had Black, 1 White, so 1 Black; 2 had White, 5 nothing, so 2 Black.
    1 beats 4, 5 beats 2.
    Round 3: scores 1:2 5:2 4:1 3:1 2:0; SOS 1:2 5:0 4:2 3:2; 4 is above 3 by SOSOS (5 v 2).
    The bye goes to 2 (the lowest without one). 1-5 and 4-3 keep both groups, no repeat.
    Colours: 1 (W, B) is level, 5 (W) is one White down: 5 Black; 3 (B) is one Black up, 4
    level: 4 Black. 5 beats 1, 3 beats 4.
    Final: 5 3 points; 1 and 3 on 2 (SOS 6 against 3); 4 and 2 on 1 (SOS 5 against 4).
    """
    ratings = {1: 2000, 2: 1900, 3: 1800, 4: 1700, 5: 1600}
    players = dict.fromkeys(ratings, 0)
    games, byes = [], []

    order, r1 = _next_round(players, games, byes, 1, ratings, False, SWISS)
    assert order == [1, 2, 3, 4, 5]
    assert r1.boards == (Board(black=3, white=1), Board(black=4, white=2))
    assert r1.bye == 5
    games += [GameResult(1, 3, 1, winner=1), GameResult(1, 4, 2, winner=4)]
    byes.append(Bye(1, 5))

    order, r2 = _next_round(players, games, byes, 2, ratings, False, SWISS)
    assert order == [1, 4, 5, 2, 3]
    assert r2.boards == (Board(black=1, white=4), Board(black=2, white=5))
    assert r2.bye == 3
    games += [GameResult(2, 1, 4, winner=1), GameResult(2, 2, 5, winner=5)]
    byes.append(Bye(2, 3))

    order, r3 = _next_round(players, games, byes, 3, ratings, False, SWISS)
    assert order == [1, 5, 4, 3, 2]
    assert r3.boards == (Board(black=5, white=1), Board(black=4, white=3))
    assert r3.bye == 2
    games += [GameResult(3, 5, 1, winner=5), GameResult(3, 4, 3, winner=3)]
    byes.append(Bye(3, 2))

    final = standings(
        players=players, games=games, byes=byes, rounds=3, mcmahon=False, ratings=ratings
    )
    assert [(s.id, s.place, s.score, s.sos, s.sodos) for s in final] == [
        (5, 1, 3, 3, 3),
        (1, 2, 2, 6, 3),
        (3, 3, 2, 3, 1),
        (4, 4, 1, 5, 1),
        (2, 5, 1, 4, 0),
    ]


def test_mcmahon_five_players_two_rounds_by_hand():
    """3d, 1d, 1k, 2k, 5k (players 1..5); bar 1d, floor 3k: start scores 3 3 2 1 0.

    Round 1: 1 and 2 share 3 (1 first, higher rated); bye to 5. {1-2, 3-4} costs one
    one-point float; every other pairing floats more. Stronger White: 2 Black, 4 Black.
    2 beats 1 (upset), 3 beats 4. 5's bye: MMS 1, and SOS gets 5's own start score, 0.
    Round 2: MMS 2:4 1:3 3:3 4:1 5:1; SOS 1:4 3:1, 4:3 5:0, so 2 1 3 4 5. 5 had the bye, so
    it goes to 4. 2-1 would repeat; {2-3, 1-5} spreads 1 and 2 points (4 + 16) against
    {2-5, 1-3} (36): 2-3 and 1-5. Colours by balance: 3 (W) Black; 1 (W) Black against 5.
    2 beats 3, 1 beats 5.
    Final MMS 2:5 1:4 3:3 4:2 5:1. 4's SOS: 3's 3 + its own start score 1 for the bye = 4;
    SODOS 1 (the bye is a win against that virtual opponent); SOSOS 3's SOS 7 + 1 x 2 rounds.
    """
    ranks = {1: "3d", 2: "1d", 3: "1k", 4: "2k", 5: "5k"}
    ratings = {pid: rating_for_rank(r) for pid, r in ranks.items()}
    players = mcmahon_start_scores(ranks, bar="1d", floor="3k")
    assert players == {1: 3, 2: 3, 3: 2, 4: 1, 5: 0}
    games, byes = [], []

    order, r1 = _next_round(players, games, byes, 1, ratings, True, MCMAHON)
    assert order == [1, 2, 3, 4, 5]
    assert r1.boards == (Board(black=2, white=1), Board(black=4, white=3))
    assert r1.bye == 5
    games += [GameResult(1, 2, 1, winner=2), GameResult(1, 4, 3, winner=3)]
    byes.append(Bye(1, 5))

    order, r2 = _next_round(players, games, byes, 2, ratings, True, MCMAHON)
    assert order == [2, 1, 3, 4, 5]
    assert r2.boards == (Board(black=3, white=2), Board(black=1, white=5))
    assert r2.bye == 4
    games += [GameResult(2, 3, 2, winner=2), GameResult(2, 1, 5, winner=1)]
    byes.append(Bye(2, 4))

    final = standings(
        players=players, games=games, byes=byes, rounds=2, mcmahon=True, ratings=ratings
    )
    assert [(s.id, s.score, s.sos, s.sodos, s.sosos) for s in final] == [
        (2, 5, 7, 7, 13),
        (1, 4, 6, 1, 11),
        (3, 3, 7, 2, 11),
        (4, 2, 4, 1, 9),
        (5, 1, 4, 0, 6),
    ]


# Handicap, colours, rules --------------------------------------------------------------------


def test_mcmahon_handicap_is_rank_difference_less_the_reduction():
    rules = PairingRules(system="mcmahon", handicap_reduction=1)
    five_k, one_d = rating_for_rank("5k"), rating_for_rank("1d")
    result = pair_round(
        [Entrant(id=1, rating=one_d, score=3), Entrant(id=2, rating=five_k, score=3)], rules
    )
    # 1d against 5k is five ranks; less 1: four stones, the weaker takes Black.
    assert result.boards == (Board(black=2, white=1, handicap=4),)
    capped = PairingRules(system="mcmahon", handicap_reduction=0, handicap_cap=2)
    assert (
        pair_round(
            [Entrant(id=1, rating=one_d, score=3), Entrant(id=2, rating=five_k, score=3)], capped
        )
        .boards[0]
        .handicap
        == 2
    )


def test_smaller_handicaps_are_preferred_within_a_score_group():
    rules = PairingRules(system="mcmahon", handicap_reduction=0)
    ranks = {1: "2d", 2: "1d", 3: "4k", 4: "5k"}
    entrants = [Entrant(id=i, rating=rating_for_rank(r), score=2) for i, r in ranks.items()]
    boards = pair_round(entrants, rules).boards
    # Split would pair 2d-4k and 1d-5k (5 + 5 stones); handicaps keep 2d-1d and 4k-5k (1 + 1).
    assert {(b.black, b.white, b.handicap) for b in boards} == {(2, 1, 1), (4, 3, 1)}


def test_swiss_games_are_even_whatever_the_handicap_setting():
    rules = PairingRules(system="swiss", handicap_reduction=0)
    entrants = [Entrant(id=1, rating=2400, score=0), Entrant(id=2, rating=700, score=0)]
    assert pair_round(entrants, rules).boards == (Board(black=2, white=1),)


def test_colours_balance_in_even_games():
    entrants = [
        Entrant(id=1, rating=2000, score=1, colours=("B", "B")),
        Entrant(id=2, rating=1900, score=1, colours=("W",)),
    ]
    assert pair_round(entrants, SWISS).boards == (Board(black=2, white=1),)
    level = [
        Entrant(id=1, rating=1000, score=1, colours=("W", "B")),
        Entrant(id=2, rating=2000, score=1, colours=("B", "W")),
    ]
    # Level balance: whoever had Black last now takes White.
    assert pair_round(level, SWISS).boards == (Board(black=2, white=1),)


def test_the_bye_when_everyone_has_had_one_goes_to_the_last():
    entrants = [Entrant(id=i, rating=1500, score=0, had_bye=True) for i in (4, 5, 6)]
    assert bye_choice(entrants) == 6


def test_one_entrant_only_has_the_bye():
    assert pair_round([Entrant(id=7, rating=1500, score=0)], SWISS).boards == ()


def test_bad_rules_and_entrants_are_refused():
    with pytest.raises(ValueError, match="pairing system"):
        PairingRules(system="knockout")
    with pytest.raises(ValueError, match="window"):
        PairingRules(window=0)
    with pytest.raises(ValueError, match="unique"):
        pair_round([Entrant(id=1, rating=1, score=0), Entrant(id=1, rating=1, score=0)])


def test_large_fields_use_the_window_and_still_pair_everyone():
    """Above `full_graph` the candidates are restricted; the matching stays perfect."""
    rules = PairingRules(system="mcmahon", full_graph=10, window=3)
    entrants = [
        Entrant(
            id=i,
            rating=2500 - 10 * i,
            score=(60 - i) // 10,
            opponents=frozenset({i - 1, i + 1}),
        )
        for i in range(1, 61)
    ]
    result = pair_round(entrants, rules)
    assert len(result.boards) == 30
    assert not any(b.repeat for b in result.boards)


@settings(max_examples=40)
@given(rounds_to_pair(max_players=14), st.integers(min_value=1, max_value=3))
def test_the_windowed_graph_always_pairs_everyone(entrants, window):
    """However narrow the window, the consecutive pairs keep a perfect matching possible."""
    rules = PairingRules(system="mcmahon", full_graph=2, window=window)
    result = pair_round(entrants, rules)
    assert 2 * len(result.boards) + (result.bye is not None) == len(entrants)
