"""Closing an account: the password again and the confirmation first; running games resigned
at once, sessions ended; logging in within the grace period restores it; after it the sweep
erases it and the row stays as the placeholder."""

from __future__ import annotations

import datetime as dt

import pytest
from allauth.account.models import EmailAddress
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from accounts.api.tokens import api_token_create
from accounts.data import erasure
from accounts.data.models import AccountClosure
from accounts.models import User
from games.models import GameStatus
from messaging.messages.models import Message
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

CLOSE = {"password": PASSWORD, "confirm": "yes"}


def test_the_page_says_what_happens_and_asks_for_the_password(client, user_factory, settings):
    settings.ACCOUNT_CLOSE_GRACE_DAYS = 9
    player = user_factory()
    client.force_login(player)
    page = client.get(reverse("account_close")).content.decode()
    assert "resigned at once" in page and "9 days" in page
    assert 'name="password"' in page and 'name="confirm" value="yes"' in page


@pytest.mark.parametrize(
    "data",
    [{"password": PASSWORD}, {"password": "wrong-one", "confirm": "yes"}, {"confirm": "yes"}],
)
def test_without_the_password_or_the_confirmation_nothing_closes(client, user_factory, data):
    player = user_factory()
    client.force_login(player)
    response = client.post(reverse("account_close"), data)
    assert response.status_code == 200 and b'name="password"' in response.content
    assert not AccountClosure.objects.exists()


def test_the_reauthentication_is_rate_limited(client, user_factory):
    player = user_factory()
    client.force_login(player)
    for _ in range(10):
        client.post(reverse("account_close"), {"password": "wrong", "confirm": "yes"})
    response = client.post(reverse("account_close"), CLOSE)
    assert b"Too many attempts" in response.content
    assert not AccountClosure.objects.exists()


def test_closing_resigns_running_games_revokes_tokens_and_ends_every_session(
    client, user_factory, game_factory, django_capture_on_commit_callbacks
):
    player, other = user_factory(), user_factory()
    game = game_factory(black=player, white=other, moves=("D4",))
    token, _raw = api_token_create(user=player, name="bot", scope="play", now=timezone.now())
    elsewhere = Client()
    elsewhere.force_login(player)
    client.force_login(player)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("account_close"), CLOSE)
    assert b"Your account is closed" in response.content
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and game.result == "W+R"
    closure = AccountClosure.objects.get(user=player)
    assert closure.erase_at - closure.requested == dt.timedelta(days=7)
    assert Session.objects.count() == 0
    token.refresh_from_db()
    assert token.revoked is not None
    assert elsewhere.get(reverse("data_page")).status_code == 302  # logged out there too


def test_logging_in_within_the_grace_period_restores_the_account(
    client, user_factory, django_capture_on_commit_callbacks
):
    player = user_factory()
    client.force_login(player)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("account_close"), CLOSE)
    response = client.post(
        reverse("account_login"), {"login": player.username, "password": PASSWORD}, follow=True
    )
    assert b"your account is restored" in response.content
    assert not AccountClosure.objects.exists()
    later = timezone.now() + dt.timedelta(days=30)
    assert erasure.account_erase_sweep(now=later) == 0
    player.refresh_from_db()
    assert player.erased is None and player.is_active


def test_after_the_grace_period_the_sweep_erases_and_the_placeholder_stays(
    client, user_factory, history, django_capture_on_commit_callbacks
):
    player = user_factory(display_name="Ann", bio="I like hexagons")
    made = history(player, games=2)
    client.force_login(player)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("account_close"), CLOSE)
    closure = AccountClosure.objects.get()
    assert erasure.account_erase_sweep(now=closure.erase_at - dt.timedelta(seconds=1)) == 0
    with django_capture_on_commit_callbacks(execute=True):
        assert erasure.account_erase_sweep(now=closure.erase_at) == 1
    assert erasure.account_erase_sweep(now=closure.erase_at) == 0  # once
    player.refresh_from_db()
    assert player.username == f"deleted-{player.pk}" and player.email == ""
    assert not player.has_usable_password() and not player.is_active and player.bio == ""
    with translation.override("en"):
        assert str(player) == f"deleted player {player.pk}"
    assert not EmailAddress.objects.filter(user=player).exists()
    assert not Message.objects.filter(author=player).exists()
    assert Message.objects.filter(body="Yes, thanks!").count() == len(made["opponents"])
    for game in made["games"]:
        game.refresh_from_db()
        assert player.pk in (game.black_id, game.white_id) and game.result  # resigned, kept
    response = client.post(
        reverse("account_login"), {"login": f"deleted-{player.pk}", "password": PASSWORD}
    )
    assert "_auth_user_id" not in client.session
    assert response.status_code == 200
    assert User.objects.filter(pk=player.pk).exists()


def test_ending_the_sessions_reads_the_players_own_rows_not_every_session(
    user_factory, django_assert_max_num_queries
):
    from allauth.usersessions.models import UserSession
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from accounts.data.closures import sessions_end

    player = user_factory()
    others = [Client() for _ in range(3)]
    for browser in [*others, Client()]:
        browser.force_login(user_factory())
    mine = [Client(), Client()]
    for browser in mine:
        browser.force_login(player)
        browser.get(reverse("data_page"))
    assert UserSession.objects.filter(user=player).count() == 2
    with CaptureQueriesContext(connection) as queries:
        assert sessions_end(user_id=player.pk) == 2
    reads = [q["sql"] for q in queries if 'FROM "django_session"' in q["sql"]]
    assert all("WHERE" in sql for sql in reads)  # never the whole table
    assert all(b.get(reverse("data_page")).status_code == 302 for b in mine)
    assert all(b.get(reverse("data_page")).status_code == 200 for b in others)
    assert Session.objects.count() == 4 and not UserSession.objects.filter(user=player).exists()
    assert sessions_end(user_id=player.pk) == 0  # twice is harmless
