"""Watch and follow, the writes: watching a game and its notices (one outbox row per move for
all watchers), following a player, spectators' comments, hiding and reporting them."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from accounts.moderation.models import Report
from accounts.moderation.services import ReportRefused
from core.limits import RateLimited
from core.outbox import OutboxTask
from games.errors import NoSuchGame
from games.models import GameWatch, Kibitz, PlayerFollow
from games.services import play as play_service
from games.watching import services
from games.watching.notifications import WATCHED_GAME
from games.watching.selectors import kibitz_hidden_for
from games.watching.tasks import notify_watchers
from messaging.models import Notification
from tests.games.conftest import NOW, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def spectators(user_factory):
    return [user_factory(username=f"watcher{i}") for i in range(3)]


def _watcher_rows(callbacks) -> list[str]:
    rows = [cb.keywords["row"] for cb in callbacks if "row" in getattr(cb, "keywords", {})]
    return [row.task for row in rows if row.task == "games.notify_watchers"]


def test_a_spectator_watches_a_public_game_once(game_factory, spectators):
    game = game_factory()
    first = services.watch_start(game_id=game.pk, user=spectators[0], now=NOW)
    again = services.watch_start(game_id=game.pk, user=spectators[0], now=NOW)
    assert first.pk == again.pk
    assert GameWatch.objects.filter(game=game).count() == 1
    assert services.watch_stop(game_id=game.pk, user=spectators[0]) is True
    assert services.watch_stop(game_id=game.pk, user=spectators[0]) is False


def test_players_cannot_watch_their_game_and_private_games_are_not_found(
    game_factory, black, spectators
):
    game = game_factory()
    with pytest.raises(ValidationError):
        services.watch_start(game_id=game.pk, user=black, now=NOW)
    hidden = game_factory()
    hidden.public = False
    hidden.save()
    with pytest.raises(NoSuchGame):
        services.watch_start(game_id=hidden.pk, user=spectators[0], now=NOW)
    with pytest.raises(NoSuchGame):
        services.watch_start(game_id=10**9, user=spectators[0], now=NOW)


def test_a_move_leaves_one_outbox_row_for_all_its_watchers(
    game_factory, spectators, django_capture_on_commit_callbacks
):
    game = game_factory()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        game = play(game, "E5", NOW)
    assert _watcher_rows(callbacks) == []  # nobody watches: no row at all
    for spectator in spectators:
        services.watch_start(game_id=game.pk, user=spectator, now=NOW)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        game = play(game, "D4", NOW)
    assert _watcher_rows(callbacks) == ["games.notify_watchers"]
    assert OutboxTask.objects.filter(task="games.notify_watchers").count() == 1


def test_each_watcher_gets_the_move_in_their_notices_by_the_digest(
    game_factory, black, white, spectators, django_capture_on_commit_callbacks
):
    game = game_factory()
    services.watch_start(game_id=game.pk, user=spectators[0], now=NOW)
    services.watch_start(game_id=game.pk, user=spectators[1], now=NOW)
    with django_capture_on_commit_callbacks(execute=True):
        play(game, "E5", NOW)
    notices = Notification.objects.filter(event=WATCHED_GAME)
    assert sorted(n.user_id for n in notices) == [spectators[0].pk, spectators[1].pk]
    notice = notices.first()
    assert "Black played E5 at move 1." in notice.text
    assert notice.url == game.get_absolute_url()
    assert notice.channel == "digest"
    assert not Notification.objects.filter(event=WATCHED_GAME, user__in=[black, white]).exists()


def test_the_end_of_a_watched_game_reaches_its_watchers_and_the_task_is_safe_twice(
    game_factory, white, spectators, django_capture_on_commit_callbacks
):
    game = game_factory(moves=("E5",))
    services.watch_start(game_id=game.pk, user=spectators[0], now=NOW)
    with django_capture_on_commit_callbacks(execute=True):
        play_service.game_resign(game_id=game.pk, user=white, expected_move_number=1, now=NOW)
    [notice] = Notification.objects.filter(event=WATCHED_GAME)
    assert "is over: B+R" in notice.text
    assert notify_watchers(game.pk, 1, "finished") == 1
    assert Notification.objects.filter(event=WATCHED_GAME).count() == 1


def test_following_a_player(user_factory, black, white):
    follow = services.follow_start(follower=black, followed=white, now=NOW)
    assert services.follow_start(follower=black, followed=white, now=NOW).pk == follow.pk
    with pytest.raises(ValidationError):
        services.follow_start(follower=black, followed=black, now=NOW)
    assert services.follow_stop(follower=black, followed=white) is True
    assert not PlayerFollow.objects.exists()


def test_spectators_comment_and_players_chat_while_the_game_runs(
    game_factory, black, white, spectators
):
    game = game_factory(moves=("E5",))
    line = services.kibitz_post(game_id=game.pk, user=spectators[0], text="  Bold  ", now=NOW)
    assert (line.text, line.move_number) == ("Bold", 1)
    with pytest.raises(ValidationError, match="chat"):
        services.kibitz_post(game_id=game.pk, user=black, text="hi", now=NOW)
    for text in ("", "   ", "\x00", "x" * 501):
        with pytest.raises(ValidationError):
            services.kibitz_post(game_id=game.pk, user=spectators[1], text=text, now=NOW)
    play_service.game_resign(game_id=game.pk, user=white, expected_move_number=1, now=NOW)
    services.kibitz_post(game_id=game.pk, user=black, text="Thanks for watching", now=NOW)
    assert Kibitz.objects.filter(game=game).count() == 2


def test_spectators_comments_are_flood_limited(game_factory, spectators, settings):
    settings.FLOOD_LIMITS = {"kibitz": (2, 60)}
    game = game_factory()
    for text in ("one", "two"):
        services.kibitz_post(game_id=game.pk, user=spectators[0], text=text, now=NOW)
    with pytest.raises(RateLimited):
        services.kibitz_post(game_id=game.pk, user=spectators[0], text="three", now=NOW)
    services.kibitz_post(game_id=game.pk, user=spectators[1], text="mine", now=NOW)


def test_no_comment_on_a_private_game(game_factory, spectators):
    game = game_factory()
    game.public = False
    game.save()
    with pytest.raises(NoSuchGame):
        services.kibitz_post(game_id=game.pk, user=spectators[0], text="hi", now=NOW)


def test_a_player_hides_spectators_comments_and_shows_them_again(black):
    services.kibitz_hidden_set(user=black, hidden=True, now=NOW)
    services.kibitz_hidden_set(user=black, hidden=True, now=NOW)
    assert kibitz_hidden_for(user=black) is True
    services.kibitz_hidden_set(user=black, hidden=False, now=NOW)
    assert kibitz_hidden_for(user=black) is False


def test_a_comment_is_reported_to_the_moderators_with_a_copy_of_it(game_factory, black, spectators):
    game = game_factory()
    line = services.kibitz_post(game_id=game.pk, user=spectators[0], text="rude words", now=NOW)
    report = services.kibitz_report(
        kibitz_id=line.pk, user=black, reason="Insults", link="https://x/1", now=NOW
    )
    assert (report.kind, report.reported_user, report.reporter) == ("kibitz", spectators[0], black)
    assert (report.snapshot, report.reason, report.url) == ("rude words", "Insults", "https://x/1")
    assert report.target_id == line.pk
    with pytest.raises(ReportRefused):  # the same again, while the first is open
        services.kibitz_report(kibitz_id=line.pk, user=black, reason="Again", link="", now=NOW)
    with pytest.raises(ReportRefused):  # one's own
        services.kibitz_report(kibitz_id=line.pk, user=spectators[0], reason="me", link="", now=NOW)
    with pytest.raises(ValidationError):
        services.kibitz_report(kibitz_id=line.pk, user=spectators[1], reason=" ", link="", now=NOW)
    assert Report.objects.count() == 1


def test_a_muted_player_cannot_comment(game_factory, spectators, monkeypatch):
    game = game_factory()

    def muted(*, user, now):
        raise ValidationError("muted")

    monkeypatch.setattr(services, "moderation_speech_check", muted)
    with pytest.raises(ValidationError, match="muted"):
        services.kibitz_post(game_id=game.pk, user=spectators[0], text="hi", now=NOW)
    assert not Kibitz.objects.exists()
