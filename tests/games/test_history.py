"""The history page: finished public games, and one player's."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from games.services import play
from tests.games.helpers import messages_of

pytestmark = pytest.mark.django_db


def test_history_lists_finished_public_games(client, game_factory, black, white):
    game = game_factory(moves=("E5",))
    play.game_resign(game_id=game.pk, user=white, expected_move_number=1, now=timezone.now())
    game_factory()  # still running: not in the history
    page = client.get(reverse("games:history"), {"player": "kuro"})
    assert list(page.context["page"].object_list) == [game]


@pytest.mark.parametrize("name", ["\x00", "kuro\x00", "x" * 5000])
def test_history_for_a_name_no_account_can_have_says_there_is_no_such_player(
    client, game_factory, name, refuse_nul_like_postgresql
):
    page = client.get(reverse("games:history"), {"player": name})
    assert page.status_code == 200
    assert page.context["player"] is None
    assert messages_of(page) == [f"There is no player named '{name.strip()}'."]
