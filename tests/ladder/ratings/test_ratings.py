"""Rating games: which count, the Glicko-2 step per family, handicaps, corrections."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import translation

from core.refusals import refusal_of
from games.services.corrections import result_correct
from games.services.play import game_timeout
from ladder.ratings import glicko2
from ladder.ratings.models import Rating, RatingChange
from ladder.ratings.services import (
    MIN_TIMEOUT_MOVES,
    RatingEarned,
    rating_declare,
    ratings_apply,
)
from tests.ladder.conftest import NOW, resign

pytestmark = pytest.mark.django_db


def _rating(user, family="square") -> Rating:
    return Rating.objects.get(user=user, family=family)


def test_a_resigned_rated_game_rates_both_players(game_factory, black, white):
    game = game_factory()
    resign(game, white, NOW)
    b, w = _rating(black), _rating(white)
    expected = glicko2.rate(1500, 350, 0.06, [(1500, 350, 1.0)], periods=0.0)
    assert b.rating == pytest.approx(expected[0])
    assert w.rating == pytest.approx(3000 - expected[0])
    assert (b.games, w.games, b.board_size) == (1, 1, 9)
    assert RatingChange.objects.filter(game=game).count() == 2


def test_unrated_games_change_nothing(game_factory, white):
    resign(game_factory(rated=False), white, NOW)
    assert not Rating.objects.exists()


def test_families_are_rated_apart(game_factory, black, white):
    resign(game_factory(board_kind="hex", board_size=6, ruleset="badux"), white, NOW)
    assert _rating(black, "hex").games == 1
    assert not Rating.objects.filter(family="square").exists()


def test_a_short_game_lost_on_time_is_not_rated(game_factory):
    game = game_factory(moves=("C3", "G7"))
    assert game_timeout(game_id=game.pk, now=game.deadline + dt.timedelta(seconds=1))
    assert not Rating.objects.exists()


def test_a_long_game_lost_on_time_is_rated(game_factory):
    points = [f"{c}{r}" for r in range(1, 10) for c in "ABCDEFGHJ"]
    # Black fills the left columns, White the right: no captures for the first 20 moves.
    moves = [p for pair in zip(points[:10], points[-10:], strict=True) for p in pair][
        :MIN_TIMEOUT_MOVES
    ]
    game = game_factory(moves=tuple(moves))
    ended = game_timeout(game_id=game.pk, now=game.deadline + dt.timedelta(seconds=1))
    assert ended.move_number == MIN_TIMEOUT_MOVES
    assert RatingChange.objects.filter(game=game).count() == 2


def test_idle_time_widens_the_deviation_before_the_game(game_factory, black, white, user_factory):
    resign(game_factory(), white, NOW)
    settled = _rating(black).deviation
    later = NOW + dt.timedelta(days=70)
    other = user_factory()
    resign(game_factory(white=other, now=later), other, later)
    change = RatingChange.objects.filter(user=black).latest("created")
    assert change.periods == pytest.approx(10.0)
    widened = glicko2.widen(settled, change.volatility_before, 10.0)
    assert change.rating_after > change.rating_before
    assert change.deviation_after < widened


def test_a_handicap_win_is_worth_less_to_black(game_factory, black, white):
    even = game_factory()
    resign(even, white, NOW)
    even_gain = RatingChange.objects.get(game=even, user=black)
    Rating.objects.all().delete()
    RatingChange.objects.all().delete()
    handicap = game_factory(handicap=3, komi="0.5")
    resign(handicap, white, NOW)
    handicap_gain = RatingChange.objects.get(game=handicap, user=black)
    assert handicap_gain.opponent_rating < 1500
    gain = handicap_gain.rating_after - handicap_gain.rating_before
    assert 0 < gain < even_gain.rating_after - even_gain.rating_before


def test_applying_twice_rates_once(game_factory, black, white):
    game = resign(game_factory(), white, NOW)
    before = _rating(black).rating
    assert ratings_apply(game=game, now=NOW) == []
    assert _rating(black).rating == before


def test_a_staff_correction_rerates_both_players(game_factory, black, white, user_factory):
    staff = user_factory(is_staff=True)
    game = resign(game_factory(), white, NOW)
    won = _rating(black).rating
    result_correct(
        game_id=game.pk,
        staff=staff,
        result="W+R",
        note="wrong player resigned",
        now=NOW + dt.timedelta(days=1),
    )
    b, w = _rating(black), _rating(white)
    assert b.rating < 1500 < w.rating
    assert b.rating == pytest.approx(3000 - won)
    change = RatingChange.objects.get(game=game, user=black)
    assert (change.score, change.rating_after) == (0.0, pytest.approx(b.rating))


def test_a_declared_rank_sets_the_start_rating(user_factory):
    user = user_factory()
    row = rating_declare(user=user, family="square", rank="2d")
    assert row.declared_rank == "2d"
    assert 2000 < row.rating < 2100
    with pytest.raises(ValueError):
        rating_declare(user=user, family="square", rank="12d")


def test_a_declared_rank_cannot_replace_an_earned_rating(client, game_factory, black, white):
    resign(game_factory(), white, NOW)
    with pytest.raises(RatingEarned):
        rating_declare(user=black, family="square", rank="5d")
    # The page says the registry's sentence, translated, with its status.
    client.force_login(black)
    url = reverse("ladder:rating_declare")
    with translation.override("en"):
        page = client.post(url, {"family": "square", "rank": "5d"})
    assert page.status_code == refusal_of(RatingEarned()).status == 409
    assert "Your rating comes from your games now" in page.text
    odd = client.post(url, {"family": "square", "rank": "<b>99x"})
    assert "is not a rank" in odd.text and "<b>99x" not in odd.text


@pytest.mark.parametrize("written", ["3段", "３段", "3단", "3д", "3 dan"])
def test_a_declared_rank_in_any_language_is_shown_where_it_was_asked(client, user_factory, written):
    user = user_factory()
    client.force_login(user)
    response = client.post(
        reverse("ladder:rating_declare"), {"family": "square", "rank": written}, follow=True
    )
    assert _rating(user).declared_rank == "3d"
    profile = response.text  # back on the player's own profile
    assert "Go: 3d, declared" in profile
    assert "declare your Go strength" not in profile
    assert "declare your Badux strength" in profile  # the other family is still offered
    assert "Unrated" not in profile
    home = client.get("/").text
    assert "Your declared Go strength: <strong>3d</strong>" in home
    assert "Declare your Go strength" not in home
    # Others see the declared rank too; only its player is offered to change it.
    client.force_login(user_factory())
    other = client.get(reverse("profile_detail", args=[user.username])).text
    assert "Go: 3d, declared" in other and "change" not in other.split("declared", 1)[1][:80]


def test_the_declare_page_starts_from_the_declared_rank(client, user_factory):
    user = user_factory()
    rating_declare(user=user, family="square", rank="4k")
    client.force_login(user)
    page = client.get(reverse("ladder:rating_declare") + "?family=square").text
    assert 'value="4k"' in page


def test_the_rating_history_chart_speaks_the_players_language(client, game_factory, black, white):
    resign(game_factory(), white, NOW)
    page = client.get(
        reverse("ladder:rating_history", args=[black.username, "square"]),
        HTTP_ACCEPT_LANGUAGE="de",
    ).text
    assert ">Wertung</text>" in page and ">Datum</text>" in page
    assert ">Rating</text>" not in page and ">Date</text>" not in page


def test_a_long_rating_history_shows_the_latest_games_and_a_thinned_graph(
    client, game_factory, black, white, monkeypatch
):
    monkeypatch.setattr("ladder.ratings.views.TABLE_ROWS", 2)
    monkeypatch.setattr("ladder.ratings.views.GRAPH_POINTS", 3)
    games = [game_factory() for _ in range(5)]
    for game in games:
        resign(game, white, NOW)
    page = client.get(reverse("ladder:rating_history", args=[black.username, "square"]))
    assert [row["change"].game_id for row in page.context["rows"]] == [
        games[4].pk,
        games[3].pk,
    ]
    assert "The latest 2 of 5 rated games." in page.text
    # The start point, then every other game from the latest back: games 5, 3 and 1.
    assert page.text.count("after game ") == 3
    assert f"after game {games[4].pk}" in page.text
