"""GameSettings: one frozen, validated value for everything a game is played with."""

from __future__ import annotations

import dataclasses
import datetime as dt
from decimal import Decimal

import pytest
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from games.game_settings import GameSettings, InvalidSetting, settings_columns
from games.models import Challenge, Game, GameSettingsColumns
from rules import BLACK, WHITE


def test_defaults_are_those_of_a_plain_correspondence_game():
    settings = GameSettings(board_kind="square", board_size=19)
    assert settings.columns() == {
        "board_kind": "square",
        "board_size": 19,
        "ruleset": "go-area",
        "komi": Decimal("7.5"),
        "handicap": 0,
        "clock_kind": "per_move",
        "clock_days": 3,
        "clock_increment_days": 0,
        "clock_cap_days": 0,
        "clock_periods": 0,
        "clock_period_moves": 0,
        "clock_period_days": 0,
        "weekend_pause": False,
        "vacation_allowed": True,
        "rated": True,
    }
    assert settings.first_to_move == BLACK


def test_the_rules_follow_the_board_unless_chosen():
    assert GameSettings(board_kind="hex", board_size=6).ruleset == "badux"
    assert GameSettings(board_kind="hex", board_size=6).komi == Decimal("6.5")
    territory = GameSettings(board_kind="square", board_size=9, ruleset="go-territory")
    assert territory.komi == Decimal("3.5")  # ItsYourTurn: 5.5 on 19, 4.5 on 13, 3.5 on 9


def test_komi_follows_the_handicap_and_a_chosen_komi_is_kept():
    handicap = GameSettings(board_kind="square", board_size=19, handicap=4)
    assert (handicap.komi, handicap.first_to_move) == (Decimal("0.5"), WHITE)
    assert GameSettings(board_kind="square", board_size=9, komi="-3.5").komi == Decimal("-3.5")
    assert GameSettings(board_kind="square", board_size=9, komi=0).komi == Decimal("0.0")


@pytest.mark.parametrize(
    ("board", "ruleset", "message"),
    [
        ("hex", "go-area", "Badux boards are played with the Badux rules"),
        ("hex", "go-territory", "Badux boards are played with the Badux rules"),
        ("square", "badux", "The Badux rules are for hexagonal boards"),
    ],
)
def test_rules_that_do_not_fit_the_board_are_refused_plainly(board, ruleset, message):
    size = 6 if board == "hex" else 9
    with pytest.raises(InvalidSetting, match=message) as caught:
        GameSettings(board_kind=board, board_size=size, ruleset=ruleset)
    assert caught.value.setting == "ruleset"
    assert GameSettings(board_kind=board, board_size=size).ruleset == (
        "badux" if board == "hex" else "go-area"
    )


def test_a_stored_game_keeps_rules_that_no_longer_fit_its_board(game_factory):
    game = game_factory(board_kind="hex", board_size=6)
    Game.objects.filter(pk=game.pk).update(ruleset="go-area", komi=Decimal("7.5"))
    game.refresh_from_db()
    assert (game.settings.ruleset, game.settings.komi) == ("go-area", Decimal("7.5"))
    assert "stored" not in GameSettings.names()
    with pytest.raises(InvalidSetting, match="no game setting called 'stored'"):
        GameSettings.from_mapping({"board_kind": "hex", "board_size": 6, "stored": True})


@pytest.mark.parametrize(
    ("changes", "setting", "message"),
    [
        ({"board_kind": "octagon"}, "board_kind", "Unknown game"),
        ({"board_size": 17}, "board_size", "sizes 9, 13, 19"),
        ({"board_size": True}, "board_size", "sizes"),
        ({"ruleset": "ing"}, "ruleset", "Unknown rule set"),
        ({"handicap": 1}, "handicap", "0 \\(none\\) or 2 to 9"),
        ({"komi": "6.3"}, "komi", "half points"),
        ({"komi": "1e400"}, "komi", "half points"),
        ({"komi": "NaN"}, "komi", "half points"),
        ({"komi": "seven"}, "komi", "not a number"),
        ({"komi": "7.5\x00"}, "komi", "not a number"),
        ({"clock_kind": "byoyomi"}, "clock_kind", "Unknown time control"),
        ({"clock_days": 4}, "clock_days", "1, 2, 3, 5, 7, 14, 21"),
        ({"clock_increment_days": 1}, "clock_increment_days", "only apply to a Fischer"),
        ({"clock_kind": "fischer", "clock_cap_days": 14}, "clock_increment_days", "increment"),
        (
            {"clock_kind": "fischer", "clock_days": 21, "clock_increment_days": 1},
            "clock_cap_days",
            "at least the initial time",
        ),
        ({"rated": "yes"}, "rated", "yes or no"),
    ],
)
def test_a_bad_value_is_refused_naming_its_setting(changes, setting, message):
    with pytest.raises(InvalidSetting, match=message) as caught:
        GameSettings(**{"board_kind": "square", "board_size": 9, **changes})
    assert caught.value.setting == setting


def test_an_unknown_setting_is_an_error_naming_it():
    with pytest.raises(InvalidSetting, match="'clok_days'") as caught:
        GameSettings.from_mapping({"board_kind": "square", "board_size": 9, "clok_days": 7})
    assert caught.value.setting == "clok_days"
    base = GameSettings(board_kind="square", board_size=9)
    with pytest.raises(InvalidSetting, match="'colour'"):
        base.replace(colour="black")


def test_it_is_frozen_and_a_changed_copy_is_checked_again():
    base = GameSettings(board_kind="square", board_size=9)
    with pytest.raises(dataclasses.FrozenInstanceError):
        base.clock_days = 7
    assert base.replace(clock_days=7).clock_days == 7
    with pytest.raises(InvalidSetting):
        base.replace(clock_days=8)


def test_the_table_columns_are_the_settings(game_factory):
    """Adding a setting adds its column: the model fields come from GameSettings."""
    names = set(GameSettings.names())
    for model in (Game, Challenge):
        fields = {f.name for f in model._meta.get_fields()}
        assert names <= fields
    assert set(settings_columns()) == names
    assert GameSettingsColumns._meta.abstract
    game = game_factory(board_size=13, handicap=3, weekend_pause=True)
    stored = Game.objects.get(pk=game.pk)
    assert stored.settings == GameSettings(
        board_kind="square",
        board_size=13,
        ruleset="go-area",
        handicap=3,
        weekend_pause=True,
    )


VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.decimals(allow_nan=True, allow_infinity=True),
)


@given(st.dictionaries(st.sampled_from([*GameSettings.names(), "bogus"]), VALUES, max_size=6))
def test_any_input_is_either_settings_or_a_named_refusal(data):
    """Forms, ladder configurations and the coming API may hand anything over."""
    values = {"board_kind": "square", "board_size": 9, **data}
    try:
        settings = GameSettings.from_mapping(values)
    except InvalidSetting as error:
        assert error.setting in values
    else:
        assert GameSettings.of(settings) == settings


@pytest.mark.parametrize(
    ("changes", "setting"),
    [
        # Japanese byo-yomi: main time, then periods of days.
        ({"clock_kind": "japanese", "clock_periods": 0, "clock_period_days": 1}, "clock_periods"),
        (
            {"clock_kind": "japanese", "clock_periods": 3, "clock_period_days": 0},
            "clock_period_days",
        ),
        ({"clock_kind": "japanese", "clock_periods": 4, "clock_period_days": 1}, "clock_periods"),
        # Canadian byo-yomi: main time, then moves in a period.
        (
            {"clock_kind": "canadian", "clock_period_moves": 7, "clock_period_days": 7},
            "clock_period_moves",
        ),
        (
            {"clock_kind": "canadian", "clock_period_moves": 10, "clock_period_days": 1},
            "clock_period_days",
        ),
        # Periods only go with byo-yomi; absolute time has its own days.
        ({"clock_kind": "per_move", "clock_periods": 3}, "clock_periods"),
        (
            {
                "clock_kind": "fischer",
                "clock_increment_days": 1,
                "clock_cap_days": 7,
                "clock_period_days": 2,
            },
            "clock_period_days",
        ),
        ({"clock_kind": "absolute", "clock_days": 3}, "clock_days"),
        (
            {"clock_kind": "japanese", "clock_days": 4, "clock_periods": 3, "clock_period_days": 1},
            "clock_days",
        ),
    ],
)
def test_byoyomi_and_absolute_settings_are_checked(changes, setting):
    with pytest.raises(InvalidSetting) as error:
        GameSettings(board_kind="square", board_size=19, **changes)
    assert error.value.setting == setting


def test_the_three_new_clocks_are_accepted_and_named():
    japanese = GameSettings(
        board_kind="square", board_size=19, clock_kind="japanese", clock_days=30,
        clock_periods=5, clock_period_days=1,
    )  # fmt: skip
    assert japanese.time_control.kind == "japanese"
    assert japanese.time_control.period == dt.timedelta(days=1)
    canadian = GameSettings(
        board_kind="square", board_size=19, clock_kind="canadian", clock_days=14,
        clock_period_moves=10, clock_period_days=7,
    )  # fmt: skip
    assert canadian.time_control.period_moves == 10
    absolute = GameSettings(
        board_kind="square", board_size=19, clock_kind="absolute", clock_days=90
    )
    assert absolute.time_control.main == dt.timedelta(days=90)


def test_komi_is_written_as_the_readers_language_writes_decimals():
    game = Game(komi=Decimal("6.5"))
    with translation.override("en"):
        assert game.komi_label == "6.5"
    with translation.override("de"):
        assert game.komi_label == "6,5"
    with translation.override("de"):
        assert Game(komi=Decimal("7.0")).komi_label == "7"
