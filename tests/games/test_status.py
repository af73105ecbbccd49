"""The status page (games.views.status): running games in order of urgency with their cards,
the Next game button, finished games paginated, and a number of queries that does not grow
with the games listed."""

from __future__ import annotations

import re

from django.urls import reverse

from games.services import play
from tests.games.conftest import NOW

# When drawn: user, header counts, running games' order then the page of them, finished page
# with its count, open challenges, their players, the games' ladder or tournament labels, the
# games watched.
STATUS_PAGE_QUERIES = 9


def test_status_page_lists_your_turn_first_and_next_game_opens_the_most_urgent(
    client, game_factory, black, white
):
    waiting = game_factory(moves=("E5",))  # White to move
    urgent = game_factory(clock_days=1)  # Black to move, 1 day
    relaxed = game_factory(clock_days=7)  # Black to move, 7 days
    client.force_login(black)
    page = client.get(reverse("games:status"))
    assert [row["game"] for row in page.context["rows"]] == [urgent, relaxed, waiting]
    assert client.get(reverse("games:next")).url == reverse("games:board", args=[urgent.pk])


def test_status_page_cards_show_a_thumbnail_and_the_deadline_in_the_players_time_zone(
    client, game_factory, black, white
):
    black.time_zone = "Asia/Tokyo"
    black.save(update_fields=["time_zone"])
    game_factory(moves=("E5", "D4", "C3"))  # White to move; deadline NOW + 3 days
    client.force_login(black)
    page = client.get(reverse("games:status")).content.decode()
    cards = re.findall(r'<li class="game-card.*?</li>', page, flags=re.S)
    assert len(cards) == 1
    src = re.search(r'<img class="bd-thumb" src="([^"]+)"', cards[0]).group(1)
    thumb = client.get(src)
    assert thumb["Content-Type"].startswith("image/svg+xml")
    assert thumb.content.decode().count("<circle") == 3
    # 2026-03-04 12:00 UTC is 21:00 in Tokyo.
    assert (
        'until <time datetime="2026-03-04T21:00:00+09:00">Wed 4 Mar, 21:00 JST</time>' in cards[0]
    )
    assert "Their turn, move 4; you play Black." in cards[0]
    assert "Next game" not in page  # not Black's turn anywhere

    black.time_zone = "Europe/Paris"
    black.save(update_fields=["time_zone"])
    game_factory()  # Black to move
    page = client.get(reverse("games:status")).content.decode()
    assert "Wed 4 Mar, 13:00 CET" in page
    assert f'href="{reverse("games:next")}">Next game</a>' in page


def test_status_page_paginates_finished_games_below_the_running_ones(
    client, game_factory, black, white
):
    running = game_factory()
    finished = []
    for _ in range(23):
        game = game_factory()
        play.game_resign(game_id=game.pk, user=white, expected_move_number=0, now=NOW)
        finished.append(game)
    client.force_login(black)
    first = client.get(reverse("games:status"))
    assert [row["game"] for row in first.context["rows"]] == [running]
    assert len(first.context["page"].object_list) == 20
    assert b"Page 1 of 2" in first.content
    second = client.get(reverse("games:status"), {"page": "2"})
    assert len(second.context["page"].object_list) == 3
    assert {g.pk for g in second.context["page"].object_list} < {g.pk for g in finished}
    assert [row["game"] for row in second.context["rows"]] == [running]


def test_status_page_queries_do_not_grow_with_games(
    client,
    game_factory,
    black,
    white,
    django_assert_max_num_queries,
    django_capture_on_commit_callbacks,
):
    client.force_login(black)
    game_factory()
    client.get(reverse("games:status"))
    with django_assert_max_num_queries(STATUS_PAGE_QUERIES):
        client.get(reverse("games:status"))
    with django_capture_on_commit_callbacks(execute=True):  # the commits renew the page
        for i in range(29):
            game_factory(
                moves=("E5",) if i % 2 else (),
                board_kind="hex" if i % 3 else "square",
                board_size=6 if i % 3 else 9,
                ruleset="badux" if i % 3 else "go-area",
            )
        for _ in range(30):
            g = game_factory()
            play.game_resign(game_id=g.pk, user=white, expected_move_number=0, now=NOW)
    with django_assert_max_num_queries(STATUS_PAGE_QUERIES):
        page = client.get(reverse("games:status"))
    assert len(page.context["rows"]) == 30
    assert page.content.count(b'<img class="bd-thumb"') == 30  # linked, none drawn
    assert len(page.context["page"].object_list) == 20


def test_running_games_are_paged_in_order_of_urgency(client, game_factory, black, monkeypatch):
    monkeypatch.setattr("games.views.status.RUNNING_PAGE_SIZE", 2)
    waiting = game_factory(moves=("E5",))  # White to move
    urgent = game_factory(clock_days=1)
    relaxed = game_factory(clock_days=7)
    client.force_login(black)
    first = client.get(reverse("games:status"))
    assert [row["game"] for row in first.context["rows"]] == [urgent, relaxed]
    assert "Games 1–2 of 3" in first.content.decode()
    assert 'href="?running=2" rel="next"' in first.content.decode()
    second = client.get(reverse("games:status"), {"running": "2"})
    assert [row["game"] for row in second.context["rows"]] == [waiting]
    for odd in ("0", "99", "x", "-1", "9" * 40):  # the first or the last page, never an error
        assert client.get(reverse("games:status"), {"running": odd}).status_code == 200
