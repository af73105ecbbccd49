"""Bot accounts at play: a game against a bot starts at once and the bot answers; a bot's
challenges are answered by what its engine plays; an engine that hangs, is too slow for the
move, answers garbage, answers an illegal move or crashes leaves the game as it was, says so
once in the chat and tells the staff; bots never time out nor take vacations."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.utils import timezone

from games.bots import services
from games.game_settings import GameSettings
from games.models import Challenge, ChallengeStatus, GameChat, GameStatus
from games.services import challenges as challenge_service
from games.services import play as play_service
from games.services import vacations as vacation_service

NINE = GameSettings(board_kind="square", board_size=9)
HEX = GameSettings(board_kind="hex", board_size=6)


def start(user, bot, game_settings=NINE, colour="white", *, capture):
    """`user` starts a game against `bot`, the after-commit work (the bot's move) run."""
    with capture(execute=True):
        game = services.bot_game_start(
            user=user, bot=bot, game_settings=game_settings, colour=colour, now=timezone.now()
        )
    game.refresh_from_db()
    return game


@pytest.mark.parametrize("game_settings", [NINE, HEX], ids=["9x9", "hex6"])
def test_a_bot_with_black_moves_at_once_and_answers_each_move(
    user_factory, bot_factory, django_capture_on_commit_callbacks, game_settings
):
    user, bot = user_factory(), bot_factory()
    game = start(user, bot, game_settings, capture=django_capture_on_commit_callbacks)
    assert (game.black, game.white, game.move_number, game.to_move) == (bot, user, 1, 2)
    assert game.deadline is not None  # the player's clock runs
    with django_capture_on_commit_callbacks(execute=True):
        play_service.game_pass(
            game_id=game.pk, user=user, expected_move_number=1, now=timezone.now()
        )
    game.refresh_from_db()
    assert game.move_number >= 3 or game.status == GameStatus.FINISHED


def test_a_game_against_a_bot_is_played_to_its_end_by_passes(
    user_factory, bot_factory, django_capture_on_commit_callbacks
):
    user, bot = user_factory(), bot_factory()
    game = start(user, bot, colour="black", capture=django_capture_on_commit_callbacks)
    for _ in range(6):
        if game.status == GameStatus.FINISHED:
            break
        with django_capture_on_commit_callbacks(execute=True):
            play_service.game_pass(
                game_id=game.pk,
                user=user,
                expected_move_number=game.move_number,
                now=timezone.now(),
            )
        game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.end_reason == "passes"
    assert game.result.startswith("W+")  # the bot, with a stone and komi, wins the count


def test_the_bots_clock_never_runs_and_it_takes_no_vacation(
    user_factory, bot_factory, django_capture_on_commit_callbacks
):
    user, bot = user_factory(), bot_factory("fake-crash")
    game = start(user, bot, colour="white", capture=django_capture_on_commit_callbacks)
    assert game.to_move == 1 and game.move_number == 0  # the failing bot is still to move
    assert game.deadline is None and game.warn_at is None
    with pytest.raises(ValidationError, match="Bots"):
        vacation_service.vacation_start(user=bot, now=timezone.now())


@pytest.mark.parametrize("mode", ["hang", "slow", "garbage", "illegal", "crash"])
def test_a_failing_engine_leaves_the_game_consistent_says_so_once_and_tells_the_staff(
    user_factory, bot_factory, django_capture_on_commit_callbacks, client, settings, mode
):
    if mode in ("hang", "slow"):
        # The slow engine answers each of the move's five commands within this second, but
        # not all of them: the move has one deadline.
        settings.BOT_MOVE_SECONDS = 1
    user, bot = user_factory(), bot_factory(f"fake-{mode}")
    # The user has Black and plays first, so an "illegal" engine names the occupied point.
    game = start(user, bot, colour="black", capture=django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        play_service.game_move(
            game_id=game.pk, user=user, point="E5", expected_move_number=0, now=timezone.now()
        )
    game.refresh_from_db()
    assert (game.move_number, game.moves, game.to_move) == (1, "ee", 2)
    lines = GameChat.objects.filter(game=game, author=bot)
    assert lines.count() == 1
    assert "could not find a move" in lines.get().text
    assert [m.subject for m in mail.outbox if "could not move" in m.subject] == [
        f"[Badux] A bot could not move in game {game.pk}"
    ]
    # Again (the sweep): no second line, no second mail; the game is still as it was.
    with django_capture_on_commit_callbacks(execute=True):
        assert services.bot_move_play(game_id=game.pk, move_number=1) == services.FAILED
    assert lines.count() == 1
    assert len([m for m in mail.outbox if "could not move" in m.subject]) == 1
    game.refresh_from_db()
    assert game.move_number == 1
    client.force_login(user)
    assert client.get(game.get_absolute_url()).status_code == 200


def test_a_move_that_crossed_another_is_dropped(user_factory, bot_factory):
    user, bot = user_factory(), bot_factory()
    game = services.bot_game_start(
        user=user, bot=bot, game_settings=NINE, colour="black", now=timezone.now()
    )
    assert services.bot_move_play(game_id=game.pk, move_number=0) == services.NOT_A_BOT
    assert services.bot_move_play(game_id=game.pk, move_number=5) == services.STALE


@pytest.mark.parametrize(
    ("key", "game_settings", "status"),
    [
        ("tiny", NINE, ChallengeStatus.ACCEPTED),
        ("tiny", GameSettings(board_kind="square", board_size=19), ChallengeStatus.DECLINED),
        ("fake-good", HEX, ChallengeStatus.DECLINED),
        ("missing", NINE, ChallengeStatus.DECLINED),
    ],
)
def test_a_bot_accepts_the_challenges_its_engine_plays(
    user_factory, bot_factory, django_capture_on_commit_callbacks, key, game_settings, status
):
    user, bot = user_factory(), bot_factory(key)
    with django_capture_on_commit_callbacks(execute=True):
        challenge = challenge_service.challenge_create(
            creator=user, recipient=bot, settings=game_settings, now=timezone.now()
        )
    assert Challenge.objects.get(pk=challenge.pk).status == status


def test_a_bot_plays_only_the_boards_of_its_engine(user_factory, bot_factory):
    user = user_factory()
    with pytest.raises(ValidationError, match="does not play"):
        services.bot_game_start(
            user=user,
            bot=bot_factory("fake-good"),
            game_settings=HEX,
            colour="black",
            now=timezone.now(),
        )
    with pytest.raises(ValidationError, match="does not play"):
        services.bot_game_start(
            user=user, bot=user_factory(), game_settings=NINE, colour="black", now=timezone.now()
        )


def test_the_sweep_queues_again_the_bots_left_to_move(user_factory, bot_factory):
    user, bot = user_factory(), bot_factory()
    game = services.bot_game_start(
        user=user, bot=bot, game_settings=NINE, colour="white", now=timezone.now()
    )
    later = timezone.now() + dt.timedelta(minutes=5)
    assert services.bots_stuck_requeue(now=later, after=dt.timedelta(minutes=2)) == 1
    assert services.bots_stuck_requeue(now=timezone.now(), after=dt.timedelta(minutes=2)) == 0
    assert game.black == bot
