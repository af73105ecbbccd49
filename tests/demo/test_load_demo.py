"""`manage.py load_demo` gives a development machine players who can log in at once."""

import pytest
from allauth.account.models import EmailAddress
from django.core.management import CommandError, call_command
from django.urls import reverse

from demo.services import DEMO_PASSWORD, DEMO_PLAYERS, demo_users_load

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
