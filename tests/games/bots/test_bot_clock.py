"""A bot's clock on the game page and the status page: bots never time out, so their clock does
not run while they think; the pages say so, never that the bot is on vacation."""

from __future__ import annotations

from django.urls import reverse
from django.utils import timezone

from games.game_settings import GameSettings
from games.services import play


def test_the_bot_to_move_is_thinking_not_on_vacation(client, user_factory, bot_factory):
    player, bot = user_factory(), bot_factory()
    game = play.game_start(
        black=player,
        white=bot,
        now=timezone.now(),
        settings=GameSettings(board_kind="square", board_size=9, ruleset="go-area"),
    )
    play.game_move(
        game_id=game.pk, user=player, point="E5", expected_move_number=0, now=timezone.now()
    )
    client.force_login(player)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "the bot is thinking; its clock does not run" in page
    assert "on vacation" not in page


def test_a_player_on_vacation_still_reads_stopped_on_vacation(client, user_factory, game_factory):
    game = game_factory(moves=("E5",))
    game.deadline = None  # the mover's vacation stops their clock (games.services.vacations)
    game.save(update_fields=["deadline"])
    client.force_login(game.black)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "stopped: on vacation" in page and "the bot is thinking" not in page


def test_the_status_page_card_says_the_bot_is_thinking(client, user_factory, bot_factory):
    player, bot = user_factory(), bot_factory()
    game = play.game_start(
        black=player,
        white=bot,
        now=timezone.now(),
        settings=GameSettings(board_kind="square", board_size=9, ruleset="go-area"),
    )
    play.game_move(
        game_id=game.pk, user=player, point="E5", expected_move_number=0, now=timezone.now()
    )
    client.force_login(player)
    page = client.get(reverse("games:status")).content.decode()
    assert "the bot is thinking; its clock does not run" in page
    assert "on vacation" not in page
