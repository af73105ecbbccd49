"""A site bot's name is stored in English ("Badux bot (easy)") and shown in the reader's
language: page titles, player names, the profile, the "Play a bot" choices. A name staff gave
the bot, or a player's, is shown as written."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from games.bots.engines import engine_get
from games.bots.services import bot_account_for
from games.game_settings import GameSettings
from games.services import play

pytestmark = pytest.mark.django_db

ENGINES = {
    "easy-one": {
        "name": "Badux bot",
        "strength": "easy",
        "kind": "mcts",
        "budget": "easy",
        "playouts": 8,
        "boards": ["square 9"],
    }
}


@pytest.fixture
def bot(settings):
    settings.BOT_ENGINES = ENGINES
    return bot_account_for(engine=engine_get(key="easy-one"))


def test_the_name_is_stored_in_english_and_shown_translated(bot):
    assert bot.display_name == "Badux bot (easy)"
    with translation.override("de"):
        assert str(bot) == "Badux-Bot (leicht)"
        assert engine_get(key="easy-one").label == "Badux-Bot (leicht)"
    with translation.override("es"):
        assert str(bot) == "bot de Badux (fácil)"
    assert str(bot) == "Badux bot (easy)"


def test_a_name_staff_changed_is_shown_as_written(bot):
    bot.display_name = "Robo (easy)"
    with translation.override("de"):
        assert str(bot) == "Robo (easy)"


def test_the_game_page_title_and_the_profile_speak_the_readers_language(bot, client, user_factory):
    player = user_factory()
    player.language = "de"
    player.save()
    game = play.game_start(
        black=player,
        white=bot,
        now=timezone.now(),
        settings=GameSettings(board_kind="square", board_size=9),
    )
    client.force_login(player)
    page = client.get(game.get_absolute_url()).content.decode()
    title = re.search(r"<title>(.*?)</title>", page, re.S).group(1)
    assert "Badux-Bot (leicht)" in title and "(easy)" not in title
    profile = client.get(reverse("profile_detail", args=[bot.username])).content.decode()
    assert "Badux-Bot (leicht)" in profile and "Badux bot (easy)" not in profile
