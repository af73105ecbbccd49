"""Preferences: notification choices, board appearance, time zone."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import ValidationError
from django.urls import reverse

from accounts import selectors, services
from accounts.models import BoardTheme, Preferences
from rules.themes import THEMES

VALID = {
    "time_zone": "Europe/Amsterdam",
    "board_theme": "slate",
    "show_coordinates": "",
    "notify_your_turn": "digest",
    "notify_game_over": "off",
    "notify_challenge": "immediate",
    "notify_challenge_answered": "digest",
    "notify_timeout_warning": "immediate",
    "notify_dispute": "off",
    "notify_chat": "off",
    "notify_message": "digest",
}


def test_defaults_apply_before_anything_is_saved(player):
    prefs = selectors.preferences_get(user=player)

    assert prefs.pk is None
    assert prefs.notify_your_turn == "immediate"
    board = selectors.board_appearance_get(user=player)
    assert (board.theme, board.show_coordinates) == ("wood", True)
    assert selectors.board_appearance_get(user=AnonymousUser()) == board


def test_preferences_page_saves_every_choice(client, player):
    client.force_login(player)

    response = client.post(reverse("preferences_edit"), VALID)

    assert response.status_code == 302
    player.refresh_from_db()
    prefs = Preferences.objects.get(user=player)
    assert player.time_zone == "Europe/Amsterdam"
    assert (prefs.notify_your_turn, prefs.notify_game_over) == ("digest", "off")
    assert (prefs.notify_challenge, prefs.notify_message) == ("immediate", "digest")
    assert (prefs.notify_challenge_answered, prefs.notify_timeout_warning) == (
        "digest",
        "immediate",
    )
    assert (prefs.notify_dispute, prefs.notify_chat) == ("off", "off")
    board = selectors.board_appearance_get(user=player)
    assert (board.theme, board.show_coordinates) == ("slate", False)
    assert board.css_class == "board-theme-slate board-no-coords"


def test_saved_preferences_show_on_the_page(client, player):
    client.force_login(player)
    client.post(reverse("preferences_edit"), VALID)

    body = client.get(reverse("preferences_edit")).content.decode()

    assert '<option value="Europe/Amsterdam" selected>' in body
    assert 'class="board-theme-slate board-no-coords"' in body


@pytest.mark.parametrize(
    ("field", "value"),
    [("time_zone", "Mars/Olympus"), ("board_theme", "neon"), ("notify_message", "pigeon")],
)
def test_preferences_page_rejects_unknown_values_and_saves_nothing(client, player, field, value):
    client.force_login(player)

    response = client.post(reverse("preferences_edit"), {**VALID, field: value})

    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert not Preferences.objects.exists()
    player.refresh_from_db()
    assert player.time_zone == "UTC"


def test_service_validates_on_its_own(player):
    with pytest.raises(ValidationError) as error:
        services.preferences_update(
            user=player,
            time_zone="localtime",
            board_theme="wood",
            show_coordinates=True,
            notify_your_turn="off",
            notify_game_over="off",
            notify_challenge="off",
            notify_challenge_answered="off",
            notify_timeout_warning="off",
            notify_dispute="off",
            notify_chat="immediate",
            notify_message="sometimes",
        )

    assert set(error.value.message_dict) == {"time_zone", "notify_message", "notify_chat"}
    assert "only collected in the daily digest" in error.value.message_dict["notify_chat"][0]
    assert not Preferences.objects.exists()


def test_chat_offers_only_off_or_the_digest_and_defaults_to_the_digest(client, player):
    client.force_login(player)

    body = client.get(reverse("preferences_edit")).content.decode()

    assert selectors.preferences_get(user=player).notify_chat == "digest"
    chat_select = body.split('name="notify_chat"', 1)[1].split("</select>", 1)[0]
    assert '<option value="digest" selected>' in chat_select
    assert 'value="immediate"' not in chat_select
    for label in ("Your time is running out", "A result of your game is disputed"):
        assert label in body
    response = client.post(reverse("preferences_edit"), {**VALID, "notify_chat": "immediate"})
    assert "Select a valid choice" in response.content.decode()
    assert not Preferences.objects.exists()


def test_notify_set_changes_only_the_named_events(player):
    services.preferences_notify_set(
        user=player, fields=["notify_your_turn", "notify_chat"], value="off"
    )

    prefs = selectors.preferences_get(user=player)
    assert (prefs.notify_your_turn, prefs.notify_chat) == ("off", "off")
    assert prefs.notify_game_over == "immediate"
    with pytest.raises(ValidationError):
        services.preferences_notify_set(user=player, fields=["board_theme"], value="off")
    with pytest.raises(ValidationError):
        services.preferences_notify_set(user=player, fields=["notify_chat"], value="immediate")


def test_time_zone_select_lists_real_zones_only():
    zones = selectors.time_zone_choices()

    assert "Europe/Paris" in zones
    assert "UTC" in zones
    assert "localtime" not in zones
    assert list(zones) == sorted(zones)


def test_board_theme_choices_are_the_theme_table_with_the_stored_codes():
    assert BoardTheme.choices == [("wood", "Wood"), ("slate", "Slate")]
    assert BoardTheme.values == list(THEMES)
    assert BoardTheme.WOOD == "wood" and BoardTheme.SLATE == "slate"
