"""`manage.py load_demo` gives a development machine players who can log in at once and a few
games between them, running and finished."""

import datetime as dt
import io

import pytest
from allauth.account.models import EmailAddress
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from demo.services import (
    DEMO_GAMES,
    DEMO_PASSWORD,
    DEMO_PLAYERS,
    demo_games_load,
    demo_users_load,
)
from games.models import Game, GameStatus
from ladder.ladders.models import Ladder, LadderEntry
from ladder.ratings.models import Rating

pytestmark = pytest.mark.django_db


def test_every_demo_player_has_one_verified_primary_address(django_user_model):
    usernames = demo_users_load()

    assert usernames == [player.username for player in DEMO_PLAYERS]
    for player in DEMO_PLAYERS:
        user = django_user_model.objects.get(username=player.username)
        assert user.check_password(DEMO_PASSWORD)
        assert user.display_name == player.display_name
        addresses = list(EmailAddress.objects.filter(user=user).values_list("email", "verified"))
        assert addresses == [(player.email, True)]
        assert EmailAddress.objects.get_primary(user).email == player.email


def test_loading_twice_changes_nothing_and_repairs_edits(django_user_model):
    demo_users_load()
    alice = django_user_model.objects.get(username="alice")
    alice.set_password("something-else")
    alice.save()
    EmailAddress.objects.filter(user=alice).update(verified=False)

    demo_users_load()

    assert django_user_model.objects.count() == len(DEMO_PLAYERS)
    assert EmailAddress.objects.count() == len(DEMO_PLAYERS)
    alice.refresh_from_db()
    assert alice.check_password(DEMO_PASSWORD)
    assert EmailAddress.objects.get(user=alice).verified


@pytest.mark.parametrize("login", ["bob", "bob@example.com"])
def test_a_demo_player_logs_in_by_username_or_email(client, login):
    demo_users_load()

    response = client.post(reverse("account_login"), {"login": login, "password": DEMO_PASSWORD})

    assert response.status_code == 302
    assert response.url == "/"
    assert client.get("/").context["user"].username == "bob"


def test_the_command_refuses_without_debug_unless_forced(settings, django_user_model):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="DEBUG is off"):
        call_command("load_demo")
    assert not django_user_model.objects.exists()

    call_command("load_demo", "--force")
    assert django_user_model.objects.count() == len(DEMO_PLAYERS)


NOW = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)


def test_demo_games_run_on_both_boards_and_one_is_finished_and_counted(
    django_capture_on_commit_callbacks, mailoutbox
):
    demo_users_load()
    with django_capture_on_commit_callbacks(execute=True):
        assert demo_games_load(now=NOW) == (len(DEMO_GAMES), 0)

    running = Game.objects.filter(status=GameStatus.PLAYING)
    assert running.count() == len(DEMO_GAMES) - 1
    assert {g.board_kind for g in running} == {"square", "hex"}
    for game, spec in zip(Game.objects.order_by("pk"), DEMO_GAMES, strict=True):
        assert (game.black.username, game.white.username) == (spec.black, spec.white)
        assert game.move_number == len(spec.moves)
        assert game.last_move_at < NOW
    for game in running:
        assert game.deadline > NOW  # every clock still runs when the demo is loaded
    finished = Game.objects.get(status=GameStatus.FINISHED)
    assert (finished.end_reason, finished.result) == ("passes", "B+1.5")
    assert finished.score["dead"] == ["ce"]  # White's invading stone at C5
    assert (finished.score["black"]["total"], finished.score["white"]["total"]) == (45, 43.5)
    # The move mails go out at the commit, when only each game's last move is news: at most
    # one "your turn" per running game and the result to both players of the finished one.
    assert 0 < len(mailoutbox) <= running.count() + 2


def test_loading_the_games_twice_adds_none(django_user_model):
    demo_users_load()
    demo_games_load(now=NOW)
    moves = dict(Game.objects.values_list("pk", "moves"))

    assert demo_games_load(now=NOW + dt.timedelta(days=1)) == (0, len(DEMO_GAMES))
    demo_users_load()

    assert dict(Game.objects.values_list("pk", "moves")) == moves


def test_a_demo_player_finds_their_games_on_the_status_page(client):
    demo_users_load()
    demo_games_load(now=timezone.now())
    client.post(reverse("account_login"), {"login": "alice", "password": DEMO_PASSWORD})

    page = client.get(reverse("games:status"))

    assert [(r["game"].board_label, r["my_turn"]) for r in page.context["rows"]] == [
        ("Go 9×9", True),
        ("Badux hex 6", True),
    ]
    assert [g.result for g in page.context["page"].object_list] == ["B+1.5"]
    assert page.content.count(b'class="bd-thumb"') == 2


def test_the_command_loads_players_and_games_once(settings):
    settings.DEBUG = True
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    assert f"demo games: {len(DEMO_GAMES)} created, 0 already there" in out.getvalue()
    call_command("load_demo", stdout=out)
    assert f"demo games: 0 created, {len(DEMO_GAMES)} already there" in out.getvalue()
    assert Game.objects.count() == len(DEMO_GAMES)


def test_the_demo_has_three_ladders_with_every_demo_player_once(settings):

    settings.DEBUG = True
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    call_command("load_demo", stdout=out)
    assert "demo ladders: 3 created" in out.getvalue()
    assert "demo ladders: 0 created" in out.getvalue()
    assert list(Ladder.objects.order_by("name").values_list("slug", flat=True)) == [
        "badux-6",
        "go-19",
        "go-9",
    ]
    for ladder in Ladder.objects.all():
        entries = LadderEntry.objects.filter(ladder=ladder).order_by("position")
        assert list(entries.values_list("position", flat=True)) == [1, 2, 3, 4]
    top = LadderEntry.objects.get(ladder__slug="go-19", position=1)
    assert top.user.username == "bob"
    # The finished demo game is rated: its players have a Go rating.
    assert set(Rating.objects.values_list("user__username", flat=True)) == {"alice", "carol"}
