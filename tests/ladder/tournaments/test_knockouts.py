"""Knockouts through the database: brackets of 5 to 17 players played to a champion with random
results, the jigo rule (the higher seed goes through), the second grand final, and the notices
(round paired with opponent, colour and link; the bye; the final place)."""

from __future__ import annotations

import random

import pytest
from django.core import mail
from django.db import transaction

from games import hooks
from games.models import EndReason, Game, GameStatus
from ladder.tournaments import selectors
from ladder.tournaments.models import Outcome, TournamentPairing, TournamentStatus
from messaging.notifications.models import Notification
from tests.ladder.conftest import NOW, finish

pytestmark = pytest.mark.django_db(transaction=True)


def _open(t):
    return list(
        TournamentPairing.objects.filter(tournament=t, outcome=Outcome.PENDING)
        .select_related("black", "white", "game")
        .order_by("round", "board")
    )


def _seeds(t):
    return dict(t.players.values_list("user_id", "seed"))


@pytest.mark.parametrize("fmt", ["single_elim", "double_elim"])
@pytest.mark.parametrize("n", [5, 6, 7, 9, 12, 16, 17])
def test_a_knockout_of_n_players_plays_to_one_champion(tournament_factory, user_factory, fmt, n):
    rng = random.Random(n)
    t = tournament_factory(players=[user_factory() for _ in range(n)], fmt=fmt, start=True)
    for _ in range(4 * n):
        pending = _open(t)
        if not pending:
            break
        for p in pending:
            finish(p, winner=rng.choice([p.black, p.white]))
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED
    games = TournamentPairing.objects.filter(tournament=t).count()
    if fmt == "single_elim":
        assert games == n - 1
    else:
        assert games in (2 * n - 2, 2 * n - 1)
    places = selectors.final_places(tournament=t)
    assert sorted(places.values())[:2] == [1, 2]
    assert list(places.values()).count(1) == 1


def _end_as_jigo(game: Game) -> None:
    """End a running game with a jigo the way the games service ends games: under its lock,
    then the game-finished hook."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        game.status, game.result, game.end_reason, game.finished = (
            GameStatus.FINISHED, "0", EndReason.PASSES, NOW,
        )  # fmt: skip
        game.save()
        hooks.game_finished_run(game=game, now=NOW)


def test_a_knockout_jigo_sends_the_higher_seed_through(tournament_factory, user_factory):
    t = tournament_factory(
        players=[user_factory() for _ in range(4)], fmt="single_elim", start=True
    )
    seeds = _seeds(t)
    for p in _open(t):
        _end_as_jigo(p.game)
    final = TournamentPairing.objects.get(tournament=t, match="W2.1")
    assert {seeds[final.black_id], seeds[final.white_id]} == {1, 2}
    assert seeds[final.white_id] == 1  # the higher seed takes White


def test_the_second_grand_final_is_played_only_when_the_losers_champion_wins(
    tournament_factory, user_factory
):
    t = tournament_factory(
        players=[user_factory() for _ in range(4)], fmt="double_elim", start=True
    )
    seeds = _seeds(t)
    for _ in range(10):
        pending = _open(t)
        if not pending:
            break
        for p in pending:
            if p.match == "GF":
                # The losers' bracket champion (they have lost once) wins the first final.
                lost = TournamentPairing.objects.filter(tournament=t).exclude(match="GF")
                once = {(q.black_id if q.winner_id == q.white_id else q.white_id) for q in lost}
                finish(p, winner=p.black if p.black_id in once else p.white)
            else:
                best = min((p.black, p.white), key=lambda u: seeds[u.pk])
                finish(p, winner=best)
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED
    assert TournamentPairing.objects.filter(tournament=t, match="GF2").exists()


def test_the_round_paired_notice_names_the_opponent_colour_and_game(
    tournament_factory, user_factory
):
    a, b, c = (user_factory(username=n) for n in ("kai", "lea", "max"))
    t = tournament_factory(players=[a, b, c], fmt="swiss", rounds=1, start=True)
    notes = {n.user.username: n for n in Notification.objects.filter(event="tournament_round")}
    assert set(notes) == {"kai", "lea", "max"}
    (game,) = TournamentPairing.objects.filter(tournament=t, white__isnull=False)
    black = game.black.username
    assert f"round 1: you play {game.white.username} as Black" in notes[black].text
    assert notes[black].url == game.game.get_absolute_url()
    bye = TournamentPairing.objects.get(tournament=t, white__isnull=True)
    assert "you have a bye (it counts as a win)" in notes[bye.black.username].text
    assert any("your next game" in m.subject for m in mail.outbox)
    finish(game, winner=game.black)
    ended = {n.user.username: n.text for n in Notification.objects.filter(event="tournament_end")}
    assert ended[black] == "Spring cup has ended: you placed 1 of 3."
    assert len(ended) == 3


def test_a_corrected_result_keeps_the_double_elimination_bracket_whole(
    tournament_factory, user_factory
):
    """W2.1 is corrected after W3.1 paired its winner: the loser's side must take the other
    player, so nobody plays two matches at once and nobody drops out without a loss."""
    from games.services.corrections import result_correct

    players = [user_factory(username=f"d{i}") for i in range(1, 9)]
    t = tournament_factory(players=players, fmt="double_elim", start=True)

    def match(code):
        return TournamentPairing.objects.select_related("game").get(tournament=t, match=code)

    for code in ("W1.1", "W1.2", "W1.3", "W1.4", "W2.1", "W2.2"):
        p = match(code)
        finish(p, winner=p.white)
    first = match("W2.1")
    went_on = first.white_id
    staff = user_factory(is_staff=True)
    result_correct(game_id=first.game_id, staff=staff, now=NOW, note="wrong", result="B+R")
    l12 = match("L1.2")
    finish(l12, winner=l12.white)

    busy: dict[int, list[str]] = {}
    for p in TournamentPairing.objects.filter(tournament=t, outcome=Outcome.PENDING):
        for uid in (p.black_id, p.white_id):
            busy.setdefault(uid, []).append(p.match)
    assert all(len(codes) == 1 for codes in busy.values()), busy
    assert went_on in {match("W3.1").black_id, match("W3.1").white_id}  # kept where paired
    assert first.black_id in {match("L2.2").black_id, match("L2.2").white_id}  # the loser's side
