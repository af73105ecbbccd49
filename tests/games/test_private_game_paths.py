"""A private game is invisible to everyone but its two players on every page of the site: each
URL that takes a game id answers a non-player, for GET and for POST, exactly as it answers for a
game that does not exist (before, a POST to its move or chat answered 302 "Only the players of
this game can do that.", which told that the game was there)."""

from __future__ import annotations

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from games.models import Game

pytestmark = pytest.mark.django_db

MISSING = 987654321


def _routes(patterns, prefix: str = ""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern) and "<int:game_id>" in str(pattern.pattern):
            yield prefix + str(pattern.pattern)


ROUTES = sorted(set(_routes(get_resolver().url_patterns)))
# Whatever a form of these pages may send: enough that a visible game would be acted on.
FORM = {"point": "D4", "move_number": "0", "text": "hello", "colour": "black", "action": "add"}


def _path(route: str, game_id: int) -> str:
    return "/" + route.replace("<int:game_id>", str(game_id))


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("method", ["get", "post"])
def test_a_private_game_answers_a_non_player_as_a_missing_one(
    client, game_factory, user_factory, route, method
):
    game = game_factory(moves=("E5",))
    Game.objects.filter(pk=game.pk).update(public=False)
    client.force_login(user_factory(username="outsider"))
    call = getattr(client, method)

    hidden = call(_path(route, game.pk), FORM if method == "post" else None)
    missing = call(_path(route, MISSING), FORM if method == "post" else None)

    assert hidden.status_code == missing.status_code, (hidden.status_code, hidden.content[:300])
    assert hidden.status_code in (404, 405)
    assert Game.objects.get(pk=game.pk).move_number == 1


def test_every_game_page_is_walked():
    assert len(ROUTES) >= 15


GAME_PATHS = (
    "board", "move", "words", "pass", "resign", "chat", "conditional_add", "dispute", "marking",
    "marking_toggle", "marking_accept", "report", "contact", "review", "sgf",
)  # fmt: skip


@pytest.mark.parametrize("name", GAME_PATHS)
@pytest.mark.parametrize("method", ["get", "post"])
def test_a_private_game_is_not_found_by_others_on_every_path(
    client, game_factory, user_factory, name, method
):
    """One game-access check (games.selectors.play.game_view_check): to a non-player, a
    private game answers exactly as a game that does not exist, whatever the path."""
    game = game_factory(moves=("E5",))
    Game.objects.filter(pk=game.pk).update(public=False)
    client.force_login(user_factory(username="stranger"))
    data = {"point": "D4", "move_number": "1", "text": "hi", "version": "1", "line": "D4"}
    send = getattr(client, method)
    hidden = send(reverse(f"games:{name}", args=[game.pk]), data)
    missing = send(reverse(f"games:{name}", args=[game.pk + 1000]), data)
    assert hidden.status_code == missing.status_code
    assert hidden.status_code in (404, 405)
