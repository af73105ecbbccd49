"""Preferences: notification choices, board appearance, time zone."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from accounts import selectors, services
from accounts.models import BoardTheme, NotificationSetting, Preferences
from rules.images.themes import THEMES

VALID = {
    "time_zone": "Europe/Amsterdam",
    "board_theme": "slate",
    "show_coordinates": "",
    "notify_your_turn": "digest",
    "notify_conditional_move": "off",
    "notify_game_over": "off",
    "notify_game_adjourned": "digest",
    "notify_challenge": "immediate",
    "notify_challenge_answered": "digest",
    "notify_timeout_warning": "immediate",
    "notify_dispute": "off",
    "notify_chat": "off",
    "notify_review_published": "off",
    "notify_watched_game": "immediate",
    "notify_ladder_challenge": "digest",
    "notify_ladder_position": "off",
    "notify_tournament_round": "digest",
    "notify_tournament_end": "off",
    "notify_group_mention": "digest",
    "notify_group_reply": "off",
    "notify_group_membership": "immediate",
    "notify_message": "digest",
}
# Every kind the apps register today, in page order, with the modes each offers.
KINDS_TODAY = [
    ("your_turn", ["off", "immediate", "digest"]),
    ("conditional_move", ["off", "immediate", "digest"]),
    ("game_over", ["off", "immediate", "digest"]),
    ("game_adjourned", ["off", "immediate", "digest"]),
    ("challenge", ["off", "immediate", "digest"]),
    ("challenge_answered", ["off", "immediate", "digest"]),
    ("timeout_warning", ["off", "immediate", "digest"]),
    ("dispute", ["off", "immediate", "digest"]),
    ("chat", ["off", "digest"]),
    ("review_published", ["off", "digest"]),
    ("watched_game", ["off", "immediate", "digest"]),
    ("ladder_challenge", ["off", "immediate", "digest"]),
    ("ladder_position", ["off", "immediate", "digest"]),
    ("tournament_round", ["off", "immediate", "digest"]),
    ("tournament_end", ["off", "immediate", "digest"]),
    ("group_mention", ["off", "immediate", "digest"]),
    ("group_reply", ["off", "immediate", "digest"]),
    ("group_membership", ["off", "immediate", "digest"]),
    ("message", ["off", "immediate", "digest"]),
]
# Kinds with one mode (site only): no row on the page, always that mode.
SITE_ONLY_KINDS = {"mail_failing": "off", "moderation": "off"}


def _select(body: str, name: str) -> str:
    """The HTML of the <select> called `name`."""
    return body.split(f'name="{name}"', 1)[1].split("</select>", 1)[0]


def _options(body: str, name: str) -> list[str]:
    return re.findall(r'<option value="(\w+)"', _select(body, name))


def _selected(body: str, name: str) -> str:
    [value] = re.findall(r'<option value="(\w+)" selected>', _select(body, name))
    return value


def test_defaults_apply_before_anything_is_saved(player):
    prefs = selectors.preferences_get(user=player)

    assert prefs.pk is None
    assert selectors.notify_modes_get(user=player) == {
        **{
            name: "digest"
            if name
            in ("chat", "review_published", "watched_game", "ladder_position", "group_reply")
            else "immediate"
            for name, _ in KINDS_TODAY
        },
        **SITE_ONLY_KINDS,
    }
    board = selectors.board_appearance_get(user=player)
    assert (board.theme, board.show_coordinates) == ("wood", True)
    assert selectors.board_appearance_get(user=AnonymousUser()) == board


def test_the_page_has_one_row_per_kind_in_order_with_only_its_modes(client, player):
    client.force_login(player)

    body = client.get(reverse("preferences_edit")).content.decode()

    names = re.findall(r'<select name="notify_(\w+)"', body)
    assert names == [name for name, _ in KINDS_TODAY]
    for name, modes in KINDS_TODAY:
        assert _options(body, f"notify_{name}") == modes
    assert body.index(">Games</th>") < body.index("Your turn") < body.index(">Messages</th>")
    assert "Your time is running out in a game." in body
    assert 'aria-describedby="id_notify_chat_helptext"' in body


def test_preferences_page_saves_every_choice(client, player):
    client.force_login(player)

    response = client.post(reverse("preferences_edit"), VALID)

    assert response.status_code == 302
    player.refresh_from_db()
    assert player.time_zone == "Europe/Amsterdam"
    assert selectors.notify_modes_get(user=player) == {
        **{
            name.removeprefix("notify_"): value
            for name, value in VALID.items()
            if name.startswith("notify_")
        },
        **SITE_ONLY_KINDS,
    }
    board = selectors.board_appearance_get(user=player)
    assert (board.theme, board.show_coordinates) == ("slate", False)
    assert board.css_class == "board-theme-slate board-no-coords"


@pytest.mark.parametrize(
    ("kind", "mode"), [(name, mode) for name, modes in KINDS_TODAY for mode in modes]
)
def test_every_mode_of_every_kind_saves_and_shows_again(client, player, kind, mode):
    client.force_login(player)

    response = client.post(reverse("preferences_edit"), {**VALID, f"notify_{kind}": mode})

    assert response.status_code == 302
    assert selectors.notify_mode_get(user=player, event=kind) == mode
    body = client.get(reverse("preferences_edit")).content.decode()
    assert _selected(body, f"notify_{kind}") == mode


def test_saved_preferences_show_on_the_page(client, player):
    client.force_login(player)
    client.post(reverse("preferences_edit"), VALID)

    body = client.get(reverse("preferences_edit")).content.decode()

    assert '<option value="Europe/Amsterdam" selected>' in body
    assert 'class="board-theme-slate board-no-coords"' in body
    for field, value in VALID.items():
        if field.startswith("notify_"):
            assert _selected(body, field) == value


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
    assert not NotificationSetting.objects.exists()
    player.refresh_from_db()
    assert player.time_zone == "UTC"


def test_a_post_without_the_notification_fields_is_refused(client, player):
    client.force_login(player)
    partial = {k: v for k, v in VALID.items() if k != "notify_dispute"}

    response = client.post(reverse("preferences_edit"), partial)

    assert response.status_code == 200
    assert "This field is required" in response.content.decode()
    assert not NotificationSetting.objects.exists()


def test_service_validates_on_its_own(player):
    with pytest.raises(ValidationError) as error:
        services.preferences_update(
            user=player,
            time_zone="localtime",
            board_theme="wood",
            show_coordinates=True,
            notify={"your_turn": "off", "chat": "immediate", "message": "sometimes", "x": "off"},
            now=timezone.now(),
        )

    assert set(error.value.message_dict) == {
        "time_zone",
        "notify_message",
        "notify_chat",
        "notify_x",
    }
    assert error.value.message_dict["notify_chat"] == [
        "“Chat” can only be set to Off or Daily digest."
    ]
    assert error.value.message_dict["notify_x"] == ["Unknown notification kind 'x'."]
    assert not Preferences.objects.exists()
    assert not NotificationSetting.objects.exists()


def test_chat_offers_only_off_or_the_digest_and_defaults_to_the_digest(client, player):
    client.force_login(player)

    body = client.get(reverse("preferences_edit")).content.decode()

    assert _options(body, "notify_chat") == ["off", "digest"]
    assert _selected(body, "notify_chat") == "digest"
    response = client.post(reverse("preferences_edit"), {**VALID, "notify_chat": "immediate"})
    assert "Select a valid choice" in response.content.decode()
    assert not Preferences.objects.exists()


def test_a_kind_registered_later_gets_its_row_and_is_saved(client, player, ladder_kind):
    client.force_login(player)

    body = client.get(reverse("preferences_edit")).content.decode()
    assert ">Ladders</th>" in body
    assert "Somebody climbed past you on a ladder." in body
    assert _selected(body, "notify_ladder_position") == "digest"
    client.post(reverse("preferences_edit"), {**VALID, "notify_ladder_position": "immediate"})

    assert selectors.notify_mode_get(user=player, event="ladder_position") == "immediate"
    body = client.get(reverse("preferences_edit")).content.decode()
    assert _selected(body, "notify_ladder_position") == "immediate"


def test_notify_set_changes_only_the_named_kinds(player):
    services.notify_modes_set(user=player, modes={"your_turn": "off", "chat": "off"})
    services.notify_modes_set(user=player, modes={"your_turn": "digest"})

    modes = selectors.notify_modes_get(user=player)
    assert (modes["your_turn"], modes["chat"]) == ("digest", "off")
    assert modes["game_over"] == "immediate"
    assert NotificationSetting.objects.filter(user=player).count() == 2
    with pytest.raises(ValidationError, match="board_theme"):
        services.notify_modes_set(user=player, modes={"board_theme": "off"})
    with pytest.raises(ValidationError, match="can only be set to Off or Daily digest"):
        services.notify_modes_set(user=player, modes={"chat": "immediate"})
    assert selectors.notify_modes_get(user=player) == modes


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


def test_the_board_appearance_is_read_once_and_forgotten_when_preferences_change(
    player, django_assert_num_queries, django_capture_on_commit_callbacks
):
    with django_assert_num_queries(1):
        assert selectors.board_appearance_get(user=player) == selectors.DEFAULT_BOARD
    with django_assert_num_queries(0):
        assert selectors.board_appearance_get(user=player) == selectors.DEFAULT_BOARD
    with django_capture_on_commit_callbacks(execute=True):
        services.preferences_update(
            user=player,
            time_zone=player.time_zone,
            board_theme="slate",
            show_coordinates=False,
            notify={},
            now=timezone.now(),
        )
    look = selectors.board_appearance_get(user=player)
    assert (look.theme, look.show_coordinates) == ("slate", False)
    # The admin (or any other writer) goes through the same signal.
    Preferences.objects.filter(user=player).get().delete()
    assert selectors.board_appearance_get(user=player) == selectors.DEFAULT_BOARD


def test_the_new_token_page_shows_the_curl_example_on_two_lines(client, user_factory):
    client.force_login(user_factory())
    page = client.post(
        reverse("api_token_create"), {"name": "my bot", "scope": "read"}
    ).content.decode()
    example = page.split('<pre class="api-token-example">', 1)[1].split("</pre>", 1)[0]
    assert example.splitlines() == [
        '<code class="shell">curl -H "Authorization: Bearer &lt;token&gt;" \\',
        "  http://testserver/api/v1/me</code>",
    ]
