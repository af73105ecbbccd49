"""What a moderator's decision does in games: a muted player's chat and challenges to strangers
are refused with the reason, a suspended player cannot play (pages, play by e-mail), a
suspension may stop their clocks until it ends, a ban may resign their games; chat lines and
results are reported to the moderators' queue."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from accounts.models import RelationKind
from accounts.moderation.models import Report, ReportKind, SanctionKind
from accounts.moderation.selectors import Muted, Suspended
from accounts.moderation.services import sanction_take, sanctions_end_due
from accounts.services import relation_set
from games.game_settings import GameSettings
from games.inbound.services import inbound_mail_handle
from games.models import GameChat, GameStatus
from games.services import challenges, chat, corrections, play
from tests.games.conftest import NOW
from tests.games.helpers import board_url, messages_of
from tests.games.inbound.helpers import address_for, reply_bytes

pytestmark = pytest.mark.django_db
DAY = dt.timedelta(days=1)


@pytest.fixture
def moderator(user_factory):
    return user_factory(username="judge", is_staff=True)


def _decide(moderator, user, kind, *, now=NOW, **options):
    options.setdefault("ends_at", now + DAY)
    return sanction_take(
        moderator=moderator, user=user, kind=kind, reason="Insults in chat.", now=now, **options
    )


def test_a_muted_player_chat_is_refused_on_the_board_with_the_reason(
    client, game_factory, black, moderator
):
    game = game_factory()
    _decide(moderator, black, SanctionKind.MUTE, now=dt.datetime.now(dt.UTC))
    client.force_login(black)
    response = client.post(reverse("games:chat", args=[game.pk]), {"text": "hello"}, follow=True)
    assert response.status_code == 200
    (said,) = messages_of(response)
    assert "You are muted" in said and "Insults in chat." in said
    assert not GameChat.objects.exists()
    with pytest.raises(Muted):
        chat.game_chat_post(game_id=game.pk, user=black, text="hi", now=NOW)


def test_a_muted_player_may_challenge_buddies_only(black, white, user_factory, moderator):
    _decide(moderator, black, SanctionKind.MUTE)
    settings = GameSettings(board_kind="square", board_size=9)
    with pytest.raises(Muted):
        challenges.challenge_create(creator=black, settings=settings, now=NOW)  # open: anyone
    with pytest.raises(Muted):
        challenges.challenge_create(creator=black, settings=settings, now=NOW, recipient=white)
    relation_set(owner=white, target=black, kind=RelationKind.BUDDY, now=NOW)
    assert challenges.challenge_create(
        creator=black, settings=settings, now=NOW, recipient=white
    ).pk


def test_a_suspended_player_cannot_move_on_the_page_or_challenge(
    client, game_factory, black, moderator
):
    now = dt.datetime.now(dt.UTC)
    game = game_factory(now=now)
    _decide(moderator, black, SanctionKind.SUSPEND, now=now)
    client.force_login(black)
    response = client.post(
        reverse("games:move", args=[game.pk]), {"point": "E5", "move_number": 0}, follow=True
    )
    assert response.status_code in (200, 403)
    assert "You are suspended" in response.content.decode()
    game.refresh_from_db()
    assert game.move_number == 0
    with pytest.raises(Suspended):
        play.game_resign(game_id=game.pk, user=black, expected_move_number=None, now=now)
    with pytest.raises(Suspended):
        challenges.challenge_create(
            creator=black, settings=GameSettings(board_kind="square", board_size=9), now=now
        )


def test_a_suspended_player_move_by_mail_is_answered_with_the_reason(
    game_factory, black, moderator, settings, django_capture_on_commit_callbacks
):
    settings.INBOUND_MAIL_DOMAIN = "play.example.org"
    game = game_factory()
    _decide(moderator, black, SanctionKind.SUSPEND)
    raw = reply_bytes("E5", sender=black.email)
    with django_capture_on_commit_callbacks(execute=True):
        result = inbound_mail_handle(raw=raw, recipient=address_for(game, black), now=NOW)
    assert result.outcome == "restricted"
    detail = result.mail.detail
    assert "You are suspended" in detail and "Insults in chat." in detail
    game.refresh_from_db()
    assert game.move_number == 0


def test_a_suspension_stops_the_clocks_until_it_ends(game_factory, black, white, moderator):
    game = game_factory(moves=("E5",), clock_days=3)  # white to move
    _decide(moderator, white, SanctionKind.SUSPEND, games="stop")
    game.refresh_from_db()
    assert game.deadline is None and game.clock_left > dt.timedelta(days=2)
    # Black's games where the suspended white is not to move: white's clock stays stopped at
    # the next turn too.
    other = game_factory(clock_days=3)
    play.game_move(
        game_id=other.pk,
        user=black,
        point=other.topology.parse("E5"),
        expected_move_number=0,
        now=NOW + dt.timedelta(hours=1),
    )
    other.refresh_from_db()
    assert other.deadline is None
    sanctions_end_due(now=NOW + DAY)
    game.refresh_from_db()
    other.refresh_from_db()
    assert game.deadline is not None and game.deadline > NOW + DAY
    assert other.deadline is not None


def test_a_ban_that_resigns_ends_every_running_game(game_factory, black, white, moderator):
    first, second = game_factory(), game_factory(moves=("E5",))
    _decide(moderator, black, SanctionKind.BAN, games="resign")
    for game in (first, second):
        game.refresh_from_db()
        assert game.status == GameStatus.FINISHED and game.result == "W+R"


def test_a_chat_line_is_reported_with_a_copy_kept_after_it_is_deleted(
    client, game_factory, black, white
):
    game = game_factory()
    line = chat.game_chat_post(game_id=game.pk, user=white, text="you are bad", now=NOW)
    client.force_login(black)
    board = client.get(board_url(game))
    url = reverse("games:chat_report", args=[game.pk, line.pk])
    assert url.encode() in board.content
    assert client.get(url).status_code == 200
    response = client.post(url, {"reason": "Insult."})
    assert response.status_code == 302
    line.delete()
    report = Report.objects.get()
    assert (report.kind, report.snapshot, report.reported_user, report.reporter) == (
        ReportKind.CHAT,
        "you are bad",
        white,
        black,
    )
    assert report.url.endswith(f"/games/{game.pk}/#chat")
    client.force_login(white)
    assert client.post(url, {"reason": "mine"}).status_code == 404  # the line is gone


def test_a_result_report_also_lands_in_the_queue(game_factory, black, white):
    game = game_factory(moves=("pass", "pass"))
    corrections.scoring_report_file(game_id=game.pk, user=black, reason="Dead stones.", now=NOW)
    report = Report.objects.get()
    assert (report.kind, report.reported_user, report.reason) == (
        ReportKind.RESULT,
        white,
        "Dead stones.",
    )
