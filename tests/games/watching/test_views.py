"""Watch and follow, the pages: the games browser (GET form, bounded queries, bad input), the
game page's Watch button, watchers' count and spectators' comments, their report, the status
page's "Watching", the profile's Follow button and the home page's feed."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.moderation.models import Report
from games.models import GameWatch
from games.watching import services
from tests.games.helpers import board_url, messages_of

pytestmark = pytest.mark.django_db

BROWSE = reverse("games:browse")
# User, header counts, the player named, the page of games with their players.
BROWSE_QUERIES = 4


@pytest.fixture
def spectator(user_factory):
    return user_factory(username="kibitzer")


def test_the_browser_s_queries_do_not_grow_with_games(
    client, game_factory, spectator, django_assert_max_num_queries
):
    client.force_login(spectator)
    game_factory()
    client.get(BROWSE)  # the session, warm
    query = {"board": "square-9", "state": "playing", "rated": "yes", "player": "kuro"}
    with django_assert_max_num_queries(BROWSE_QUERIES):
        page = client.get(BROWSE, query)
    assert page.status_code == 200 and len(page.context["page"].games) == 1
    for _ in range(40):
        game_factory()
    with django_assert_max_num_queries(BROWSE_QUERIES):
        page = client.get(BROWSE, query)
    assert len(page.context["page"].games) == 25
    with django_assert_max_num_queries(BROWSE_QUERIES):
        more = client.get(page.context["next_url"])
    assert len(more.context["page"].games) == 16
    assert more.context["next_url"] == ""
    assert b"Most recent games" in more.content


@pytest.mark.parametrize(
    "query",
    [
        {"board": "square-7"},
        {"state": "over"},
        {"rated": "maybe"},
        {"origin": "club"},
        {"player": "nobody-here"},
        {"player": "x" * 400},
    ],
)
def test_the_browser_answers_bad_filters_with_a_form_error(client, game_factory, query):
    game_factory()
    page = client.get(BROWSE, query)
    assert page.status_code == 400
    assert page.context["form"].errors


@pytest.mark.parametrize(
    "after",
    ["", "x", "1.", ".2", "9" * 30 + ".1", "-5.3", "1.2.3", "\u00b2.1", "1.\u00b2", "\u0661.1"],
)
def test_a_bad_page_key_shows_the_first_page(client, game_factory, after):
    game = game_factory()
    page = client.get(BROWSE, {"after": after})
    assert page.status_code == 200
    assert [g.pk for g in page.context["page"].games] == [game.pk]


def test_a_spectator_watches_and_sees_the_game_under_watching(client, game_factory, spectator):
    game = game_factory(now=timezone.now())
    client.force_login(spectator)
    assert b"Watch this game" in client.get(board_url(game)).content
    response = client.post(reverse("games:watch", args=[game.pk]), follow=True)
    assert "its moves come to you as notices" in messages_of(response)[0]
    assert b"Stop watching" in response.content
    status = client.get(reverse("games:status")).content.decode()
    assert game.board_label in status.split('id="watching"')[1]
    client.post(reverse("games:watch", args=[game.pk]), {"stop": "1"})
    assert not GameWatch.objects.exists()


def test_the_browser_and_watching_list_count_the_moves_played(client, game_factory, spectator):
    """The game page says "Black to play, move 6" after five moves; the lists must not say
    "move 5" for the same game, so they count the moves played."""
    game = game_factory(now=timezone.now())
    type(game).objects.filter(pk=game.pk).update(move_number=5)
    services.watch_start(game_id=game.pk, user=spectator, now=timezone.now())
    client.force_login(spectator)
    browse = client.get(BROWSE).content.decode()
    status = client.get(reverse("games:status")).content.decode()
    for page in (browse, status.split('id="watching"')[1]):
        assert "5 moves played" in page
        assert "move 5<" not in page


def test_a_spectator_of_a_running_game_gets_no_empty_analysis_heading(
    client, game_factory, spectator
):
    game = game_factory(now=timezone.now())
    client.force_login(spectator)
    page = client.get(board_url(game)).content.decode()
    assert 'id="game-reviews-title"' not in page


def test_players_see_how_many_watch_and_no_watch_button(client, game_factory, black, spectator):
    game = game_factory(now=timezone.now())
    services.watch_start(game_id=game.pk, user=spectator, now=timezone.now())
    client.force_login(black)
    page = client.get(board_url(game)).content.decode()
    assert "1 player watches this game." in page
    assert "Watch this game" not in page


def test_players_of_an_unwatched_game_read_that_nobody_watches(client, game_factory, black):
    game = game_factory(now=timezone.now())
    client.force_login(black)
    page = client.get(board_url(game)).content.decode()
    assert "Nobody watches this game yet." in page
    assert "0 players watch" not in page


def test_watching_needs_a_login_and_a_public_game(client, game_factory, spectator):
    game = game_factory(now=timezone.now())
    response = client.post(reverse("games:watch", args=[game.pk]))
    assert response.status_code == 302 and "login" in response.url
    game.public = False
    game.save()
    client.force_login(spectator)
    assert client.post(reverse("games:watch", args=[game.pk])).status_code == 404


def test_a_comment_shows_to_spectators_and_hides_for_a_player_who_chose_so(
    client, game_factory, black, spectator
):
    game = game_factory(now=timezone.now())
    client.force_login(spectator)
    client.post(reverse("games:kibitz", args=[game.pk]), {"text": "What a fight"})
    page = client.get(board_url(game)).content.decode()
    assert "What a fight" in page
    assert f"(after move {game.move_number})" in page or "(before the first move)" in page
    client.force_login(black)
    assert b"What a fight" in client.get(board_url(game)).content
    response = client.post(reverse("games:kibitz_hide", args=[game.pk]), follow=True)
    assert b"What a fight" not in response.content
    assert b"Show them" in response.content
    response = client.post(reverse("games:kibitz_hide", args=[game.pk]), {"show": "1"}, follow=True)
    assert b"What a fight" in response.content


def test_a_player_s_comment_is_refused_while_they_play(client, game_factory, black):
    game = game_factory(now=timezone.now())
    client.force_login(black)
    response = client.post(reverse("games:kibitz", args=[game.pk]), {"text": "hi"}, follow=True)
    assert "chat instead" in messages_of(response)[0]


def test_a_comment_is_reported_to_the_moderators(client, game_factory, black, spectator):
    game = game_factory(now=timezone.now())
    line = services.kibitz_post(game_id=game.pk, user=spectator, text="spam", now=timezone.now())
    client.force_login(black)
    url = reverse("games:kibitz_report", args=[line.pk])
    assert client.get(url).status_code == 200
    assert client.post(url, {"reason": ""}).status_code == 400
    response = client.post(url, {"reason": "Advertising"}, follow=True)
    assert messages_of(response) == ["Your report was sent to the moderators."]
    [report] = Report.objects.all()
    assert (report.snapshot, report.reason, report.kind) == ("spam", "Advertising", "kibitz")
    assert report.url.endswith(f"/games/{game.pk}/#kibitz-{line.pk}")
    client.force_login(spectator)
    assert client.post(url, {"reason": "mine"}).status_code == 409
    assert client.get(reverse("games:kibitz_report", args=[10**9])).status_code == 404


def test_following_from_the_profile_fills_the_home_feed(client, game_factory, black, spectator):
    client.force_login(spectator)
    profile = reverse("profile_detail", args=[black.username])
    assert b"Follow kuro" in client.get(profile).content
    response = client.post(reverse("games:follow", args=[black.username]), follow=True)
    assert b"Stop following kuro" in response.content
    game = game_factory(now=timezone.now())
    home = client.get(reverse("home")).content.decode()
    assert "Players you follow" in home and game.get_absolute_url() in home
    client.post(reverse("games:follow", args=[black.username]), {"stop": "1"})
    assert game.get_absolute_url() not in client.get(reverse("home")).content.decode()
    assert client.post(reverse("games:follow", args=["nobody"])).status_code == 404
