"""Flood limits on what a player sends to others through games: chat lines, invitations (each
one mails its recipient) and open challenges."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from core.limits import RateLimited, limit_get
from games.game_settings import GameSettings
from games.models import Challenge, GameChat
from games.services import challenges, chat
from tests.games.conftest import NOW

NINE = GameSettings(board_kind="square", board_size=9)


def test_sixty_chat_lines_in_a_second_are_not_all_stored(game_factory, black):
    game = game_factory()
    limit = limit_get("chat")
    stored = refused = 0
    for i in range(60):
        try:
            chat.game_chat_post(game_id=game.pk, user=black, text=f"line {i}", now=NOW)
        except RateLimited as error:
            refused += 1
            assert "10 chat lines in the last minute" in error.messages[0]
        else:
            stored += 1
    assert (stored, refused) == (limit.most, 60 - limit.most)
    assert GameChat.objects.count() == limit.most
    # A minute later the player may talk again.
    chat.game_chat_post(game_id=game.pk, user=black, text="again", now=NOW + limit.window)


def test_thirty_invitations_to_one_player_mail_them_three_times(
    black, white, django_capture_on_commit_callbacks, mailoutbox
):
    sent = 0
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(30):
            try:
                challenges.challenge_create(creator=black, recipient=white, settings=NINE, now=NOW)
            except RateLimited:
                continue
            sent += 1
    assert sent == limit_get("invitation_pair").most
    assert len([m for m in mailoutbox if m.to == [white.email]]) == sent


def test_invitations_to_many_players_are_limited_per_ten_minutes(black, user_factory):
    limit = limit_get("invitation")
    players = [user_factory() for _ in range(limit.most + 1)]
    for player in players[:-1]:
        challenges.challenge_create(creator=black, recipient=player, settings=NINE, now=NOW)
    with pytest.raises(RateLimited, match="invitations in the last 10 minutes"):
        challenges.challenge_create(creator=black, recipient=players[-1], settings=NINE, now=NOW)
    later = NOW + limit.window + dt.timedelta(seconds=1)
    challenges.challenge_create(creator=black, recipient=players[-1], settings=NINE, now=later)


def test_accepted_invitations_do_not_count(black, white):
    for _ in range(5):
        invitation = challenges.challenge_create(
            creator=black, recipient=white, settings=NINE, now=NOW
        )
        challenges.challenge_accept(challenge_id=invitation.pk, user=white, now=NOW)
    challenges.challenge_create(creator=black, recipient=white, settings=NINE, now=NOW)


def test_open_challenges_are_limited_per_day(black, settings):
    settings.FLOOD_LIMITS = {"challenge": (3, 86400)}
    for _ in range(3):
        challenges.challenge_create(creator=black, settings=NINE, now=NOW)
    with pytest.raises(RateLimited, match="3 open challenges in the last day"):
        challenges.challenge_create(creator=black, settings=NINE, now=NOW)
    assert Challenge.objects.count() == 3


def test_the_chat_form_says_why_a_line_was_refused(client, game_factory, black, settings):
    settings.FLOOD_LIMITS = {"chat": (1, 60)}
    game = game_factory()
    client.force_login(black)
    url = reverse("games:chat", args=[game.pk])
    client.post(url, {"text": "first"})
    page = client.post(url, {"text": "second"}, follow=True)
    assert page.status_code == 200
    assert "You have sent 1 chat line in the last minute" in page.content.decode()
    assert GameChat.objects.count() == 1
