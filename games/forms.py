"""Forms for the games pages. They check shape and choices; the services check the rules."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django import forms

import rules

from .choices import BoardKind, ClockKind, ColourChoice, RuleSetKey
from .game_settings import (
    BOARD_SIZES,
    CLOCK_DAYS,
    DEFAULT_CLOCK_DAYS,
    FISCHER_CAP_DAYS,
    FISCHER_INCREMENT_DAYS,
    HANDICAPS,
    MAX_KOMI,
    GameSettings,
    InvalidSetting,
)
from .models import CONTACT_MAX_LENGTH

# The same names as everywhere else ("Go 19×19", "Badux hex 6": the models' board_label).
GAME_CHOICES = [
    (f"{kind.value}-{n}", f"{kind.label} {rules.topology_for(kind, n).label}")
    for kind in (BoardKind.SQUARE, BoardKind.HEX)
    for n in BOARD_SIZES[kind]
]
HANDICAP_CHOICES = [(n, f"{n} stones" if n else "None") for n in HANDICAPS]
BOARD_RULES = ""  # the ruleset choice meaning "the board's own rules"


def _days(values) -> list[tuple[int, str]]:
    return [(n, f"{n} day{'s' if n != 1 else ''}") for n in values]


def parse_game_choice(value: str) -> tuple[str, int]:
    """'square-19' -> ('square', 19)."""
    kind, size = value.rsplit("-", 1)
    return kind, int(size)


class KomiField(forms.DecimalField):
    """Komi in half points; any other number (1e400, NaN, 0.3) is refused with one message
    before Django's own validators, which fail on huge exponents."""

    message = "Komi is a number of half points between -50 and 50, like 6.5."

    def to_python(self, value):
        if value in self.empty_values:
            return None
        try:
            number = Decimal(str(value).strip())
        except (InvalidOperation, ValueError):
            raise forms.ValidationError(self.message, code="invalid") from None
        if not number.is_finite() or abs(number) > MAX_KOMI or (number * 2) % 1:
            raise forms.ValidationError(self.message, code="invalid")
        return number


# Form field -> setting, where the names differ; the game field carries kind and size.
_SETTING_FIELDS = {"board_kind": "game", "board_size": "game"}


def settings_build(form: forms.Form, data: dict) -> GameSettings | None:
    """The GameSettings a settings form's cleaned `data` describes, or None after adding the
    refusal to the form field it concerns."""
    kind, size = parse_game_choice(data["game"])
    values = {"board_kind": kind, "board_size": size}
    for name in GameSettings.names():
        if name in form.fields:
            values[name] = data.get(name)
    if values.get("ruleset") == BOARD_RULES:
        values["ruleset"] = None
    try:
        return GameSettings.from_mapping(values)
    except InvalidSetting as error:
        field = _SETTING_FIELDS.get(error.setting, error.setting)
        form.add_error(field if field in form.fields else None, error.messages)
        return None


class NewGameForm(forms.Form):
    """The new-game form: an open challenge, or an invitation when an opponent is named."""

    game = forms.ChoiceField(choices=GAME_CHOICES, initial="square-19")
    ruleset = forms.ChoiceField(
        label="Rules",
        choices=[(BOARD_RULES, "The board's own rules (Go: area scoring; Badux: Badux rules)")]
        + list(RuleSetKey.choices),
        initial=BOARD_RULES,
        required=False,
        help_text="Go rules are for square boards; Badux boards are played with the Badux rules.",
    )
    komi = KomiField(
        required=False,
        help_text="In half points. Leave empty for the rules' komi (0.5 with a handicap).",
    )
    handicap = forms.TypedChoiceField(
        choices=HANDICAP_CHOICES,
        coerce=int,
        initial=0,
        help_text="With a handicap, Black (the weaker player) gets the stones and White "
        "moves first.",
    )
    colour = forms.ChoiceField(
        label="Your colour", choices=ColourChoice.choices, initial=ColourChoice.RANDOM
    )
    clock_kind = forms.ChoiceField(
        label="Time control",
        choices=ClockKind.choices,
        initial=ClockKind.PER_MOVE,
        widget=forms.RadioSelect,
    )
    clock_days = forms.TypedChoiceField(
        label="Time per move (Fischer: initial time)",
        choices=_days(CLOCK_DAYS),
        coerce=int,
        initial=DEFAULT_CLOCK_DAYS,
    )
    clock_increment_days = forms.TypedChoiceField(
        label="Fischer increment per move",
        choices=[(0, "–")] + _days(FISCHER_INCREMENT_DAYS),
        coerce=int,
        initial=0,
        required=False,
        empty_value=0,
    )
    clock_cap_days = forms.TypedChoiceField(
        label="Fischer maximum",
        choices=[(0, "–")] + _days(FISCHER_CAP_DAYS),
        coerce=int,
        initial=0,
        required=False,
        empty_value=0,
    )
    weekend_pause = forms.BooleanField(
        label="Weekends free",
        required=False,
        initial=False,
        help_text="Saturday and Sunday in each player's own time zone do not count.",
    )
    vacation_allowed = forms.BooleanField(
        label="Clocks stop during vacations",
        required=False,
        initial=True,
        help_text="A player on vacation has their clock stopped (using their vacation days).",
    )
    rated = forms.BooleanField(required=False, initial=True)
    auto_match = forms.BooleanField(
        label="Auto-match",
        required=False,
        help_text="If an open challenge with exactly these settings is waiting, start that game "
        "at once instead of posting a new one.",
    )
    opponent = forms.CharField(
        required=False,
        max_length=150,
        help_text="A player's username to invite them; leave empty to post an open challenge "
        "in the Waiting Room.",
    )
    message = forms.CharField(
        required=False, max_length=500, widget=forms.Textarea(attrs={"rows": 2})
    )

    def clean(self):
        data = super().clean()
        if data.get("clock_kind") == ClockKind.FISCHER:
            if not data.get("clock_increment_days"):
                self.add_error("clock_increment_days", "Choose the Fischer increment.")
            if not data.get("clock_cap_days"):
                self.add_error("clock_cap_days", "Choose the Fischer maximum.")
        else:
            data["clock_increment_days"] = 0
            data["clock_cap_days"] = 0
        if data.get("auto_match") and data.get("opponent"):
            self.add_error("auto_match", "Auto-match is for open challenges; clear the opponent.")
        if not self.errors:
            data["settings"] = settings_build(self, data)
        return data


class AutoMatchForm(forms.Form):
    """Join the auto-match queue for a game and size (every other setting its default)."""

    game = forms.ChoiceField(choices=GAME_CHOICES, initial="square-19")

    def clean(self):
        data = super().clean()
        if not self.errors:
            data["settings"] = settings_build(self, data)
        return data


class WaitingRoomFilterForm(forms.Form):
    """Filter the Waiting Room by game and size."""

    game = forms.ChoiceField(choices=[("", "Any game")] + GAME_CHOICES, required=False)
    kind = forms.ChoiceField(
        choices=[("", "Go or Badux")] + list(BoardKind.choices), required=False
    )


class MoveForm(forms.Form):
    """A stone at a point typed or clicked ('D4'), for the page that showed `move_number`."""

    point = forms.CharField(max_length=8, label="Coordinate")
    move_number = forms.IntegerField(min_value=0, widget=forms.HiddenInput)


class TurnForm(forms.Form):
    """Pass or resign, for the page that showed `move_number`."""

    move_number = forms.IntegerField(min_value=0, widget=forms.HiddenInput)


class ChatForm(forms.Form):
    text = forms.CharField(max_length=1000, label="Say", widget=forms.TextInput)


class SgfUploadForm(forms.Form):
    """An SGF file to review (at most 512 KB)."""

    sgf = forms.FileField(label="SGF file")

    def clean_sgf(self):
        upload = self.cleaned_data["sgf"]
        if upload.size > 512 * 1024:
            raise forms.ValidationError("That file is larger than 512 KB; SGF records are small.")
        return upload


class ReportForm(forms.Form):
    """A player's report of a wrong result to the site staff."""

    reason = forms.CharField(
        max_length=2000,
        label="What is wrong with the result?",
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text="For example: a resignation by mistake, or a count you could not fix by "
        "marking the dead stones together.",
    )


class MarkingForm(forms.Form):
    """Accept the marking, for the page that showed marking `version`."""

    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)


class ToggleForm(MarkingForm):
    """Mark the chain at a point ('D4') dead or alive again."""

    point = forms.CharField(max_length=8, label="Stone")


class ContactForm(forms.Form):
    """A message to the site staff about one game. Django's CharField refuses NUL characters
    with a clear error."""

    text = forms.CharField(
        max_length=CONTACT_MAX_LENGTH,
        label="Your message to the site staff",
        widget=forms.Textarea(attrs={"rows": 6, "maxlength": CONTACT_MAX_LENGTH}),
        help_text="For example: a bug on this page, a player who behaves badly, a clock that "
        "looks wrong. The staff see this game with your message and answer by e-mail.",
    )


class TellAFriendForm(NewGameForm):
    """Invite someone by e-mail to join and play: their address, a personal note, and the
    game (the new-game form's settings, without opponent and auto-match)."""

    email = forms.EmailField(label="Your friend's e-mail address", max_length=254)
    note = forms.CharField(
        label="A personal note",
        required=False,
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3, "maxlength": 500}),
        help_text="It goes into the invitation mail, under your name.",
    )
    field_order = ["email", "note"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for name in ("opponent", "auto_match", "message"):
            del self.fields[name]
