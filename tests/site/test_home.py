"""The skeleton serves a real home page and uses the custom user model."""

from django.contrib.auth import get_user_model
from django.urls import reverse


def test_user_model_is_the_accounts_user():
    user_model = get_user_model()
    assert user_model._meta.label == "accounts.User"
    assert {"display_name", "country", "bio", "time_zone", "last_seen"} <= {
        field.name for field in user_model._meta.get_fields()
    }


def test_home_page_offers_sign_up_and_log_in_to_visitors(client, db):
    response = client.get(reverse("home"))

    assert response.status_code == 200
    body = response.content.decode()
    assert "Badux" in body
    assert reverse("account_signup") in body
    assert reverse("account_login") in body


def test_home_page_welcomes_a_new_player_and_offers_a_first_game(client, django_user_model):
    user = django_user_model.objects.create_user(username="sente", password="pw-long-enough")
    client.force_login(user)

    response = client.get(reverse("home"))

    body = response.content.decode()
    assert response.status_code == 200
    assert "Welcome to Badux, sente" in body
    assert "Welcome back" not in body
    assert f'href="{reverse("games:new")}">New game</a>' in body
    assert reverse("games:waiting_room") in body
    assert reverse("account_signup") not in body
