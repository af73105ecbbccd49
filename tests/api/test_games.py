"""The games endpoints with real tokens: my games, a game (position, moves, clocks, count),
its SGF, and move, pass and resign through the play services, with the rules' codes."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from games.models import Game
from games.pages.sgf import game_sgf
from tests.games.helpers import FIGHT, corner_fight_moves
from tests.games.positions import counted_hex, counted_square, play_out

pytestmark = pytest.mark.django_db


def test_my_running_games_come_my_turn_first_then_by_time_left(
    api_for, black, white, user_factory, game_factory
):
    third = user_factory(username="mitsu")
    waiting = game_factory(moves=("E5",))  # shiro to move: not kuro's turn
    later = game_factory(clock_days=7)
    sooner = game_factory(clock_days=1)
    game_factory(black=third, white=white)  # not kuro's
    body = api_for(black, "read").get("/games").json()
    assert body["count"] == 3
    assert [g["id"] for g in body["items"]] == [sooner.pk, later.pk, waiting.pk]
    first = body["items"][0]
    assert first["your_colour"] == "black" and first["your_turn"] is True
    assert 0 < first["time_left"] <= 86400
    assert body["items"][2]["your_turn"] is False


def test_my_finished_games_most_recent_first_and_paginated(api_for, black, game_factory):
    games = [game_factory(moves=(), clock_days=3) for _ in range(3)]
    now = timezone.now()
    for offset, game in enumerate(games):
        Game.objects.filter(pk=game.pk).update(
            status="finished",
            result="B+R",
            end_reason="resign",
            finished=now - dt.timedelta(hours=offset),
        )
    client = api_for(black, "read")
    page = client.get("/games", state="finished", page_size=2).json()
    assert page["count"] == 3
    assert [g["id"] for g in page["items"]] == [games[0].pk, games[1].pk]
    rest = client.get("/games", state="finished", page_size=2, page=2).json()
    assert [g["id"] for g in rest["items"]] == [games[2].pk]
    assert rest["items"][0]["result"] == "B+R" and rest["items"][0]["to_move"] is None
    assert client.get("/games", state="lost").status_code == 422


def test_a_game_has_its_position_moves_and_clocks(api_for, white, game_factory):
    game = game_factory(moves=("C3", "D4", "pass"))
    body = api_for(white, "read").get(f"/games/{game.pk}").json()
    assert body["move_number"] == 3 and body["to_move"] == "white" and body["your_turn"]
    assert body["position"]["rows"][6] == "..X......"  # row 3 from the top of a 9×9 board
    assert body["position"]["rows"][5] == "...O....."
    assert {(s["point"], s["sgf"], s["colour"]) for s in body["position"]["stones"]} == {
        ("C3", "cg", "black"),
        ("D4", "df", "white"),
    }
    assert [(m["number"], m["colour"], m["point"], m["sgf"]) for m in body["moves"]] == [
        (1, "black", "C3", "cg"),
        (2, "white", "D4", "df"),
        (3, "black", None, ".."),
    ]
    clocks = body["clocks"]
    assert clocks["white"]["running"] and clocks["white"]["deadline"] is not None
    assert clocks["black"] == {
        "running": False,
        "stopped": False,
        "time_left": 3 * 86400,
        "deadline": None,
        # Byo-yomi only.
        "main_time_left": None,
        "periods_left": None,
        "period_time_left": None,
        "period_moves_left": None,
    }
    assert body["count"] is None and body["result"] == ""


def test_a_byoyomi_game_shows_its_periods(api_for, black, game_factory):
    game = game_factory(clock_kind="japanese", clock_days=2, clock_periods=3, clock_period_days=1)
    body = api_for(black).get(f"/games/{game.pk}").json()
    assert body["settings"]["clock_kind"] == "japanese"
    assert (body["settings"]["clock_periods"], body["settings"]["clock_period_days"]) == (3, 1)
    white = body["clocks"]["white"]
    assert (white["time_left"], white["main_time_left"], white["periods_left"]) == (
        5 * 86400,
        2 * 86400,
        3,
    )
    assert white["period_time_left"] is None and white["period_moves_left"] is None


def test_a_canadian_challenge_is_created_through_the_api(api_for, black):
    response = api_for(black).post(
        "/challenges",
        {
            "board_kind": "square",
            "board_size": 9,
            "clock_kind": "canadian",
            "clock_days": 7,
            "clock_period_moves": 10,
            "clock_period_days": 7,
        },
    )
    assert response.status_code in (200, 201), response.json()
    settings = response.json()["settings"]
    assert (settings["clock_kind"], settings["clock_period_moves"]) == ("canadian", 10)
    refused = api_for(black).post(
        "/challenges",
        {"board_kind": "square", "board_size": 9, "clock_kind": "canadian", "clock_days": 7},
    )
    assert refused.status_code == 400
    assert refused.json()["code"] == "invalid_setting"


def test_a_hex_board_has_blank_corners_in_its_rows(api_for, black, game_factory):
    game = game_factory(board_kind="hex", board_size=6)
    rows = api_for(black, "read").get(f"/games/{game.pk}").json()["position"]["rows"]
    assert len(rows) == 11 and all(len(row) == 11 for row in rows)
    assert sum(row.count(".") for row in rows) == game.topology.size
    assert sum(row.count(" ") for row in rows) == 11 * 11 - game.topology.size


@pytest.mark.parametrize("counted", [counted_square, counted_hex])
def test_a_counted_game_has_its_count_and_dead_stones(api_for, black, white, counted):
    game = counted(black=black, white=white, now=timezone.now())
    body = api_for(black, "read").get(f"/games/{game.pk}").json()
    count = body["count"]
    assert count["result"] == game.result == body["result"]
    assert sorted(p["sgf"] for p in count["dead"]) == sorted(game.score["dead"])
    assert count["black"]["total"] == game.score["black"]["total"]
    assert count["agreed"] is False  # the automatic estimate, nobody agreed on it
    assert body["status"] == "finished" and body["end_reason"] == "passes"


def test_the_count_names_the_stones_it_was_unsure_of(api_for, black, white):
    game = play_out(black=black, white=white, now=timezone.now(), moves=corner_fight_moves())
    count = api_for(black, "read").get(f"/games/{game.pk}").json()["count"]
    assert {p["point"] for p in count["uncertain"]} == FIGHT


def test_the_sgf_is_the_site_s_record(api_for, black, game_factory):
    game = game_factory(moves=("C3", "D4"))
    response = api_for(black, "read").get(f"/games/{game.pk}/sgf")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/x-go-sgf")
    assert response.content.decode() == game_sgf(game=Game.objects.get(pk=game.pk))


def test_a_move_is_played_and_the_game_returned(api_for, black, game_factory):
    game = game_factory()
    response = api_for(black).post(
        f"/games/{game.pk}/move", {"point": "c3", "expected_move_number": 0}
    )
    assert response.status_code == 200
    body = response.json()
    assert body["move_number"] == 1 and body["moves"][0]["point"] == "C3"
    assert body["your_turn"] is False
    game.refresh_from_db()
    assert game.moves == "cg" and game.move_number == 1


@pytest.mark.parametrize(
    ("moves", "point", "status", "code"),
    [
        (("E5", "C3"), "E5", 409, "occupied"),
        (("E5",), "C3", 409, "not_your_turn"),  # kuro plays on shiro's turn
        ((), "I5", 400, "invalid_point"),
        ((), "J10", 400, "off_board"),
        ((), "hello", 400, "invalid_point"),
        # White's stones on B1 and A2 leave A1 without a liberty for Black.
        (("E5", "B1", "E6", "A2"), "A1", 409, "suicide"),
    ],
)
def test_an_illegal_move_keeps_the_rules_code(
    api_for, black, game_factory, moves, point, status, code
):
    game = game_factory(moves=moves)
    response = api_for(black).post(
        f"/games/{game.pk}/move", {"point": point, "expected_move_number": game.move_number}
    )
    assert response.status_code == status, response.content
    assert response.json()["code"] == code
    message = response.json()["message"]
    assert not message[0].islower() and message.endswith("."), message
    assert Game.objects.get(pk=game.pk).move_number == game.move_number


def test_a_ko_is_refused_with_its_code(api_for, black, white, game_factory):
    # White's D4 sits in Black's mouth (C4, D5, D3); Black E4 takes it inside White's mouth
    # (E5, F4, E3), and White may not take back at D4 at once.
    game = game_factory(moves=("D5", "E5", "C4", "F4", "D3", "E3", "pass", "D4", "E4"))
    response = api_for(white).post(
        f"/games/{game.pk}/move", {"point": "D4", "expected_move_number": game.move_number}
    )
    assert response.status_code == 409
    assert response.json()["code"] in {"ko", "superko"}


def test_two_passes_end_and_count_the_game(api_for, black, white, game_factory):
    game = game_factory(moves=("E5",))
    assert (
        api_for(white).post(f"/games/{game.pk}/pass", {"expected_move_number": 1}).status_code
        == 200
    )
    body = api_for(black).post(f"/games/{game.pk}/pass", {"expected_move_number": 2}).json()
    assert body["status"] == "finished" and body["end_reason"] == "passes"
    assert body["count"]["result"] == body["result"] == "B+73.5"
    later = api_for(white).post(
        f"/games/{game.pk}/move", {"point": "C3", "expected_move_number": 3}
    )
    assert later.status_code == 409 and later.json()["code"] == "game_over"


def test_resigning_on_the_opponent_s_turn_ends_the_game(api_for, white, game_factory):
    game = game_factory()
    body = api_for(white).post(f"/games/{game.pk}/resign", {"expected_move_number": 0}).json()
    assert body["result"] == "B+R" and body["status"] == "finished"


def test_a_move_after_the_deadline_ends_the_game_on_time(api_for, black, game_factory):
    game = game_factory()
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - dt.timedelta(minutes=1))
    response = api_for(black).post(
        f"/games/{game.pk}/move", {"point": "C3", "expected_move_number": 0}
    )
    assert response.status_code == 409 and response.json()["code"] == "timeout"
    game.refresh_from_db()
    assert game.is_over and game.result == "W+T"


def test_an_unknown_game_is_404(api_for, black):
    client = api_for(black)
    assert client.get("/games/999999").json()["code"] == "not_found"
    assert client.post("/games/999999/pass", {"expected_move_number": 0}).status_code == 404


def test_listing_games_costs_the_same_few_queries_for_one_game_or_many(
    api_for, black, white, game_factory, django_assert_max_num_queries
):
    client = api_for(black, "read")
    client.get("/me")  # the token's first use writes last_used; later calls do not
    game_factory(weekend_pause=True)
    with django_assert_max_num_queries(3) as one:  # token, games (+ count for finished)
        client.get("/games")
    for _ in range(15):
        game_factory(weekend_pause=True)
    with django_assert_max_num_queries(len(one.captured_queries)):
        assert client.get("/games").json()["count"] == 16
    with django_assert_max_num_queries(3):
        client.get("/games", state="finished")


def test_a_game_costs_two_queries_at_any_length(
    api_for, black, game_factory, django_assert_max_num_queries
):
    client = api_for(black, "read")
    client.get("/me")
    short = game_factory(moves=("E5",))
    long = game_factory(moves=("E5", "C3", "G7", "C7", "G3", "D5", "F5", "pass", "pass"))
    for game in (short, long):
        with django_assert_max_num_queries(2):  # token with its player, game with both players
            assert client.get(f"/games/{game.pk}").status_code == 200
