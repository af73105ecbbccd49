"""Games against bots are limited per player: at most BOT_GAMES_RUNNING at once (games playing
and challenges to bots not yet answered) and the flood limit "bot_game" an hour; the refusal
says which, in a sentence."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from core.limits import RateLimited
from games.bots import services
from games.game_settings import GameSettings
from games.models import Game
from games.services import challenges as challenge_service
from games.services import play as play_service

NINE = GameSettings(board_kind="square", board_size=9)


def start(user, bot, now=None):
    return services.bot_game_start(
        user=user, bot=bot, game_settings=NINE, colour="black", now=now or timezone.now()
    )


def test_one_game_more_than_may_run_at_once_is_refused_until_one_ends(
    user_factory, bot_factory, settings
):
    settings.BOT_GAMES_RUNNING = 2
    user, bot = user_factory(), bot_factory()
    first = start(user, bot)
    start(user, bot_factory("fake-good"))
    with pytest.raises(RateLimited, match="already have 2 games against bots going"):
        start(user, bot)
    assert Game.objects.count() == 2
    start(user_factory(), bot)  # another player is not held up
    play_service.game_resign(
        game_id=first.pk, user=user, expected_move_number=0, now=timezone.now()
    )
    start(user, bot)


def test_challenges_to_a_bot_not_yet_answered_count_as_games_going(
    user_factory, bot_factory, settings
):
    settings.BOT_GAMES_RUNNING = 1
    user, bot = user_factory(), bot_factory()
    # Through the challenge form or the API the bot answers later, on its own queue.
    challenge_service.challenge_create(
        creator=user, recipient=bot, settings=NINE, now=timezone.now()
    )
    with pytest.raises(RateLimited, match="already have 1 game against a bot going"):
        challenge_service.challenge_create(
            creator=user, recipient=bot, settings=NINE, now=timezone.now()
        )
    # A challenge to a player, or to a bot the site does not play for, is not limited so.
    challenge_service.challenge_create(
        creator=user, recipient=user_factory(is_bot=True), settings=NINE, now=timezone.now()
    )


def test_one_start_more_than_the_hour_allows_is_refused_until_the_hour_has_passed(
    user_factory, bot_factory, settings
):
    settings.FLOOD_LIMITS = {"bot_game": (2, 3600)}
    user, bot = user_factory(), bot_factory()
    now = timezone.now()
    for _ in range(2):
        game = start(user, bot, now)
        play_service.game_resign(game_id=game.pk, user=user, expected_move_number=0, now=now)
    with pytest.raises(RateLimited, match="started 2 games against bots in the last hour"):
        start(user, bot, now)
    start(user, bot, now + dt.timedelta(hours=1, seconds=1))
