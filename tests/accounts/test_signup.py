"""Sign-up, e-mail verification, login by username or e-mail, and the adapter's rules."""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.urls import reverse

from accounts.models import User
from tests.conftest import PASSWORD


def _sign_up(client, captured, *, username="kuro", email="kuro@example.org"):
    with captured(execute=True):
        return client.post(
            reverse("account_signup"),
            {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD},
        )


def _link_in(message) -> str:
    match = re.search(r"https?://testserver(/\S+)", message.body)
    assert match, message.body
    return match.group(1)


@pytest.mark.django_db
def test_sign_up_sends_verification_mail_and_the_link_verifies_and_logs_in(
    client, django_capture_on_commit_callbacks
):
    response = _sign_up(client, django_capture_on_commit_callbacks)

    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    user = User.objects.get(username="kuro")
    assert not EmailAddress.objects.get(user=user).verified
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["kuro@example.org"]
    assert mail.outbox[0].subject.startswith("[Badux]")

    page = client.get(_link_in(mail.outbox[0]))
    assert page.status_code == 200
    assert b"Confirm" in page.content
    response = client.post(_link_in(mail.outbox[0]))

    assert response.status_code == 302
    assert EmailAddress.objects.get(user=user).verified
    assert client.get(reverse("home")).context["user"] == user


@pytest.mark.django_db
def test_verification_mail_waits_for_the_commit(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        client.post(
            reverse("account_signup"),
            {
                "username": "shiro",
                "email": "s@example.org",
                "password1": PASSWORD,
                "password2": PASSWORD,
            },
        )

    assert mail.outbox == []
    assert len(callbacks) == 1
    callbacks[0]()
    assert len(mail.outbox) == 1


@pytest.mark.django_db
def test_unverified_player_cannot_log_in(client, django_capture_on_commit_callbacks):
    _sign_up(client, django_capture_on_commit_callbacks)
    client.logout()

    response = client.post(reverse("account_login"), {"login": "kuro", "password": PASSWORD})

    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("username", "kuro@home", "cannot contain"),
        ("username", "Online", "reserved"),
        ("email", "not-an-address", "valid email"),
        ("password2", "something-else-entirely", "same password"),
    ],
)
@pytest.mark.django_db
def test_sign_up_rejects_bad_input_with_a_clear_error(
    client, django_capture_on_commit_callbacks, field, value, message
):
    data = {
        "username": "kuro",
        "email": "kuro@example.org",
        "password1": PASSWORD,
        "password2": PASSWORD,
        field: value,
    }
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("account_signup"), data)

    assert response.status_code == 200
    assert message in response.content.decode()
    assert 'value="kuro@example.org"' in response.content.decode() or field == "email"
    assert not User.objects.exists()
    assert mail.outbox == []


@pytest.mark.parametrize("login", ["sente", "sente@example.org", "SENTE@example.org"])
def test_login_by_username_or_email(client, player, login):
    response = client.post(reverse("account_login"), {"login": login, "password": PASSWORD})

    assert response.status_code == 302
    assert int(client.session["_auth_user_id"]) == player.pk


def test_wrong_password_shows_an_error_and_repeated_failures_are_rate_limited(client, player):
    response = client.post(reverse("account_login"), {"login": "sente", "password": "nope"})
    assert response.status_code == 200
    assert "not correct" in response.content.decode()

    for _ in range(5):
        response = client.post(reverse("account_login"), {"login": "sente", "password": "nope"})

    assert "Too many failed login attempts" in response.content.decode()
    response = client.post(reverse("account_login"), {"login": "sente", "password": PASSWORD})
    assert "_auth_user_id" not in client.session


def test_logout_and_password_change(client, player):
    client.force_login(player)
    response = client.post(
        reverse("account_change_password"),
        {
            "oldpassword": PASSWORD,
            "password1": "a-new-long-password-7",
            "password2": "a-new-long-password-7",
        },
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.check_password("a-new-long-password-7")

    client.post(reverse("account_logout"))
    assert "_auth_user_id" not in client.session


def test_password_reset_mails_a_working_link(client, player, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("account_reset_password"), {"email": "sente@example.org"})
    assert len(mail.outbox) == 1

    response = client.get(_link_in(mail.outbox[0]), follow=True)
    form_url = (
        response.redirect_chain[-1][0] if response.redirect_chain else _link_in(mail.outbox[0])
    )
    response = client.post(
        form_url, {"password1": "reset-password-long-1", "password2": "reset-password-long-1"}
    )

    assert response.status_code == 302
    player.refresh_from_db()
    assert player.check_password("reset-password-long-1")


def test_adding_an_email_address_sends_verification(
    client, player, django_capture_on_commit_callbacks
):
    client.force_login(player)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("account_email"), {"action_add": "", "email": "new@example.org"}
        )

    assert response.status_code == 302
    assert EmailAddress.objects.filter(
        user=player, email="new@example.org", verified=False
    ).exists()
    assert mail.outbox[0].to == ["new@example.org"]


def test_allauth_pages_render_inside_the_site_layout(client):
    for name in ["account_login", "account_signup", "account_reset_password"]:
        response = client.get(reverse(name))
        body = response.content.decode()
        assert response.status_code == 200
        assert 'class="site-header"' in body
        assert 'class="stack card"' in body


@pytest.mark.django_db
def test_mails_carry_the_site_name(client, django_capture_on_commit_callbacks):
    _sign_up(client, django_capture_on_commit_callbacks)

    body = mail.outbox[0].body
    assert body.startswith("Hello from Badux!")
    assert "Badux: correspondence Go and Badux at testserver" in body


@pytest.mark.django_db
def test_sign_up_stores_the_time_zone_the_browser_filled_in(
    client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("account_signup"),
            {
                "username": "kuro",
                "email": "kuro@example.org",
                "password1": PASSWORD,
                "password2": PASSWORD,
                "time_zone": "Asia/Tokyo",
            },
        )
    assert User.objects.get(username="kuro").time_zone == "Asia/Tokyo"


@pytest.mark.django_db
def test_sign_up_without_a_time_zone_keeps_utc_and_refuses_an_unknown_one(
    client, django_capture_on_commit_callbacks
):
    _sign_up(client, django_capture_on_commit_callbacks)
    assert User.objects.get(username="kuro").time_zone == "UTC"
    response = client.post(
        reverse("account_signup"),
        {
            "username": "shiro",
            "email": "shiro@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "time_zone": "Mars/Olympus_Mons",
        },
    )
    assert response.status_code == 200
    assert "time_zone" in response.context["form"].errors
    assert not User.objects.filter(username="shiro").exists()


@pytest.mark.django_db
def test_the_sign_up_and_log_in_pages_use_the_menus_words(client):
    signup = client.get(reverse("account_signup")).content.decode()
    login = client.get(reverse("account_login")).content.decode()
    assert "<h1>Sign up</h1>" in signup.replace("\n", "") or ">Sign up<" in signup
    assert 'name="time_zone"' in signup
    assert "accounts/signup.js" in signup
    assert ">Log in<" in login.replace("\n", "").replace("  ", "")
    for page in (signup, login):
        assert "Sign In" not in page and "Sign Up" not in page
