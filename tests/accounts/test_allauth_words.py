"""allauth in the site's voice. Its mails (sign-up verification, password reset, an unknown
address, an address already taken) are written with our own templates and msgids, so our
catalogs word them informally (du, tú) where allauth's write "Sie" and "usted"; the words of its
login form that we keep ("Login", "Remember Me") are translated in every language we offer."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse
from django.utils import translation

from accounts.locale import language_codes
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

# Sentences of allauth's own templates: none may reach a player, in any language.
ALLAUTH_SENTENCES = (
    "Please Confirm Your Email Address",
    "Password Reset Email",
    "Unknown Account",
    "Account Already Exists",
    "Thank you for using %(site_name)s!",
    "Your email verification code is listed below. Please enter it in your open browser window.",
    "This mail can be safely ignored if you did not initiate this action.",
    "If it was you, you can sign up for an account using the link below.",
)
FORMAL = {"de": re.compile(r"\b(Sie|Ihr|Ihre|Ihnen)\b"), "es": re.compile(r"\b(usted|su|sus)\b")}


def _flows(client, capture, taken) -> None:
    """Every account mail a visitor can cause: sign-up, sign-up with a taken address, a reset
    for a known and for an unknown address."""
    with capture(execute=True):
        client.post(
            reverse("account_signup"),
            {
                "username": "nuevo",
                "email": "nuevo@example.org",
                "password1": PASSWORD,
                "password2": PASSWORD,
                "time_zone": "Europe/Madrid",
            },
        )
        client.post(
            reverse("account_signup"),
            {
                "username": "otro",
                "email": taken.email,
                "password1": PASSWORD,
                "password2": PASSWORD,
                "time_zone": "Europe/Madrid",
            },
        )
    client.logout()
    with capture(execute=True):
        client.post(reverse("account_reset_password"), {"email": taken.email})
        client.post(reverse("account_reset_password"), {"email": "nobody@example.org"})


@pytest.mark.parametrize("language", ["de", "es"])
def test_every_account_mail_is_ours_and_never_formal(
    client, django_capture_on_commit_callbacks, mailoutbox, user_factory, language
):
    taken = user_factory(username="antiguo", language=language)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    _flows(client, django_capture_on_commit_callbacks, taken)
    with translation.override(language):
        subjects = {
            "nuevo@example.org": translation.gettext("Verify your e-mail address"),
            "nobody@example.org": translation.gettext("No Badux account with this address"),
        }
        allauth_said = [translation.gettext(s) for s in ALLAUTH_SENTENCES]
        reset = translation.gettext("Reset your password")
        exists = translation.gettext("You already have a Badux account")
    by_address = {}
    for mail in mailoutbox:
        by_address.setdefault(mail.to[0], []).append(mail)
    assert subjects["nuevo@example.org"] in by_address["nuevo@example.org"][0].subject
    assert subjects["nobody@example.org"] in by_address["nobody@example.org"][0].subject
    assert sorted(m.subject for m in by_address[taken.email]) == sorted(
        [f"[Badux] {exists}", f"[Badux] {reset}"]
    )
    assert len(mailoutbox) == 4
    for mail in mailoutbox:
        text = f"{mail.subject}\n{mail.body}"
        assert not FORMAL[language].search(text), text
        for said in allauth_said:
            assert said.split("%(")[0] not in text


def test_the_verification_link_and_the_reset_link_are_in_our_mails(
    client, django_capture_on_commit_callbacks, mailoutbox, user_factory
):
    taken = user_factory(username="antiguo")
    _flows(client, django_capture_on_commit_callbacks, taken)
    (signup,) = [m for m in mailoutbox if m.to == ["nuevo@example.org"]]
    assert re.search(r"http://testserver/accounts/confirm-email/\S+/", signup.body)
    assert "You get this mail because the Badux account “nuevo”" in signup.body
    (reset,) = [m for m in mailoutbox if m.to == [taken.email] and "/reset/key/" in m.body]
    assert "your username is antiguo." in reset.body
    (unknown,) = [m for m in mailoutbox if m.to == ["nobody@example.org"]]
    assert "http://testserver/accounts/signup/" in unknown.body


@pytest.mark.parametrize("language", [code for code in language_codes() if code != "en"])
def test_the_login_forms_words_are_translated(client, language):
    page = client.get(reverse("account_login"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    page = html.unescape(page)
    assert f'<html lang="{language}"' in page
    with translation.override(language):
        words = {
            "Login": translation.pgettext("field label", "Login"),
            "Remember Me": translation.gettext("Remember Me"),
            "Password": translation.gettext("Password"),
            "Reset your password": translation.gettext("Reset your password"),
        }
    for english, said in words.items():
        assert said != english, f"{english!r} is not translated into {language}"
        assert said in page, f"{said!r} ({english}) is not on the {language} login page"
    # allauth's link under the password ("¿Ha olvidado su contraseña?") is replaced by ours.
    assert "Forgot your password?" not in page
    assert 'href="/accounts/password/reset/"' in page


def test_the_confirmation_page_the_mail_links_to_is_ours(
    client, django_capture_on_commit_callbacks, mailoutbox, user_factory
):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "es"
    _flows(client, django_capture_on_commit_callbacks, user_factory(username="antiguo"))
    (signup,) = [m for m in mailoutbox if m.to == ["nuevo@example.org"]]
    link = re.search(r"http://testserver(/accounts/confirm-email/\S+/)", signup.body).group(1)
    page = html.unescape(client.get(link).content.decode())
    with translation.override("es"):
        heading = translation.gettext("Verify your e-mail address")
        allauth_words = translation.gettext("Confirm Email Address")
    assert heading in page
    assert allauth_words not in page and not FORMAL["es"].search(page.split("<main")[1])
    assert 'href="mailto:nuevo@example.org"' in page
