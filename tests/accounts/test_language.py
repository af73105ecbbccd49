"""The language a reader gets: the player's choice, else Accept-Language, else English; the
footer's switcher; the preferences page; and the locale mails are written in."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from accounts import services
from accounts.locale import language_chosen, reader_locale
from accounts.models import User
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def _page_language(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


def test_a_visitor_gets_the_language_their_browser_asks_for(client):
    response = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="ja,en;q=0.5")
    assert _page_language(response) == "ja"
    assert response["Content-Language"] == "ja"


def test_a_browser_asking_for_chinese_gets_simplified_chinese(client):
    response = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="zh-CN,zh;q=0.9")
    assert _page_language(response) == "zh-hans"


def test_a_language_the_site_does_not_speak_falls_back_to_english(client):
    response = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="sw")
    assert _page_language(response) == "en"


def test_the_players_choice_wins_over_the_browser(client, user_factory):
    player = user_factory(username="hans")
    services.user_language_set(user=player, language="de")
    client.force_login(player)
    response = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="ja")
    assert _page_language(response) == "de"


def test_a_player_without_a_choice_follows_the_browser(client, user_factory):
    client.force_login(user_factory(username="yuki"))
    response = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="ko")
    assert _page_language(response) == "ko"


def test_the_footer_offers_every_language_by_its_own_name_in_a_form(client):
    page = client.get(reverse("home")).content.decode()
    form = re.search(r'<form class="language-switcher".*?</form>', page, re.S).group(0)
    assert f'action="{reverse("set_language")}"' in form
    assert 'method="post"' in form
    for code, name in [("ja", "日本語"), ("ru", "Русский"), ("zh-hans", "简体中文")]:
        assert f'<option value="{code}" lang="{code}">{name}</option>' in form
    assert '<label for="language-select">' in form


def test_the_footer_names_english_in_english_on_a_page_in_another_language(client):
    """Every language by its own name, English too: a French page offered it as "Anglais"."""
    response = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="fr")
    assert _page_language(response) == "fr"
    page = response.content.decode()
    form = re.search(r'<form class="language-switcher".*?</form>', page, re.S).group(0)
    assert '<option value="en" lang="en">English</option>' in form
    assert '<option value="fr" lang="fr" selected>Français</option>' in form


def test_the_switcher_sets_the_visitors_language_and_returns_to_the_page(client):
    response = client.post(reverse("set_language"), {"language": "fr", "next": "/games/"})
    assert response.status_code == 302
    assert response["Location"] == "/games/"
    assert _page_language(client.get(reverse("home"))) == "fr"


def test_the_switcher_stores_a_players_choice(client, user_factory):
    player = user_factory(username="ivan")
    client.force_login(player)
    client.post(reverse("set_language"), {"language": "ru", "next": "/"})
    player.refresh_from_db()
    assert player.language == "ru"


def test_the_switcher_ignores_a_language_the_site_does_not_speak(client, user_factory):
    player = user_factory(username="ivan")
    client.force_login(player)
    response = client.post(reverse("set_language"), {"language": "xx", "next": "/"})
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.language == ""


def test_the_switcher_only_takes_posts(client):
    assert client.get(reverse("set_language")).status_code == 405


def test_the_preferences_page_stores_the_language(client, user_factory):
    player = user_factory(username="ana")
    client.force_login(player)
    page = client.get(reverse("preferences_edit")).content.decode()
    assert 'name="language"' in page
    services.preferences_update(
        user=player,
        time_zone="UTC",
        board_theme="wood",
        show_coordinates=True,
        notify={},
        now=timezone.now(),
        language="es",
    )
    player.refresh_from_db()
    assert player.language == "es"
    assert _page_language(client.get(reverse("home"))) == "es"


def test_an_unknown_language_is_refused_and_nothing_is_stored(user_factory):
    player = user_factory(username="ana")
    with pytest.raises(ValidationError) as error:
        services.user_language_set(user=player, language="tlh")
    assert "language" in error.value.message_dict
    player.refresh_from_db()
    assert player.language == ""


def test_a_code_no_longer_offered_counts_as_no_choice(user_factory, settings):
    player = user_factory(username="ana", language="ja")
    settings.LANGUAGES = [("en", "English")]
    assert language_chosen(user=player) is None


def test_mails_are_written_in_the_readers_language_and_time_zone(user_factory):
    reader = user_factory(username="klaus", language="de", time_zone="Europe/Berlin")
    with translation.override("ja"):
        with reader_locale(user=reader):
            assert translation.get_language() == "de"
            assert timezone.get_current_timezone_name() == "Europe/Berlin"
        assert translation.get_language() == "ja"


def test_a_reader_without_a_choice_gets_english_whoever_triggered_the_mail(user_factory):
    reader = user_factory(username="sam", time_zone="Nowhere/Else")
    with translation.override("ja"), reader_locale(user=reader):
        assert translation.get_language() == "en"
        assert timezone.get_current_timezone() == dt.UTC


def _sign_up(client, capture, **headers) -> None:
    with capture(execute=True):
        client.post(
            reverse("account_signup"),
            {
                "username": "kuro",
                "email": "kuro@example.org",
                "password1": PASSWORD,
                "password2": PASSWORD,
                "time_zone": "Asia/Tokyo",
            },
            **headers,
        )


def test_signing_up_in_japanese_keeps_japanese_for_the_players_mails(
    client, django_capture_on_commit_callbacks, mailoutbox
):
    _sign_up(client, django_capture_on_commit_callbacks, HTTP_ACCEPT_LANGUAGE="ja")
    assert User.objects.get(username="kuro").language == "ja"
    # Our Japanese catalog writes the verification mail (our words, not allauth's).
    with translation.override("ja"):
        subject = translation.gettext("Verify your e-mail address")
    assert subject != "Verify your e-mail address"
    assert subject in mailoutbox[0].subject


def test_signing_up_in_english_leaves_the_choice_to_the_browser(
    client, django_capture_on_commit_callbacks
):
    _sign_up(client, django_capture_on_commit_callbacks, HTTP_ACCEPT_LANGUAGE="en")
    assert User.objects.get(username="kuro").language == ""


def test_a_visitors_page_carries_no_csrf_token_and_the_switcher_needs_none(user_factory):
    visitor = Client(enforce_csrf_checks=True)
    page = visitor.get(reverse("home")).content.decode()
    assert "csrfmiddlewaretoken" not in page
    response = visitor.post(reverse("set_language"), {"language": "ko", "next": "/"})
    assert response.status_code == 302
    assert _page_language(visitor.get(reverse("home"))) == "ko"


def test_a_players_choice_is_stored_only_with_their_csrf_token(user_factory):
    player = user_factory(username="ivan")
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(player)
    browser.post(reverse("set_language"), {"language": "ru", "next": "/"})
    player.refresh_from_db()
    assert player.language == ""
    page = browser.get(reverse("home")).content.decode()
    form = re.search(r'<form class="language-switcher".*?</form>', page, re.S).group(0)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
    browser.post(
        reverse("set_language"), {"language": "ru", "next": "/", "csrfmiddlewaretoken": token}
    )
    player.refresh_from_db()
    assert player.language == "ru"
