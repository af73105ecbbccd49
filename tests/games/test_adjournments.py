"""Adjourned and annulled games (issue 38): a suspension that adjourns sets the player's running
games aside with both clocks stopped, the opponent may annul one (no result, unrated), and the
end of the suspension resumes them with the time each clock had left; a ban that annuls ends
every running game with no result."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from accounts.moderation.models import GamesChoice, SanctionKind
from accounts.moderation.selectors import Suspended
from accounts.moderation.services import sanction_lift, sanction_take, sanctions_end_due
from games.errors import MoveRefused
from games.models import EndReason, GameStatus
from games.pages.sgf import game_sgf
from games.selectors.play import clock_time_left
from games.services import play
from games.services.adjournments import game_annul
from games.services.sweeps import clocks_sweep
from games.services.vacations import vacation_start, vacation_stop
from messaging.notifications.models import Notification
from tests.games.conftest import NOW
from tests.games.helpers import board_url, messages_of

pytestmark = pytest.mark.django_db
DAY = dt.timedelta(days=1)
HOUR = dt.timedelta(hours=1)


@pytest.fixture
def moderator(user_factory):
    return user_factory(username="judge", is_staff=True)


def _suspend(moderator, user, *, now=NOW, ends_at=None, games=GamesChoice.ADJOURN):
    return sanction_take(
        moderator=moderator,
        user=user,
        kind=SanctionKind.SUSPEND,
        reason="Insults in chat.",
        now=now,
        ends_at=ends_at or now + 2 * DAY,
        games=games,
    )


def test_a_suspension_that_adjourns_stops_both_kinds_of_clock_and_refuses_moves(
    game_factory, black, white, moderator, django_capture_on_commit_callbacks
):
    mine = game_factory(clock_days=3)  # black, the suspended player, to move
    theirs = game_factory(moves=("E5",), clock_days=3)  # white to move
    later = NOW + 5 * HOUR
    left = {g.pk: clock_time_left(game=g, colour=g.to_move, now=later) for g in (mine, theirs)}
    with django_capture_on_commit_callbacks(execute=True):
        _suspend(moderator, black, now=later)
    for game in (mine, theirs):
        game.refresh_from_db()
        assert game.status == GameStatus.PLAYING and game.is_adjourned
        assert (game.deadline, game.warn_at) == (None, None)
        assert game.clock_left == left[game.pk]
    with pytest.raises(MoveRefused) as refused:
        play.game_move(game_id=theirs.pk, user=white, point="C3", expected_move_number=1, now=later)
    assert refused.value.code == "adjourned"
    # The opponent is told; the suspended player hears from the moderators instead.
    told = Notification.objects.filter(event="game_adjourned")
    assert {n.user_id for n in told} == {white.pk}
    assert "annul" in told.first().text
    # Neither the time-out sweep nor the warnings touch them, however late.
    clocks_sweep(now=NOW + 60 * DAY)
    theirs.refresh_from_db()
    assert theirs.status == GameStatus.PLAYING and theirs.is_adjourned


def test_the_end_of_the_suspension_resumes_with_the_time_left_and_tells_both(
    game_factory, black, white, moderator, django_capture_on_commit_callbacks
):
    game = game_factory(moves=("E5",), clock_days=3)
    at = NOW + 7 * HOUR
    left = clock_time_left(game=game, colour=game.to_move, now=at)
    _suspend(moderator, black, now=at, ends_at=at + DAY)
    end = at + DAY + HOUR
    with django_capture_on_commit_callbacks(execute=True):
        assert sanctions_end_due(now=end) == 1
    game.refresh_from_db()
    assert not game.is_adjourned and game.adjourned is None
    assert game.clock_started == end and game.clock_left == left
    assert clock_time_left(game=game, colour=game.to_move, now=end) == left
    assert game.deadline is not None and game.deadline > end
    told = Notification.objects.filter(event="game_adjourned", key__startswith="resumed:")
    assert {n.user_id for n in told} == {black.pk, white.pk}
    play.game_move(game_id=game.pk, user=white, point="C3", expected_move_number=1, now=end)


def test_a_lift_resumes_too_but_not_while_the_opponent_is_also_adjourned(
    game_factory, black, white, moderator
):
    game = game_factory(clock_days=3)
    own = _suspend(moderator, black)
    other = _suspend(moderator, white)
    sanction_lift(moderator=moderator, sanction_id=own.pk, reason="Mistake.", now=NOW + HOUR)
    game.refresh_from_db()
    assert game.is_adjourned  # white's suspension still adjourns it
    sanction_lift(moderator=moderator, sanction_id=other.pk, reason="Ok.", now=NOW + 2 * HOUR)
    game.refresh_from_db()
    assert not game.is_adjourned and game.deadline is not None


def test_a_vacation_ending_does_not_restart_an_adjourned_clock(
    game_factory, black, white, moderator
):
    game = game_factory(moves=("E5",), clock_days=3, vacation_allowed=True)
    from games.models import Vacation

    Vacation.objects.update_or_create(user=white, defaults={"balance": 10 * DAY, "balance_at": NOW})
    vacation_start(user=white, now=NOW)
    _suspend(moderator, black, now=NOW + HOUR)
    vacation_stop(user=white, now=NOW + 2 * HOUR)
    game.refresh_from_db()
    assert game.is_adjourned and game.deadline is None


def test_the_opponent_annuls_an_adjourned_game_no_result_no_rating(
    game_factory, black, white, moderator
):
    game = game_factory(moves=("E5",), rated=True)
    _suspend(moderator, black)
    with pytest.raises(Suspended):  # the suspended player may not
        game_annul(game_id=game.pk, user=black, now=NOW + HOUR)
    game_annul(game_id=game.pk, user=white, now=NOW + HOUR)
    game.refresh_from_db()
    assert (game.status, game.end_reason, game.result) == (
        GameStatus.FINISHED,
        EndReason.ANNULLED,
        "Void",
    )
    assert game.result_label == "Annulled" and game.is_annulled
    assert "RE[Void]" in game_sgf(game=game)
    from ladder.ratings.models import RatingChange

    assert not RatingChange.objects.exists()
    with pytest.raises(MoveRefused) as refused:  # only once, and only an adjourned game
        game_annul(game_id=game.pk, user=white, now=NOW + HOUR)
    assert refused.value.code == "not_adjourned"


def test_a_running_game_cannot_be_annulled(game_factory, white):
    game = game_factory()
    with pytest.raises(MoveRefused):
        game_annul(game_id=game.pk, user=white, now=NOW)


def test_a_ban_that_annuls_ends_every_running_game_with_no_result(
    game_factory, black, white, moderator, django_capture_on_commit_callbacks
):
    from games.watching.services import watch_start

    first, second = game_factory(rated=True), game_factory(moves=("E5",), rated=True)
    watch_start(game_id=second.pk, user=moderator, now=NOW)
    with django_capture_on_commit_callbacks(execute=True):
        sanction_take(
            moderator=moderator,
            user=black,
            kind=SanctionKind.BAN,
            reason="Cheating.",
            now=NOW,
            games=GamesChoice.ANNUL,
        )
    from ladder.ratings.models import Rating, RatingChange

    for game in (first, second):
        game.refresh_from_db()
        assert (game.status, game.end_reason, game.result) == (
            GameStatus.FINISHED,
            EndReason.ANNULLED,
            "Void",
        )
    assert not RatingChange.objects.exists() and not Rating.objects.exists()
    over = Notification.objects.filter(user=white, event="game_over")
    assert over.count() == 2 and all("Annulled" in n.text for n in over)
    # Said once, without the SGF's "Void" or the end reason again in brackets.
    for notice in [*over, *Notification.objects.filter(user=moderator, key__contains="over")]:
        assert notice.text.lower().count("annulled") == 1 and "Void" not in notice.text
    watched = Notification.objects.get(user=moderator, text__contains="that you watch")
    assert "is over: Annulled, with no result." in watched.text


@pytest.mark.parametrize(
    ("kind", "games"),
    [(SanctionKind.BAN, GamesChoice.ADJOURN), (SanctionKind.SUSPEND, GamesChoice.ANNUL)],
)
def test_each_choice_fits_its_decision_only(black, moderator, kind, games):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError):
        sanction_take(moderator=moderator, user=black, kind=kind, reason="x", now=NOW, games=games)


def test_the_game_page_shows_adjourned_and_annuls_after_asking(
    client, game_factory, black, white, moderator
):
    now = dt.datetime.now(dt.UTC)
    game = game_factory(moves=("E5",), now=now)
    _suspend(moderator, black, now=now)
    client.force_login(white)
    page = client.get(board_url(game)).content.decode()
    annul_url = reverse("games:annul", args=[game.pk])
    assert "Adjourned" in page and annul_url in page
    asked = client.post(annul_url)  # without the confirmation: asks, changes nothing
    assert asked.status_code == 200 and "Yes, annul the game" in asked.content.decode()
    game.refresh_from_db()
    assert game.is_adjourned
    done = client.post(annul_url, {"confirm": "yes"}, follow=True)
    assert "annulled" in " ".join(messages_of(done))
    game.refresh_from_db()
    assert game.is_annulled
    assert "Annulled" in client.get(board_url(game)).content.decode()
    client.force_login(black)  # the suspended player is offered nothing
    status = client.get(reverse("games:status")).content.decode()
    assert "Annulled" in status


def test_the_kept_game_page_changes_when_the_viewer_may_annul(
    client, game_factory, black, white, moderator
):
    """Both players suspended: the game stays adjourned when white's suspension is lifted, and
    white's page, kept by its tag, now offers to annul it."""
    now = dt.datetime.now(dt.UTC)
    game = game_factory(moves=("E5",), now=now)
    _suspend(moderator, black, now=now)
    own = _suspend(moderator, white, now=now)
    Notification.objects.update(read=True)
    client.force_login(white)
    annul_url = reverse("games:annul", args=[game.pk])
    first = client.get(board_url(game))
    assert annul_url not in first.content.decode()
    sanction_lift(moderator=moderator, sanction_id=own.pk, reason="Mistake.", now=now)
    Notification.objects.update(read=True)  # the header's counts are in the tag too
    game.refresh_from_db()
    assert game.is_adjourned
    again = client.get(board_url(game), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200 and annul_url in again.content.decode()


def test_the_position_in_words_says_adjourned_not_your_turn(
    client, game_factory, black, white, moderator
):
    now = dt.datetime.now(dt.UTC)
    game = game_factory(moves=("E5",), now=now)  # white to move
    _suspend(moderator, black, now=now)
    client.force_login(white)
    page = client.get(board_url(game)).content.decode()
    assert "The game is adjourned: nobody moves until it resumes." in page
    assert "Your turn." not in page and "White to play, move 2." not in page


def test_a_game_started_for_a_suspended_player_starts_adjourned_and_resumes_with_its_time(
    black, white, moderator, django_capture_on_commit_callbacks
):
    from games.game_settings import GameSettings

    own = _suspend(moderator, black)
    with django_capture_on_commit_callbacks(execute=True):
        game = play.game_start(
            black=black,
            white=white,
            now=NOW + HOUR,
            settings=GameSettings(board_kind="square", board_size=9, clock_days=3),
        )
    assert game.is_adjourned and (game.deadline, game.warn_at) == (None, None)
    assert not Notification.objects.filter(event="your_turn").exists()
    told = Notification.objects.filter(event="game_adjourned")
    assert {n.user_id for n in told} == {white.pk}
    sanction_lift(moderator=moderator, sanction_id=own.pk, reason="Over.", now=NOW + 2 * DAY)
    game.refresh_from_db()
    assert not game.is_adjourned
    assert game.deadline == NOW + 2 * DAY + dt.timedelta(days=3)


def test_the_status_page_says_adjourned(client, game_factory, black, white, moderator):
    now = dt.datetime.now(dt.UTC)
    game_factory(now=now)
    _suspend(moderator, black, now=now)
    client.force_login(white)
    assert "Adjourned" in client.get(reverse("games:status")).content.decode()


def test_no_your_turn_notice_goes_out_for_an_adjourned_game(game_factory, black, moderator):
    from games.selectors.play import notices_missing
    from games.tasks.play import notify_turn

    now = dt.datetime.now(dt.UTC)
    game = game_factory(now=now - dt.timedelta(minutes=30))
    _suspend(moderator, black, now=now)
    assert notify_turn(game.pk, 0) is False
    turns, _ = notices_missing(now=now)
    assert game.pk not in [pk for pk, _ in turns]


def test_an_unread_your_turn_notice_is_read_once_the_game_is_adjourned(
    game_factory, black, white, moderator, django_capture_on_commit_callbacks
):
    from games.tasks.play import notify_turn

    now = dt.datetime.now(dt.UTC)
    game = game_factory(moves=("E5",), now=now - dt.timedelta(minutes=30))  # white to move
    assert notify_turn(game.pk, 1) is True
    turn = Notification.objects.get(user=white, key__startswith=f"turn:{game.pk}:")
    assert not turn.read
    with django_capture_on_commit_callbacks(execute=True):
        _suspend(moderator, black, now=now)
    turn.refresh_from_db()
    assert turn.read  # the badge no longer counts a turn nobody may play
    assert Notification.objects.filter(user=white, event="game_adjourned", read=False).exists()


def test_the_game_over_mail_of_an_annulled_game_says_annulled(game_factory, black, white):
    from django.template.loader import render_to_string

    from games.mail import game_over_mail
    from games.services.adjournments import games_annul

    game = game_factory(moves=("E5",))
    games_annul(user_id=black.pk, now=NOW)
    game.refresh_from_db()
    mail = game_over_mail(game=game, player=white)
    assert "Annulled" in mail.subject
    for suffix in ("html", "txt"):
        body = render_to_string(f"{mail.template}.{suffix}", mail.context)
        assert "Annulled" in body and "no result" in body and "draw" not in body


def test_an_annulled_game_reads_no_result_on_the_players_profiles_never_lost(
    client, game_factory, black, white, moderator
):
    game = game_factory(moves=("E5",))
    _suspend(moderator, black)
    game_annul(game_id=game.pk, user=white, now=NOW + HOUR)
    for player in (black, white):
        body = client.get(reverse("profile_detail", args=[player.username])).content.decode()
        assert "(no result)" in body
        assert "Void" not in body and "<strong>lost</strong>" not in body


def _suspend_beside_two_games(game_factory, black, white, user_factory, moderator, now):
    """White's three games: one adjourned on White's turn (Black suspended), one on White's
    turn and one on the other player's turn, both against a third player."""
    third = user_factory(username="third")
    adjourned = game_factory(moves=("E5",), now=now)
    mine = game_factory(black=third, moves=("E5",), now=now)
    theirs = game_factory(black=white, white=third, moves=("E5",), now=now)
    _suspend(moderator, black, now=now)
    adjourned.refresh_from_db()
    assert adjourned.is_adjourned and adjourned.to_move == 2  # White's move, had it run
    return adjourned, mine, theirs


def test_an_adjourned_game_is_nobodys_turn_in_the_counts_and_sorts_last(
    client, game_factory, black, white, user_factory, moderator
):
    from games.selectors.records import PlayerGames, player_games_count
    from games.selectors.status import games_running_for, games_running_page_for

    now = dt.datetime.now(dt.UTC)
    adjourned, mine, theirs = _suspend_beside_two_games(
        game_factory, black, white, user_factory, moderator, now
    )
    assert player_games_count(user=white) == PlayerGames(running=3, my_turn=1, finished=0)
    order = [mine.pk, theirs.pk, adjourned.pk]
    assert [g.pk for g in games_running_for(user=white)] == order
    page = games_running_page_for(user=white, number=1, size=30)
    assert [g.pk for g in page.object_list] == order
    client.force_login(white)
    home = " ".join(client.get("/").content.decode().split())
    assert "It is your turn in <strong>1 game</strong> of 3 running." in home
    # The status page's Next game and the API's list agree: the adjourned game is not first.
    next_url = client.get(reverse("games:next"))
    assert next_url.url == board_url(mine)


def test_an_adjourned_card_says_adjourned_with_the_move_instead_of_the_turn(
    client, game_factory, black, white, user_factory, moderator
):
    now = dt.datetime.now(dt.UTC)
    adjourned, mine, _ = _suspend_beside_two_games(
        game_factory, black, white, user_factory, moderator, now
    )
    client.force_login(white)
    page = client.get(reverse("games:status")).content.decode()
    cards = page.split('<li class="game-card')[1:]
    assert len(cards) == 3
    first, last = cards[0], cards[-1]
    assert first.startswith(' your-turn">') and board_url(mine) in first
    assert board_url(adjourned) in last and not last.startswith(" your-turn")
    assert (
        '<p><strong class="adjourned-tag">Adjourned</strong>, move 2; you play White.</p>' in last
    )
    assert "Your turn" not in last and "Their turn" not in last
    assert "Set aside by the moderators while a player is suspended" in last
    assert last.count("Adjourned") == 1


def test_an_annulled_game_says_annulled_once_on_its_page_and_in_the_finished_list(
    client, game_factory, black, white, moderator
):
    import re

    now = dt.datetime.now(dt.UTC)
    game = game_factory(moves=("E5",), now=now)
    _suspend(moderator, black, now=now)
    game_annul(game_id=game.pk, user=white, now=now)
    client.force_login(white)
    page = client.get(board_url(game)).content.decode()
    (section,) = re.findall(r'<section class="card game-result".*?</section>', page, re.S)
    text = " ".join(re.sub(r"<[^>]+>", " ", section).split())
    assert text.lower().count("annulled") == 1, text
    assert "Result: Annulled" in text and "nobody won and the game is not rated" in text
    status = client.get(reverse("games:status")).content.decode()
    (row,) = re.findall(rf'<tr>\s*<td><a href="{board_url(game)}">.*?</tr>', status, re.S)
    assert row.lower().count("annulled") == 1 and "Void" not in row
