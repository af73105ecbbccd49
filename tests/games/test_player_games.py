"""The games blocks on accounts pages: the home card (welcome, turns, Play / New game) and the
profile's record per variant with recent games, and the Challenge button on a profile."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.services import relation_set
from games.models import Game
from games.selectors import records as records_selectors
from games.services import play

pytestmark = pytest.mark.django_db


def _resign(game, user):
    play.game_resign(
        game_id=game.pk, user=user, expected_move_number=game.move_number, now=timezone.now()
    )


@pytest.fixture
def finished(game_factory, black, white):
    """kuro (Black) beats shiro twice at Go, loses once at Badux; one Go game is a draw by
    count (no komi, empty board), one is private, one Badux game is still running."""
    _resign(game_factory(), white)
    _resign(game_factory(board_size=13), white)
    _resign(game_factory(board_kind="hex", board_size=6), black)
    game_factory(komi=0, moves=("pass", "pass"))
    private = game_factory()
    _resign(private, white)
    Game.objects.filter(pk=private.pk).update(public=False)
    return game_factory(board_kind="hex", board_size=8)


def test_the_record_counts_wins_losses_and_draws_per_variant(finished, black, white):
    record = records_selectors.player_record(user=black)
    assert [(r.variant, r.wins, r.losses, r.draws) for r in record] == [
        ("Go", 3, 0, 1),
        ("Badux", 0, 1, 0),
    ]
    assert [
        (r.variant, r.wins, r.losses, r.draws) for r in records_selectors.player_record(user=white)
    ] == [
        ("Go", 0, 3, 1),
        ("Badux", 1, 0, 0),
    ]


def test_recent_games_hide_private_games_from_others(finished, black, white, user_factory):
    assert len(records_selectors.player_recent_games(user=black, viewer=black)) == 5
    seen = records_selectors.player_recent_games(user=black, viewer=user_factory(username="kibitz"))
    assert len(seen) == 4
    assert all(game.public for game in seen)
    assert len(records_selectors.player_recent_games(user=black, viewer=None)) == 4


def test_a_profile_shows_the_record_and_recent_games(
    client, finished, black, django_assert_max_num_queries
):
    with django_assert_max_num_queries(8):
        body = client.get(reverse("profile_detail", args=["kuro"])).content.decode()
    assert "No finished games yet" not in body
    assert '<tr><th scope="row">Go</th><td>3</td><td>0</td><td>1</td></tr>' in body
    assert '<tr><th scope="row">Badux</th><td>0</td><td>1</td><td>0</td></tr>' in body
    assert "Recent games" in body
    assert "Badux hex 6</a>: Black against shiro, <strong>lost</strong> (W+R)" in body
    assert "<strong>won</strong> (B+R)" in body
    assert "<strong>drawn</strong> (0)" in body
    assert f"{reverse('games:history')}?player=kuro" in body


def test_a_profile_offers_a_challenge_that_fills_in_the_opponent(
    client, user_factory, black, white
):
    client.force_login(black)
    body = client.get(reverse("profile_detail", args=["shiro"])).content.decode()
    link = f"{reverse('games:new')}?opponent=shiro"
    assert f'<a class="button" href="{link}">Challenge shiro</a>' in body
    form = client.get(link).context["form"]
    assert form.initial["opponent"] == "shiro"
    assert "Challenge" not in client.get(reverse("profile_detail", args=["kuro"])).content.decode()
    relation_set(owner=black, target=white, kind="ignore", now=timezone.now())
    assert (
        "Challenge shiro"
        not in client.get(reverse("profile_detail", args=["shiro"])).content.decode()
    )
    client.logout()
    assert (
        "Challenge shiro"
        not in client.get(reverse("profile_detail", args=["shiro"])).content.decode()
    )


def test_home_page_offers_play_when_it_is_your_turn(
    client, game_factory, black, white, django_assert_max_num_queries
):
    game_factory()  # kuro to move
    game_factory(moves=("E5",))  # shiro to move
    client.force_login(black)
    client.get(reverse("home"))  # the presence write happens here, not in the measured request
    # session, player, unread notifications, the games count (one query for any number), the
    # games of the players they follow (games.watching)
    with django_assert_max_num_queries(5):
        body = client.get(reverse("home")).content.decode()
    assert "Welcome back, kuro." in body
    assert "It is your turn in <strong>1 game</strong> of 2 running." in body
    assert f'<a class="button" href="{reverse("games:next")}">Play</a>' in body
    assert f'href="{reverse("games:new")}">New game</a>' in body
    client.force_login(white)
    body = client.get(reverse("home")).content.decode()
    assert "It is your turn in <strong>1 game</strong> of 2 running." in body
