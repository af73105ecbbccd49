"""Ladder and rating pages: what a player sees and can do, odd input, query counts."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from hypothesis import given, settings
from hypothesis import strategies as st

from games.models import Game
from ladder.ladders.models import LadderChallenge, LadderEntry
from ladder.ladders.services import ladder_challenge
from ladder.ratings.models import Rating
from ladder.ratings.ranks import rank_name
from ladder.ratings.selectors import handicap_for_gap
from ladder.ratings.services import rating_declare
from tests.ladder.conftest import resign

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(user_factory):
    return [user_factory(username=f"p{i}") for i in range(1, 6)]


def test_the_ladder_list_and_table_for_a_visitor(client, ladder_factory, players):
    ladder = ladder_factory(players=players[:3])
    page = client.get(reverse("ladder:list"))
    assert page.status_code == 200 and "Go 9x9" in page.text
    page = client.get(ladder.get_absolute_url())
    assert page.status_code == 200
    assert "p1" in page.text and "Log in" in page.text
    assert "/challenge/" not in page.text


def test_a_member_sees_buttons_only_where_allowed_and_reasons_elsewhere(
    client, ladder_factory, players
):
    ladder = ladder_factory(players=players, range_value=2)
    client.force_login(players[4])
    page = client.get(ladder.get_absolute_url()).text
    assert page.count('class="button small" href="/ladders/') == 2
    assert page.count("outside your range") == 2
    assert "that&#x27;s you" in page or "that's you" in page


def test_join_challenge_and_leave_through_the_pages(client, ladder_factory, players):
    ladder = ladder_factory(players=players[:2], max_outgoing=1)
    client.force_login(players[2])
    response = client.post(reverse("ladder:join", args=[ladder.slug]))
    assert response.status_code == 302
    assert LadderEntry.objects.get(user=players[2]).position == 3
    yes = {"confirm": "yes"}
    response = client.post(reverse("ladder:challenge", args=[ladder.slug, players[1].pk]), yes)
    made = LadderChallenge.objects.get()
    assert response.url == made.game.get_absolute_url()
    response = client.post(
        reverse("ladder:challenge", args=[ladder.slug, players[0].pk]), yes, follow=True
    )
    assert "You cannot challenge p1" in response.text
    asked = client.post(reverse("ladder:leave", args=[ladder.slug]))
    assert asked.status_code == 200 and "Leave Go 9x9?" in asked.text
    assert "Your 1 running ladder game will be resigned: it counts as a loss." in asked.text
    assert LadderEntry.objects.get(user=players[2]).position == 3
    client.post(reverse("ladder:leave", args=[ladder.slug]), yes)
    made.game.refresh_from_db()
    assert made.game.is_over
    assert LadderEntry.objects.get(user=players[2]).position is None


def test_a_challenge_of_someone_not_in_the_ladder_is_refused_plainly(
    client, ladder_factory, players
):
    ladder = ladder_factory(players=players[:2])
    client.force_login(players[1])
    for huge in (10**12, 10**30):
        url = reverse("ladder:challenge", args=[ladder.slug, huge])
        response = client.post(url, {"confirm": "yes"}, follow=True)
        assert response.status_code == 200
        assert "not in this ladder" in response.text
    response = client.get(reverse("ladder:challenge", args=[ladder.slug, 10**30]), follow=True)
    assert "not in this ladder" in response.text


def test_the_challenge_button_asks_first_naming_opponent_settings_and_no_way_back(
    client, ladder_factory, players
):
    ladder = ladder_factory(players=players[:3])
    client.force_login(players[2])
    url = reverse("ladder:challenge", args=[ladder.slug, players[1].pk])
    assert url in client.get(ladder.get_absolute_url()).text
    page = client.get(url)
    assert page.status_code == 200
    text = page.text
    assert "Challenge p2?" in text and "number 2" in text
    assert ladder.board_label in text and ladder.clock_label in text
    assert "You play Black, p2 White." in text
    assert "This cannot be undone." in text
    assert "neither you nor p2 can decline or cancel a ladder challenge" in text
    assert f'action="{url}"' in text
    assert not LadderChallenge.objects.exists()  # looking is not challenging
    assert client.post(url).status_code == 200  # a POST without the answer asks again
    assert not LadderChallenge.objects.exists()
    assert client.post(url, {"confirm": "yes"}).status_code == 302
    assert LadderChallenge.objects.get().defender == players[1]
    # Out of range or already challenged: back to the ladder with the reason.
    again = client.get(url, follow=True)
    assert "You cannot challenge p2" in again.text


def test_the_profile_shows_ratings_and_links_to_the_graph(client, game_factory, black, white):
    assert "Unrated" in client.get(reverse("profile_detail", args=[black.username])).text
    resign(game_factory(), white, timezone.now())
    page = client.get(reverse("profile_detail", args=[black.username])).text
    rating = Rating.objects.get(user=black)
    assert f"{rating.rating:.0f} ± " in page and "provisional" in page
    assert rank_name(rating.rating) in page and "(9×9)" in page
    url = reverse("ladder:rating_history", args=[black.username, "square"])
    assert url in page
    graph = client.get(url)
    assert graph.status_code == 200
    assert "<svg" in graph.text and "Rating" in graph.text and "provisional" in graph.text


def test_the_rating_history_of_an_unknown_family_or_player_is_404(client, black):
    assert (
        client.get(reverse("ladder:rating_history", args=[black.username, "chess"])).status_code
        == 404
    )
    assert (
        client.get(reverse("ladder:rating_history", args=["nobody", "square"])).status_code == 404
    )


def test_search_by_rating_range(client, game_factory, black, white):
    resign(game_factory(), white, timezone.now())
    url = reverse("ladder:rating_search")
    page = client.get(url, {"family": "square", "low": 1550}).text
    assert "kuro" in page and "shiro" not in page
    page = client.get(url, {"family": "square", "high": 1450}).text
    assert "shiro" in page and "kuro" not in page


@settings(max_examples=25)
@given(
    low=st.text(max_size=30),
    family=st.one_of(st.sampled_from(["square", "hex"]), st.text(max_size=10)),
)
def test_odd_search_input_never_fails(low, family):
    response = Client().get(reverse("ladder:rating_search"), {"low": low, "family": family})
    assert response.status_code == 200


def test_declaring_a_rank(client, user_factory):
    user = user_factory()
    client.force_login(user)
    url = reverse("ladder:rating_declare")
    assert "not a rank" in client.post(url, {"family": "square", "rank": "99x"}).text
    client.post(url, {"family": "hex", "rank": "10k"})
    assert Rating.objects.get(user=user, family="hex").declared_rank == "10k"


def test_the_ladder_page_costs_few_queries(
    client, ladder_factory, user_factory, django_assert_max_num_queries
):
    players = [user_factory() for _ in range(40)]
    ladder = ladder_factory(players=players)
    start = timezone.now() - dt.timedelta(hours=1)
    for i in range(1, 40, 4):
        ladder_challenge(
            ladder_id=ladder.pk, challenger=players[i], defender_id=players[i - 1].pk, now=start
        )
    client.force_login(players[-1])
    # The same few queries for 40 players or 1,000 (bench/ladder_page.py); two of them are the
    # viewer's ignore list and the closed accounts, which block challenges.
    with django_assert_max_num_queries(15):
        assert client.get(ladder.get_absolute_url()).status_code == 200


def test_a_ladder_game_links_to_its_ladder(client, ladder_factory, players):
    ladder = ladder_factory(players=players[:2])
    made = ladder_challenge(
        ladder_id=ladder.pk, challenger=players[1], defender_id=players[0].pk, now=timezone.now()
    )
    page = client.get(made.game.get_absolute_url()).text
    assert f'<a href="{ladder.get_absolute_url()}">Go 9x9</a>' in page
    client.force_login(players[1])
    assert (
        f"Game {made.game_id}</a>: you challenged p1" in client.get(ladder.get_absolute_url()).text
    )


@pytest.mark.parametrize(
    ("gap", "stones", "no_komi"),
    [
        (0.1, 0, False),
        (0.6, 0, True),
        (1.4, 0, True),
        (1.6, 2, True),
        (5.0, 5, True),
        (30, 9, True),
    ],
)
def test_the_handicap_for_a_rank_gap(gap, stones, no_komi):
    assert handicap_for_gap(gap) == (stones, no_komi)
    assert handicap_for_gap(-gap) == (stones, no_komi)


def test_the_new_game_form_suggests_a_handicap_against_a_named_opponent(client, user_factory):
    me, strong = user_factory(username="me"), user_factory(username="strong")
    rating_declare(user=me, family="square", rank="5k")
    rating_declare(user=strong, family="square", rank="1d")
    client.force_login(me)
    url = reverse("games:new")
    page = client.get(url, {"opponent": "STRONG"}).text
    assert "Handicap by rating against strong" in page
    assert "Go: 5.0 ranks apart, so 5 stones, komi 0.5, me takes Black." in page
    assert "Badux" not in page.split("handicap-hint")[1].split("</div>")[0]
    for odd in ("", "nobody", "me", "x\x00y", "ü" * 300):
        assert "Handicap by rating" not in client.get(url, {"opponent": odd}).text


def test_the_player_search_shows_ratings(client, game_factory, black, white, user_factory):
    user_factory(username="kurogane")
    resign(game_factory(), white, timezone.now())
    client.force_login(white)
    page = client.get(reverse("player_search"), {"name": "kuro"}).text
    rating = Rating.objects.get(user=black)
    assert f"Go {rating.rating:.0f} {rank_name(rating.rating)}?" in page
    assert "unrated" in page  # kurogane
    assert reverse("ladder:rating_search") in page


def test_a_big_ladder_opens_on_the_players_own_page(client, ladder_factory, user_factory):
    players = [user_factory(username=f"big{i:03}") for i in range(1, 231)]
    ladder = ladder_factory(players=players)
    client.force_login(players[179])
    page = client.get(ladder.get_absolute_url())
    positions = [row.entry.position for row in page.context["rows"]]
    assert positions == list(range(101, 201))
    assert "Page 2 of 3" in page.text and "You are number 180." in page.text
    first = client.get(ladder.get_absolute_url(), {"page": "1"}).context["rows"]
    assert [first[0].entry.position, first[-1].entry.position] == [1, 100]
    for odd in ("x", "0", "-3", "99999999999999999999", "\x00"):
        rows = client.get(ladder.get_absolute_url(), {"page": odd}).context["rows"]
        assert rows and rows[0].entry.position in (1, 201)


def test_the_rating_history_names_a_private_game_only_to_its_players(
    client, game_factory, black, white, user_factory
):
    game = game_factory()
    Game.objects.filter(pk=game.pk).update(public=False)
    resign(Game.objects.get(pk=game.pk), white, timezone.now())
    url = reverse("ladder:rating_history", args=[black.username, "square"])
    client.force_login(user_factory(username="stranger"))
    page = client.get(url).text
    assert f"/games/{game.pk}/" not in page and "private" in page
    client.force_login(black)
    assert f"/games/{game.pk}/" in client.get(url).text


def test_the_rating_history_signs_each_change_and_links_the_rules(client, game_factory, white):
    resign(game_factory(), white, timezone.now())  # Black wins
    black = Game.objects.get().black
    page = client.get(reverse("ladder:rating_history", args=[black.username, "square"])).text
    change = Rating.objects.get(user=black).rating - 1500
    assert f">+{change:.0f}</td>" in page
    assert "ladder/README.md" not in page and f"{reverse('learn:rules')}#ratings" in page


def test_the_position_chart_draws_the_latest_changes_only(client, ladder_factory, user_factory):
    """Every renumbering adds a change for each player it moves: the chart reads the latest
    POSITION_POINTS of them by the (ladder, user, created) index, not a history that grows
    for ever."""
    from ladder.ladders.models import PositionChange
    from ladder.ladders.selectors import position_history

    me = user_factory()
    ladder = ladder_factory(players=[user_factory(), me])
    start = timezone.now() - dt.timedelta(days=30)
    PositionChange.objects.bulk_create(
        PositionChange(ladder=ladder, user=me, position=1 + i % 2, previous=2 - i % 2,
                       reason="moved", created=start + dt.timedelta(minutes=i))
        for i in range(30)
    )  # fmt: skip
    history = position_history(ladder=ladder, user=me, latest=10)
    assert [c.created for c in history] == sorted(c.created for c in history)
    assert history[-1].created == max(
        PositionChange.objects.filter(ladder=ladder, user=me).values_list("created", flat=True)
    )
    assert len(history) == 10
    client.force_login(me)
    assert client.get(ladder.get_absolute_url()).status_code == 200
