"""Tournament services and the round advance through the database: registration, the start,
round robins, Swiss and McMahon rounds, byes, timeouts, withdrawals, corrections, knockouts."""

from __future__ import annotations

import datetime as dt
import random

import pytest

from games.models import Game
from games.services import play as play_service
from games.services.corrections import result_correct
from ladder.ratings.services import rating_declare
from ladder.tournaments import advance, selectors, services, tasks
from ladder.tournaments.models import (
    Outcome,
    PlayerStatus,
    TournamentPairing,
    TournamentPlayer,
    TournamentStatus,
)
from tests.ladder.conftest import NOW, finish

# Real commits, so the outbox publishes the advance task after each game as in production.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def players(user_factory):
    return [user_factory(username=f"t{i}") for i in range(1, 9)]


def pairings(tournament, round_=None):
    found = TournamentPairing.objects.filter(tournament=tournament).order_by("round", "board")
    return list(found if round_ is None else found.filter(round=round_))


def play_round(tournament, number, *, at=NOW, winner=lambda p: p.black):
    """Finish every game of round `number`; `winner(pairing)` picks each winner."""
    for pairing in pairings(tournament, number):
        if pairing.game_id and not pairing.decided:
            finish(pairing, winner=winner(pairing), at=at)


def test_a_round_robin_starts_every_game_at_once_and_ends_with_the_last(
    tournament_factory, players
):
    t = tournament_factory(players=players[:4], start=True)
    assert t.status == TournamentStatus.RUNNING and t.rounds == 3
    games = [p for p in pairings(t) if p.game_id]
    assert len(games) == 6 and all(not p.game.is_over for p in games)
    met = {frozenset((p.black_id, p.white_id)) for p in games}
    assert len(met) == 6  # every pair once
    for user in players[:4]:  # three games each: two of one colour, one of the other
        blacks = sum(p.black_id == user.pk for p in games)
        assert blacks in (1, 2)
    for number in (1, 2, 3):
        play_round(t, number)
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED
    rows, _ = selectors.standings_rows(
        tournament=t,
        entries=selectors.tournament_entries(tournament=t),
        pairings=selectors.tournament_pairings(tournament=t),
    )
    assert sum(r.score for r in rows) == 6
    assert [len(r.cells) for r in rows] == [3, 3, 3, 3]


def test_an_odd_round_robin_gives_each_player_one_bye_that_scores_nothing(
    tournament_factory, players
):
    t = tournament_factory(players=players[:5], start=True)
    byes = [p for p in pairings(t) if p.is_bye]
    assert sorted(p.black_id for p in byes) == sorted(u.pk for u in players[:5])
    assert all(p.outcome == Outcome.BYE for p in byes)
    for number in range(1, 6):
        play_round(t, number)
    rows, _ = selectors.standings_rows(
        tournament=t,
        entries=selectors.tournament_entries(tournament=t),
        pairings=selectors.tournament_pairings(tournament=t),
    )
    assert sum(r.score for r in rows) == 10  # ten games, byes add nothing


def test_registration_rules(tournament_factory, user_factory, players):
    t = tournament_factory(players=players[:2], player_limit=3, rank_max="1d")
    with pytest.raises(services.TournamentRefused, match="not a rank"):
        tournament_factory(rank_max="12x")
    with pytest.raises(services.TournamentRefused, match="at most 30 players"):
        tournament_factory(fmt="round_robin", player_limit=31)
    assert tournament_factory(fmt="swiss", player_limit=31).player_limit == 31
    services.tournament_leave(tournament_id=t.pk, user=players[1], now=NOW)
    assert TournamentPlayer.objects.filter(tournament=t).count() == 1
    again = services.tournament_join(tournament_id=t.pk, user=players[0], now=NOW)
    assert again.user == players[0]  # joining twice changes nothing
    with pytest.raises(services.TournamentRefused, match="Only the organiser"):
        services.tournament_start(tournament_id=t.pk, user=players[0], now=NOW)
    with pytest.raises(services.TournamentRefused, match="at least two"):
        services.tournament_start(tournament_id=t.pk, user=t.organiser, now=NOW)


def test_a_tournament_that_starts_when_full_starts_with_the_last_player(
    tournament_factory, players
):
    t = tournament_factory(players=players[:4], player_limit=4, start_when_full=True)
    t.refresh_from_db()
    assert t.status == TournamentStatus.RUNNING
    with pytest.raises(services.TournamentRefused, match="closed"):
        services.tournament_join(tournament_id=t.pk, user=players[5], now=NOW)
    with pytest.raises(services.TournamentRefused, match="withdraw instead"):
        services.tournament_leave(tournament_id=t.pk, user=players[0], now=NOW)


def test_the_organiser_runs_at_most_five_unfinished_tournaments(tournament_factory, user_factory):
    boss = user_factory()
    for _ in range(services.MAX_ORGANISING):
        tournament_factory(organiser=boss)
    with pytest.raises(services.TournamentRefused, match="already organise"):
        tournament_factory(organiser=boss)


def test_swiss_rounds_are_paired_when_the_last_game_ends_and_never_repeat(
    tournament_factory, players
):
    t = tournament_factory(players=players[:6], fmt="swiss", rounds=3, start=True)
    assert t.current_round == 1 and len(pairings(t, 1)) == 3
    first = pairings(t, 1)
    finish(first[0], winner=first[0].black)
    finish(first[1], winner=first[1].black)
    t.refresh_from_db()
    assert t.current_round == 1  # one game still running
    finish(first[2], winner=first[2].black)
    t.refresh_from_db()
    assert t.current_round == 2
    play_round(t, 2)
    play_round(t, 3)
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED
    met = [frozenset((p.black_id, p.white_id)) for p in pairings(t)]
    assert len(met) == len(set(met)) == 9
    # Round 2 paired winners with winners.
    winners = {p.winner_id for p in first}
    for p in pairings(t, 2):
        assert (p.black_id in winners) == (p.white_id in winners)


def test_the_advance_task_run_twice_gives_the_same_state(tournament_factory, players):
    t = tournament_factory(players=players[:4], fmt="swiss", rounds=2, start=True)
    play_round(t, 1)
    before = [(p.round, p.black_id, p.white_id, p.game_id, p.outcome) for p in pairings(t)]
    assert advance.tournament_advance(tournament_id=t.pk, now=NOW) == "waiting"
    assert advance.tournament_advance(tournament_id=t.pk, now=NOW) == "waiting"
    after = [(p.round, p.black_id, p.white_id, p.game_id, p.outcome) for p in pairings(t)]
    assert before == after and Game.objects.count() == 4
    play_round(t, 2)
    assert advance.tournament_advance(tournament_id=t.pk, now=NOW) == "not running"
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED


def test_a_withdrawal_resigns_the_running_game_and_later_rounds_leave_the_player_out(
    tournament_factory, players
):
    t = tournament_factory(players=players[:6], fmt="swiss", rounds=3, start=True)
    gone = players[0]
    mine = next(p for p in pairings(t, 1) if gone.pk in (p.black_id, p.white_id))
    services.tournament_withdraw(tournament_id=t.pk, user=gone, now=NOW)
    mine.refresh_from_db()
    assert mine.game.is_over and mine.winner_id != gone.pk  # resigned by the task
    play_round(t, 1)
    t.refresh_from_db()
    second = pairings(t, 2)
    assert t.current_round == 2
    assert all(gone.pk not in (p.black_id, p.white_id) for p in second)
    assert sum(p.is_bye for p in second) == 1  # five left: one bye
    entry = TournamentPlayer.objects.get(tournament=t, user=gone)
    assert entry.status == PlayerStatus.WITHDRAWN and entry.left_round == 1


def test_the_organiser_cannot_disqualify_themselves(tournament_factory, players):
    t = tournament_factory(players=players[:3], organiser=players[0], start=True)
    own = TournamentPlayer.objects.get(tournament=t, user=players[0])
    with pytest.raises(services.TournamentRefused, match="withdraw instead"):
        services.tournament_disqualify(
            tournament_id=t.pk, organiser=players[0], player_id=own.pk, now=NOW
        )
    own.refresh_from_db()
    assert own.status == PlayerStatus.ACTIVE


def test_the_running_games_a_withdrawal_would_resign_are_counted(tournament_factory, players):
    t = tournament_factory(players=players[:4], start=True)  # round robin: 3 games each
    user_id = players[0].pk
    assert selectors.tournament_games_running_count(tournament=t, user_id=user_id) == 3
    finish(
        next(p for p in pairings(t, 1) if user_id in (p.black_id, p.white_id)), winner=players[0]
    )
    assert selectors.tournament_games_running_count(tournament=t, user_id=user_id) == 2


def test_two_timeouts_withdraw_a_player(tournament_factory, players):
    t = tournament_factory(players=players[:4], start=True)
    slow = players[0]
    own = [p for p in pairings(t) if p.game_id and slow.pk in (p.black_id, p.white_id)]
    later = NOW + dt.timedelta(days=30)
    for pairing in own[:2]:
        # Make sure it is the slow player's turn, then let the clock run out.
        game = pairing.game
        if game.player_to_move_id != slow.pk:
            mover = game.black if game.to_move == 1 else game.white
            play_service.game_pass(game_id=game.pk, user=mover, expected_move_number=None, now=NOW)
        play_service.game_timeout(game_id=game.pk, now=later)
    entry = TournamentPlayer.objects.get(tournament=t, user=slow)
    assert entry.timeouts == 2 and entry.status == PlayerStatus.WITHDRAWN
    third = TournamentPairing.objects.get(pk=own[2].pk)
    assert third.game.is_over and third.winner_id != slow.pk  # forfeited by resignation


def _scores(t):
    rows, _ = selectors.standings_rows(
        tournament=t,
        entries=selectors.tournament_entries(tournament=t),
        pairings=selectors.tournament_pairings(tournament=t),
    )
    return {r.entry.user_id: r.score for r in rows}


def test_a_corrected_result_changes_the_standings(tournament_factory, players, user_factory):
    t = tournament_factory(players=players[:3], start=True)
    pairing = next(p for p in pairings(t) if p.game_id)
    for number in (1, 2, 3):
        play_round(t, number)  # Black wins every game
    before = _scores(t)
    staff = user_factory(is_staff=True)
    result_correct(
        game_id=pairing.game_id, staff=staff, now=NOW, note="White won on time", result="W+T"
    )
    pairing.refresh_from_db()
    assert pairing.outcome == Outcome.WHITE
    after = _scores(t)
    assert after[pairing.white_id] == before[pairing.white_id] + 1
    assert after[pairing.black_id] == before[pairing.black_id] - 1


def test_mcmahon_starts_from_ranks_and_gives_handicaps_by_score(tournament_factory, user_factory):
    people = []
    for name, rank in (("a", "3d"), ("b", "1d"), ("c", "2k"), ("d", "5k")):
        user = user_factory(username=name)
        rating_declare(user=user, family="square", rank=rank)
        people.append(user)
    t = tournament_factory(
        players=people,
        fmt="mcmahon",
        rounds=2,
        mcmahon_bar="1d",
        mcmahon_floor="10k",
        handicap_rule="mcmahon",
        start=True,
    )
    starts = dict(
        TournamentPlayer.objects.filter(tournament=t).values_list("user__username", "start_score")
    )
    assert starts == {"a": 10, "b": 10, "c": 8, "d": 5}  # 1d is 10 ranks above 10k
    boards = pairings(t, 1)
    assert {frozenset((p.black.username, p.white.username)) for p in boards} == {
        frozenset("ab"),
        frozenset("cd"),
    }
    cd = next(p for p in boards if p.black.username in "cd")
    assert cd.black.username == "d" and cd.handicap == 3 and cd.game.handicap == 3
    assert str(cd.game.komi) == "0.5"


def test_single_elimination_of_five_plays_to_a_champion(tournament_factory, players):
    t = tournament_factory(players=players[:5], fmt="single_elim", start=True)
    first = pairings(t)
    # Seeds 4 v 5 in round 1; 1, 2, 3 have byes, so 2 v 3 can start at once too.
    assert [p.match for p in first] == ["W1.2", "W2.2"]
    for _ in range(4):
        open_ = [p for p in pairings(t) if not p.decided]
        for p in open_:
            finish(p, winner=p.white)  # the higher seed wins
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED
    places = selectors.final_places(tournament=t)
    seeds = dict(TournamentPlayer.objects.filter(tournament=t).values_list("user_id", "seed"))
    assert sorted((seeds[u], p) for u, p in places.items()) == [
        (1, 1), (2, 2), (3, 3), (4, 3), (5, 5)
    ]  # fmt: skip


def test_a_knockout_match_against_a_withdrawn_player_is_forfeited(tournament_factory, players):
    t = tournament_factory(players=players[:4], fmt="single_elim", start=True)
    semis = pairings(t)
    assert len(semis) == 2
    quitter = semis[0].black  # the lower seed of the first semi-final
    services.tournament_withdraw(tournament_id=t.pk, user=quitter, now=NOW)
    finish(semis[1], winner=semis[1].white)
    final = TournamentPairing.objects.get(tournament=t, match="W2.1")
    assert final.game_id and quitter.pk not in (final.black_id, final.white_id)


def test_double_elimination_of_four_finishes(tournament_factory, players):
    t = tournament_factory(players=players[:4], fmt="double_elim", start=True)
    for _ in range(10):
        open_ = [p for p in pairings(t) if not p.decided]
        if not open_:
            break
        for p in open_:
            finish(p, winner=p.white)
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED
    assert not TournamentPairing.objects.filter(tournament=t, match="GF2").exists()
    places = selectors.final_places(tournament=t)
    seeds = dict(TournamentPlayer.objects.filter(tournament=t).values_list("user_id", "seed"))
    assert {seeds[u]: p for u, p in places.items()}[1] == 1


def test_the_hourly_sweep_pairs_a_round_whose_advance_was_lost(tournament_factory, players):
    t = tournament_factory(players=players[:4], fmt="swiss", rounds=2, start=True)
    # The results arrive without the hook's task (as if it had been lost).
    TournamentPairing.objects.filter(tournament=t, round=1).update(outcome=Outcome.BLACK)
    assert tasks.tournaments_sweep() == 1
    t.refresh_from_db()
    assert t.current_round == 2
    assert tasks.tournaments_sweep() == 1  # nothing due: nothing changes
    assert TournamentPairing.objects.filter(tournament=t).count() == 4


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("fmt", ["swiss", "mcmahon"])
def test_random_tournaments_keep_the_pairing_invariants(
    tournament_factory, user_factory, fmt, seed
):
    """7 players, 4 rounds, random results (some by timeout) and a random withdrawal: every
    active player is paired once per round or has the bye, nobody has two byes, nobody meets
    the same opponent twice (7 players and 4 rounds always leave a fresh opponent), and the
    standings' scores add up."""
    rng = random.Random(seed)
    people = [user_factory() for _ in range(7)]
    for user in people:
        rating_declare(user=user, family="square", rank=rng.choice(["5k", "2k", "1d", "3d"]))
    t = tournament_factory(players=people, fmt=fmt, rounds=4, start=True)
    quitter, quit_round = rng.choice(people), rng.randint(1, 3)
    for number in range(1, 5):
        if number == quit_round:
            services.tournament_withdraw(tournament_id=t.pk, user=quitter, now=NOW)
        play_round(t, number, winner=lambda p: rng.choice([p.black, p.white]))
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED
    everything = pairings(t)
    met = [frozenset((p.black_id, p.white_id)) for p in everything if not p.is_bye]
    assert len(met) == len(set(met))
    byes = [p.black_id for p in everything if p.is_bye]
    assert len(byes) == len(set(byes))
    for number in range(1, 5):
        seen = [u for p in pairings(t, number) for u in (p.black_id, p.white_id) if u]
        assert len(seen) == len(set(seen))
        expected = 7 if number <= quit_round else 6
        assert len(seen) == expected
    rows = _scores(t)
    start = dict(t.players.values_list("user_id", "start_score"))
    decided = sum(1 for p in everything if p.decided and not p.is_bye)
    counted_byes = len(byes)
    assert sum(rows.values()) - sum(start.values()) == decided + counted_byes
