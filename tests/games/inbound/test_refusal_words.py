"""Play by e-mail, the words of a refusal: numbered as the game page numbers moves, and written
in the player's language (as their other mails are), through the refusal registry."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from core.refusals import RULES_REFUSALS, sentence
from games.inbound.services import inbound_mail_handle
from games.services import play
from tests.games.conftest import NOW
from tests.games.inbound.helpers import address_for, reply_bytes

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _domain(settings):
    settings.INBOUND_MAIL_DOMAIN = "play.example.org"


def _reply(game, user, text, capture, *, move_number=None):
    with capture(execute=True):
        result = inbound_mail_handle(
            raw=reply_bytes(text, sender=user.email),
            recipient=address_for(game, user, move_number),
            now=NOW,
        )
    game.refresh_from_db()
    return result


def _page_move(client, game, user) -> str:
    """The move number the game page names ("..., move 3.")."""
    client.force_login(user)
    page = client.get(reverse("games:board", args=[game.pk])).content.decode()
    return re.search(r"move (\d+)\.</p>", page).group(1)


def test_a_moved_on_refusal_names_the_move_the_page_names(
    client, game_factory, black, django_capture_on_commit_callbacks, mailoutbox
):
    game = game_factory(moves=("E5", "D4"))
    # The mail black answers asked for the first move; two moves later the page says move 3.
    _reply(game, black, "C3", django_capture_on_commit_callbacks, move_number=0)
    (answer,) = mailoutbox
    page_move = _page_move(client, game, black)
    assert page_move == "3"
    assert f"you replied to the mail about move 1, and it is now move {page_move}." in (answer.body)


@pytest.mark.parametrize("language", ["de", "ja", "es"])
def test_a_rules_refusal_is_mailed_in_the_players_language(
    game_factory, black, white, django_capture_on_commit_callbacks, mailoutbox, language
):
    white.language = language
    white.save(update_fields=["language"])
    game = game_factory(moves=("E5",))
    assert translation.get_language() == "en"  # the receiver's language is not the player's
    _reply(game, white, "E5", django_capture_on_commit_callbacks)
    (answer,) = mailoutbox
    with translation.override(language):
        occupied = sentence(str(RULES_REFUSALS["occupied"]))
        nothing = gettext("Nothing was played in game %(game)s (%(black)s – %(white)s):") % {
            "game": game.pk,
            "black": black.username,
            "white": white.username,
        }
    assert occupied != "That point is already occupied."  # the catalog translates it
    assert f"E5: {occupied}" in answer.body
    assert nothing in answer.body


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_services_refusals_are_mailed_in_the_players_language(
    game_factory, black, white, django_capture_on_commit_callbacks, mailoutbox, language
):
    black.language = language
    black.save(update_fields=["language"])
    game = game_factory(moves=("E5",))
    result = _reply(game, black, "C3", django_capture_on_commit_callbacks, move_number=1)
    assert result.outcome == "not_your_turn"
    play.game_resign(game_id=game.pk, user=white, expected_move_number=1, now=NOW)
    result = _reply(game, black, "C3", django_capture_on_commit_callbacks, move_number=1)
    assert result.outcome == "game_over"
    turn, over = [m for m in mailoutbox if m.to == [black.email]][-2:]
    with translation.override(language):
        not_your_turn = sentence(str(RULES_REFUSALS["not_your_turn"]))
        game_over = sentence(str(RULES_REFUSALS["game_over"]))
    assert not_your_turn != "It is not your turn."
    assert not_your_turn in turn.body
    assert game_over != "The game is already over."
    assert game_over in over.body


def test_a_web_move_refused_as_not_your_turn_is_in_the_visitors_language(game_factory, black):
    game = game_factory(moves=("E5",))
    with translation.override("de"), pytest.raises(play.MoveRefused) as refused:
        play.game_move(game_id=game.pk, user=black, point="C3", expected_move_number=1, now=NOW)
    with translation.override("de"):
        assert str(refused.value) == str(RULES_REFUSALS["not_your_turn"])
    assert str(refused.value) != "it is not your turn"
