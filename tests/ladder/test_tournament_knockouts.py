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
from messaging.models import Notification

from .conftest import NOW, finish

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
