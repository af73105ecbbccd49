"""The first "your turn" notice of a game names who started it: the player who accepted a
challenge, the ladder challenger (who is told they started it, not their opponent), and a
tournament's pairing sends one notice, which says whose move it is."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.game_settings import GameSettings
from games.services import challenges
from ladder.ladders.services import ladder_challenge
from ladder.tournaments.models import TournamentPairing
from messaging.notifications.models import Notification

pytestmark = pytest.mark.django_db


def _notice_texts(user) -> list[str]:
    return list(Notification.objects.filter(user=user).values_list("text", flat=True))


def test_the_ladder_challenger_is_told_they_started_the_game(
    ladder_factory, user_factory, django_capture_on_commit_callbacks
):
    dmitri, newcomer = user_factory(username="dmitri"), user_factory(username="newcomer")
    ladder = ladder_factory(players=[dmitri, newcomer])
    with django_capture_on_commit_callbacks(execute=True):
        challenge = ladder_challenge(
            ladder_id=ladder.pk, challenger=newcomer, defender_id=dmitri.pk, now=timezone.now()
        )
    game = challenge.game
    assert f"Your turn in game {game.pk}: you started it against dmitri." in _notice_texts(newcomer)
    assert not any("dmitri started" in text for text in _notice_texts(newcomer))


def test_accepting_a_challenge_names_who_accepted(black, white, django_capture_on_commit_callbacks):
    challenge = challenges.challenge_create(
        creator=white,
        settings=GameSettings(board_kind="square", board_size=9),
        creator_colour="white",
        now=timezone.now(),
    )
    with django_capture_on_commit_callbacks(execute=True):
        game = challenges.challenge_accept(
            challenge_id=challenge.pk, user=black, now=timezone.now()
        )
    assert f"Your turn in game {game.pk}: you started it against {white.username}." in (
        _notice_texts(black)
    )


def test_a_tournament_pairing_sends_one_notice_saying_whose_move_it_is(
    tournament_factory, user_factory, django_capture_on_commit_callbacks, mailoutbox
):
    a, b = user_factory(username="aiko"), user_factory(username="bo")
    with django_capture_on_commit_callbacks(execute=True):
        tournament = tournament_factory(players=[a, b], start=True)
    pairing = TournamentPairing.objects.get(tournament=tournament)
    mover = pairing.game.player(pairing.game.to_move)
    texts = _notice_texts(mover)
    assert len(texts) == 1, texts
    assert "it is your move" in texts[0]
    assert "started a game with you" not in texts[0]
    assert len([m for m in mailoutbox if m.to == [mover.email]]) <= 1
