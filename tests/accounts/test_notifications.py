"""The registry of notification kinds, and each player's mode per kind."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from accounts import selectors, services
from accounts.models import NotificationSetting
from accounts.notifications import (
    DuplicateKindError,
    KindRegistry,
    NotificationKind,
    Notify,
    UnknownKindError,
    kind_get,
    kind_register,
    kinds_list,
)


def _kind(name: str = "round_paired", **fields) -> NotificationKind:
    values = {"label": "Round paired", "help_text": "h", "group": "Tournaments", "order": 300}
    return NotificationKind(name=name, **{**values, **fields})


def test_the_apps_register_todays_kinds_in_page_order():
    assert [(kind.group, kind.name, kind.default) for kind in kinds_list()] == [
        ("Games", "your_turn", "immediate"),
        ("Games", "conditional_move", "immediate"),
        ("Games", "game_over", "immediate"),
        ("Games", "game_adjourned", "immediate"),
        ("Games", "challenge", "immediate"),
        ("Games", "challenge_answered", "immediate"),
        ("Games", "timeout_warning", "immediate"),
        ("Games", "dispute", "immediate"),
        ("Games", "chat", "digest"),
        ("Games", "review_published", "digest"),
        ("Games", "watched_game", "digest"),
        ("Ladders", "ladder_challenge", "immediate"),
        ("Ladders", "ladder_position", "digest"),
        ("Tournaments", "tournament_round", "immediate"),
        ("Tournaments", "tournament_end", "immediate"),
        ("Groups", "group_mention", "immediate"),
        ("Groups", "group_reply", "digest"),
        ("Groups", "group_membership", "immediate"),
        ("Messages", "message", "immediate"),
        ("Messages", "mail_failing", "off"),
        ("Your account", "moderation", "off"),
    ]
    assert kind_get(name="chat").modes == ("off", "digest")


def test_a_name_taken_is_refused_even_for_the_same_kind():
    registry = KindRegistry()
    registry.register(_kind())

    with pytest.raises(DuplicateKindError, match="'round_paired' is already registered"):
        registry.register(_kind())
    with pytest.raises(DuplicateKindError, match="'your_turn'"):
        kind_register(name="your_turn", label="Again", help_text="", group="Games", order=1)
    assert kind_get(name="your_turn").label == "Your turn"


def test_an_unknown_name_is_refused_with_its_name():
    with pytest.raises(UnknownKindError, match="unknown notification kind 'tournament_ended'"):
        kind_get(name="tournament_ended")
    with pytest.raises(UnknownKindError, match="'nothing'"):
        KindRegistry().unregister("nothing")


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"name": "Round paired"}, "lower-case letters"),
        ({"name": "9lives"}, "starting with a letter"),
        ({"name": "x" * 41}, "at most 40 characters"),
        ({"name": "digest"}, "reserved"),
        ({"modes": ("off", "pigeon")}, "unknown modes"),
        ({"modes": ("immediate", "digest")}, "must be able to turn it off"),
        ({"modes": ("off", "digest")}, "default 'immediate' is not allowed"),
    ],
)
def test_a_malformed_kind_is_refused(fields, message):
    with pytest.raises(ValueError, match=message):
        _kind(**fields)


def test_modes_are_kept_as_plain_codes_in_a_fixed_order():
    kind = _kind(modes=(Notify.DIGEST, "off"), default=Notify.DIGEST)

    assert kind.modes == ("off", "digest")
    assert type(kind.default) is str
    assert kind.choices() == [("off", "Off"), ("digest", "Daily digest")]
    assert kind.field_name == "notify_round_paired"


names = st.from_regex(r"[a-z][a-z0-9_]{0,39}", fullmatch=True).filter(lambda n: n != "digest")


@given(st.dictionaries(names, st.integers(-1000, 1000), max_size=12))
def test_a_registry_lists_every_kind_once_by_order_then_name(orders):
    registry = KindRegistry()
    for name, order in orders.items():
        registry.register(_kind(name, order=order))

    listed = [(kind.order, kind.name) for kind in registry]

    assert listed == sorted((order, name) for name, order in orders.items())
    assert all(registry.get(name).order == order for name, order in orders.items())


def test_a_player_without_rows_gets_every_kinds_default(
    player, ladder_kind, django_assert_num_queries
):
    with django_assert_num_queries(1):
        modes = selectors.notify_modes_get(user=player)

    assert modes["ladder_position"] == "digest"
    assert modes["chat"] == "digest"
    assert modes["your_turn"] == "immediate"
    assert list(modes) == [kind.name for kind in kinds_list()]
    assert selectors.notify_mode_get(user=player, event="ladder_position") == "digest"
    assert not NotificationSetting.objects.exists()


def test_a_stored_choice_wins_over_the_default(player, ladder_kind):
    services.notify_modes_set(user=player, modes={"ladder_position": "off", "your_turn": "digest"})

    assert selectors.notify_mode_get(user=player, event="ladder_position") == "off"
    modes = selectors.notify_modes_get(user=player)
    assert (modes["ladder_position"], modes["your_turn"], modes["game_over"]) == (
        "off",
        "digest",
        "immediate",
    )


def test_a_stored_mode_the_kind_no_longer_allows_counts_as_no_choice(player):
    # As if chat had allowed immediate mail when the player chose it.
    NotificationSetting.objects.create(user=player, event="chat", mode="immediate")
    NotificationSetting.objects.create(user=player, event="retired_kind", mode="off")

    assert selectors.notify_mode_get(user=player, event="chat") == "digest"
    modes = selectors.notify_modes_get(user=player)
    assert modes["chat"] == "digest"
    assert "retired_kind" not in modes


def test_the_mode_of_an_unknown_kind_is_an_error_naming_it(player):
    with pytest.raises(UnknownKindError, match="'tournament_ended'"):
        selectors.notify_mode_get(user=player, event="tournament_ended")
