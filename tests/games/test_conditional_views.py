"""Conditional moves on the game page: the "Plan answers" section, its forms without
JavaScript, and its one query."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from games.models import ConditionalMoves, Game
from games.selectors.conditional import conditional_moves_get
from tests.games.conftest import play

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(game_factory) -> Game:
    """A 9×9 game started now; Black played E5 and waits for White."""
    return game_factory(now=timezone.now(), moves=("E5",))


def post(client, game: Game, action: str, line: str = "", move_number: int | None = None):
    data = {"move_number": game.move_number if move_number is None else move_number}
    if line or action != "clear":
        data["line"] = line
    return client.post(reverse(f"games:conditional_{action}", args=[game.pk]), data, follow=True)


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def lines_of(game: Game, user) -> list[str]:
    from games.selectors.conditional import conditional_lines  # noqa: PLC0415 - test helper

    tree = conditional_moves_get(game_id=game.pk, user=user)
    return [line["label"] for line in conditional_lines(game=game, tree=tree)]


def conditional_queries(client, game: Game) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as queries:
        page = client.get(reverse("games:board", args=[game.pk])).content.decode()
    return sum("games_conditionalmoves" in q["sql"] for q in queries.captured_queries), page


def test_only_the_waiting_player_gets_the_section_at_the_cost_of_one_query(
    client, game, black, white, user_factory
):
    client.force_login(black)
    count, page = conditional_queries(client, game)
    assert (count, "Plan answers" in page) == (1, True)
    client.force_login(white)  # to move: plays instead
    count, page = conditional_queries(client, game)
    assert (count, "Plan answers" in page) == (0, False)
    client.force_login(user_factory())
    count, page = conditional_queries(client, game)
    assert (count, "Plan answers" in page) == (0, False)


def test_lines_are_added_merged_replaced_listed_and_removed(client, game, black):
    client.force_login(black)
    response = post(client, game, "add", "C3 G7 C7 G3")
    assert messages_of(response) == ["Saved: if C3 → G7, then if C7 → G3."]
    post(client, game, "add", "c3 g7 d4 f6")  # shares the first pair: merged
    post(client, game, "add", "D6 pass")
    assert lines_of(game, black) == [
        "if C3 → G7, then if C7 → G3",
        "if C3 → G7, then if D4 → F6",
        "if D6 → pass",
    ]
    page = client.get(reverse("games:board", args=[game.pk])).content.decode()
    assert "if C3 → G7, then if D4 → F6" in page
    assert 'value="C3 G7 D4 F6"' in page  # the remove button's line
    post(client, game, "add", "C3 H8")  # another answer to C3 replaces that branch
    assert lines_of(game, black) == ["if C3 → H8", "if D6 → pass"]
    response = post(client, game, "remove", "C3 H8")
    assert messages_of(response) == ["Removed: if C3 → H8."]
    assert lines_of(game, black) == ["if D6 → pass"]
    post(client, game, "remove", "D6 pass")
    assert not ConditionalMoves.objects.exists()
    post(client, game, "add", "D6 pass")
    response = post(client, game, "clear")
    assert messages_of(response) == ["Your conditional moves were cleared."]
    assert not ConditionalMoves.objects.exists()


def test_a_saved_line_is_played_when_the_opponent_moves(client, game, black):
    client.force_login(black)
    post(client, game, "add", "C3 G7")
    game = play(game, "C3", timezone.now())
    game.refresh_from_db()
    assert game.move_codes()[-1] == game.topology.sgf(game.topology.parse("G7"))


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("C3", "even number of moves"),
        ("C3 Z9", "Z9"),
        ("C3 I4", "no column I"),
        ("C3 G7\x00", "coordinates"),
        ("E5 G7", "their move E5 is refused"),
        ("C3 C3", "your answer C3 is refused"),
        (" ".join(["A1", "A2"] * 21), "at most 20 answers"),
    ],
)
def test_bad_lines_are_explained_and_nothing_is_saved(client, game, black, line, words):
    client.force_login(black)
    response = post(client, game, "add", line)
    assert response.status_code == 200
    [message] = messages_of(response)
    assert words in message and message.endswith("Nothing was saved.")
    assert not ConditionalMoves.objects.exists()


def test_a_stale_page_or_the_player_to_move_cannot_save(client, game, black, white):
    client.force_login(black)
    [message] = messages_of(post(client, game, "add", "C3 G7", move_number=0))
    assert "moved on" in message
    client.force_login(white)
    [message] = messages_of(post(client, game, "add", "C3 G7"))
    assert "It is your turn" in message
    assert not ConditionalMoves.objects.exists()


def test_someone_else_cannot_post_or_clear(client, game, black, user_factory):
    client.force_login(black)
    post(client, game, "add", "C3 G7")
    client.force_login(user_factory())
    assert post(client, game, "clear").status_code == 403
    assert post(client, game, "add", "D4 F6").status_code == 403
    assert lines_of(game, black) == ["if C3 → G7"]


def test_hex_boards_take_lines_by_their_own_names(client, game_factory, black):
    game = game_factory(now=timezone.now(), board_kind="hex", board_size=6, moves=("F6",))
    client.force_login(black)
    response = post(client, game, "add", "C3 H8 D4 E7")
    assert messages_of(response) == ["Saved: if C3 → H8, then if D4 → E7."]
    tree = conditional_moves_get(game_id=game.pk, user=black)
    assert tree[0]["if"] == game.topology.sgf(game.topology.parse("C3"))
    page = client.get(reverse("games:board", args=[game.pk])).content.decode()
    [points] = re.findall(r'data-points="([^"]*)"', page)
    assert len(points.split()) == game.topology.size == 91
    assert any(item.startswith("C3,") for item in points.split())


@hypothesis_settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    line=st.text(max_size=60)
    | st.lists(st.sampled_from(["C3", "G7", "pass", "E5", "J9"])).map(" ".join)
)
def test_no_line_text_gets_a_server_error(client, game, black, line):
    client.force_login(black)
    response = post(client, game, "add", line)
    assert response.status_code == 200
