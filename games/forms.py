"""Forms for the games pages. They check shape and choices; the services check the rules."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django import forms
from django.utils import formats
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy, ngettext

import rules
from games.choices import BoardKind, ClockKind, ColourChoice, RuleSetKey
from games.game_settings import (
    BOARD_SIZES,
    CANADIAN_MOVES,
    CANADIAN_PERIOD_DAYS,
    CLOCK_KIND_DAYS,
    DEFAULT_CLOCK_DAYS,
    FISCHER_CAP_DAYS,
    FISCHER_INCREMENT_DAYS,
    HANDICAPS,
    JAPANESE_PERIOD_DAYS,
    JAPANESE_PERIODS,
    MAX_KOMI,
    GameSettings,
    InvalidSetting,
    topology_label,
)
from games.models import CONTACT_MAX_LENGTH


# Choice labels are built when a page shows them, in its language (the choices themselves are
# made once, at import).
def _board_name(kind: BoardKind, size: int) -> str:
    return f"{kind.label} {topology_label(rules.topology_for(kind, size))}"


def _stones(count: int) -> str:
    return ngettext("%(count)s stone", "%(count)s stones", count) % {"count": count}


def _day_count(count: int) -> str:
    return ngettext("%(count)s day", "%(count)s days", count) % {"count": count}


_board_name_lazy = lazy(_board_name, str)
_stones_lazy = lazy(_stones, str)
_day_count_lazy = lazy(_day_count, str)

# The same names as everywhere else ("Go 19×19", "Badux hex 6": the models' board_label).
GAME_CHOICES = [
    (f"{kind.value}-{n}", _board_name_lazy(kind, n))
    for kind in (BoardKind.SQUARE, BoardKind.HEX)
    for n in BOARD_SIZES[kind]
]
HANDICAP_CHOICES = [(n, _stones_lazy(n) if n else gettext_lazy("None")) for n in HANDICAPS]
BOARD_RULES = ""  # the ruleset choice meaning "the board's own rules"


def _days(values) -> list[tuple[int, str]]:
    return [(n, _day_count_lazy(n)) for n in values]


def parse_game_choice(value: str) -> tuple[str, int]:
    """'square-19' -> ('square', 19)."""
    kind, size = value.rsplit("-", 1)
    return kind, int(size)


class KomiField(forms.DecimalField):
    """Komi in half points, typed and shown as the active language writes numbers ("6,5" in
    German, French, Spanish, Russian; "6.5" in English; either separator is read in every
    language, since komi never has thousands). Any other number (1e400, NaN, 0.3) is refused
    with one message before Django's own validators, which fail on huge exponents."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("widget", forms.TextInput(attrs={"inputmode": "decimal"}))
        super().__init__(localize=True, **kwargs)

    @staticmethod
    def message() -> str:
        example = formats.number_format(Decimal("6.5"), decimal_pos=1)
        if example == "6.5":  # the sentence the catalogs already translate, example included
            return gettext("Komi is a number of half points between -50 and 50, like 6.5.")
        return gettext("Komi is a number of half points between -50 and 50, like %(example)s.") % {
            "example": example
        }

    def to_python(self, value):
        if value in self.empty_values:
            return None
        text = formats.sanitize_separators(str(value).strip()).replace(",", ".")
        text = text.replace("\u2212", "-")  # the minus sign some keyboards type
        try:
            number = Decimal(text)
        except (InvalidOperation, ValueError):
            raise forms.ValidationError(self.message(), code="invalid") from None
        if not number.is_finite() or abs(number) > MAX_KOMI or (number * 2) % 1:
            raise forms.ValidationError(self.message(), code="invalid")
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


# The clock fields each time control uses; the others are hidden while it is chosen
# (static/games/settings_form.js reads `data-clock-kinds`) and cleared when the form is sent.
CLOCK_KIND_FIELDS: dict[str, tuple[str, ...]] = {
    "clock_increment_days": (ClockKind.FISCHER,),
    "clock_cap_days": (ClockKind.FISCHER,),
    "clock_periods": (ClockKind.JAPANESE,),
    "clock_period_moves": (ClockKind.CANADIAN,),
    "clock_period_days": (ClockKind.JAPANESE, ClockKind.CANADIAN),
}
ALL_CLOCK_DAYS = sorted({days for values in CLOCK_KIND_DAYS.values() for days in values})


def _kind_field(
    name: str, label: str, choices: list[tuple[int, str]], help_text: str = ""
) -> forms.TypedChoiceField:
    """An optional clock field shown only with the time controls that use it."""
    return forms.TypedChoiceField(
        label=label,
        choices=[(0, "–"), *choices],
        coerce=int,
        initial=0,
        required=False,
        empty_value=0,
        help_text=help_text,
        widget=forms.Select(attrs={"data-clock-kinds": " ".join(CLOCK_KIND_FIELDS[name])}),
    )


class GameSettingsForm(forms.Form):
    """A field for every GameSettings setting, for the new-game form and the forms of
    tournaments: `game` (board kind and size), rules, komi, handicap, the clock and its
    options, rated. `settings_clean(data)` checks the clock fields of the chosen time control
    and builds `data["settings"]`. A form that leaves a setting out removes its field."""

    game = forms.ChoiceField(label=gettext_lazy("Game"), choices=GAME_CHOICES, initial="square-19")
    ruleset = forms.ChoiceField(
        label=gettext_lazy("Rules"),
        choices=[
            (
                BOARD_RULES,
                gettext_lazy("The board's own rules (Go: area scoring; Badux: Badux rules)"),
            ),
            *RuleSetKey.choices,
        ],
        initial=BOARD_RULES,
        required=False,
        help_text=gettext_lazy(
            "Go rules are for square boards; Badux boards are played with the Badux rules."
        ),
    )
    komi = KomiField(
        label=gettext_lazy("Komi"),
        required=False,
        help_text=gettext_lazy(
            "In half points. Leave empty for the rules' komi (0.5 with a handicap)."
        ),
    )
    handicap = forms.TypedChoiceField(
        label=gettext_lazy("Handicap"),
        choices=HANDICAP_CHOICES,
        coerce=int,
        initial=0,
        help_text=gettext_lazy(
            "With a handicap, Black (the weaker player) gets the stones and White moves first."
        ),
    )
    clock_kind = forms.ChoiceField(
        label=gettext_lazy("Time control"),
        choices=ClockKind.choices,
        initial=ClockKind.PER_MOVE,
        widget=forms.RadioSelect,
    )
    clock_days = forms.TypedChoiceField(
        label=gettext_lazy("Time per move (Fischer: initial time; absolute, byo-yomi: main time)"),
        choices=_days(ALL_CLOCK_DAYS),
        coerce=int,
        initial=DEFAULT_CLOCK_DAYS,
        help_text=gettext_lazy(
            "Days per move and Fischer: 1 to 21 days; absolute: 7 to 180 days for the whole "
            "game; byo-yomi: 1 to 90 days of main time."
        ),
    )
    clock_increment_days = _kind_field(
        "clock_increment_days",
        gettext_lazy("Fischer increment per move"),
        _days(FISCHER_INCREMENT_DAYS),
    )
    clock_cap_days = _kind_field(
        "clock_cap_days", gettext_lazy("Fischer maximum"), _days(FISCHER_CAP_DAYS)
    )
    clock_periods = _kind_field(
        "clock_periods",
        gettext_lazy("Byo-yomi periods"),
        [(n, str(n)) for n in JAPANESE_PERIODS],
        gettext_lazy(
            "Japanese: once the main time is used, each move has a period; a period used up "
            "in full is gone, and with the last one the game is lost on time."
        ),
    )
    clock_period_moves = _kind_field(
        "clock_period_moves",
        gettext_lazy("Moves per period"),
        [(n, str(n)) for n in CANADIAN_MOVES],
        gettext_lazy(
            "Canadian: once the main time is used, play this many moves within each period; "
            "then a fresh period starts."
        ),
    )
    clock_period_days = _kind_field(
        "clock_period_days",
        gettext_lazy("Length of a period"),
        _days(sorted(set(JAPANESE_PERIOD_DAYS) | set(CANADIAN_PERIOD_DAYS))),
        gettext_lazy("Japanese: 1 to 14 days; Canadian: 3 to 30 days."),
    )
    weekend_pause = forms.BooleanField(
        label=gettext_lazy("Weekends free"),
        required=False,
        initial=False,
        help_text=gettext_lazy("Saturday and Sunday in each player's own time zone do not count."),
    )
    vacation_allowed = forms.BooleanField(
        label=gettext_lazy("Clocks stop during vacations"),
        required=False,
        initial=True,
        help_text=gettext_lazy(
            "A player on vacation has their clock stopped (using their vacation days)."
        ),
    )
    rated = forms.BooleanField(label=gettext_lazy("Rated"), required=False, initial=True)

    def settings_clean(self, data: dict) -> dict:
        """Refuse a Fischer or byo-yomi clock without its fields, clear the fields the chosen
        time control does not use, and put the GameSettings in data["settings"] when all is
        well."""
        kind = data.get("clock_kind")
        missing = {
            "clock_increment_days": gettext("Choose the Fischer increment."),
            "clock_cap_days": gettext("Choose the Fischer maximum."),
            "clock_periods": gettext("Choose how many byo-yomi periods."),
            "clock_period_moves": gettext("Choose how many moves a period asks for."),
            "clock_period_days": gettext("Choose how long a byo-yomi period lasts."),
        }
        for name, kinds in CLOCK_KIND_FIELDS.items():
            if name not in self.fields:
                continue
            if kind not in kinds:
                data[name] = 0
            elif not data.get(name):
                self.add_error(name, missing[name])
        if not self.errors:
            data["settings"] = settings_build(self, data)
        return data


class NewGameForm(GameSettingsForm):
    """The new-game form: an open challenge, or an invitation when an opponent is named."""

    colour = forms.ChoiceField(
        label=gettext_lazy("Your colour"), choices=ColourChoice.choices, initial=ColourChoice.RANDOM
    )
    field_order = ["game", "ruleset", "komi", "handicap", "colour"]  # then the clock and the rest

    auto_match = forms.BooleanField(
        label=gettext_lazy("Auto-match"),
        required=False,
        help_text=gettext_lazy(
            "If an open challenge with exactly these settings is waiting, start that game "
            "at once instead of posting a new one."
        ),
    )
    opponent = forms.CharField(
        label=gettext_lazy("Opponent"),
        required=False,
        max_length=150,
        help_text=gettext_lazy(
            "A player's username to invite them; leave empty to post an open challenge "
            "in the Waiting Room."
        ),
    )
    message = forms.CharField(
        label=gettext_lazy("Message"),
        required=False,
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def clean(self):
        data = super().clean()
        if data.get("auto_match") and data.get("opponent"):
            self.add_error(
                "auto_match", gettext("Auto-match is for open challenges; clear the opponent.")
            )
        return self.settings_clean(data)


class AutomatchForm(forms.Form):
    """Join the auto-match queue for a game and size (every other setting its default)."""

    game = forms.ChoiceField(label=gettext_lazy("Game"), choices=GAME_CHOICES, initial="square-19")

    def clean(self):
        data = super().clean()
        if not self.errors:
            data["settings"] = settings_build(self, data)
        return data


class WaitingRoomFilterForm(forms.Form):
    """Filter the Waiting Room by game and size."""

    game = forms.ChoiceField(
        label=gettext_lazy("Game"),
        choices=[("", gettext_lazy("Any game")), *GAME_CHOICES],
        required=False,
    )
    kind = forms.ChoiceField(
        label=gettext_lazy("Variant"),
        choices=[("", gettext_lazy("Go or Badux")), *BoardKind.choices],
        required=False,
    )


class MoveForm(forms.Form):
    """A stone at a point typed or clicked ('D4'), for the page that showed `move_number`."""

    point = forms.CharField(max_length=8, label=gettext_lazy("Coordinate"))
    move_number = forms.IntegerField(min_value=0, widget=forms.HiddenInput)


class TurnForm(forms.Form):
    """Pass or resign, for the page that showed `move_number`."""

    move_number = forms.IntegerField(min_value=0, widget=forms.HiddenInput)


class ChatForm(forms.Form):
    text = forms.CharField(max_length=1000, label=gettext_lazy("Say"), widget=forms.TextInput)


class ReportForm(forms.Form):
    """A player's report of a wrong result to the site staff."""

    reason = forms.CharField(
        max_length=2000,
        label=gettext_lazy("What is wrong with the result?"),
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=gettext_lazy(
            "For example: a resignation by mistake, or a count you could not fix by "
            "marking the dead stones together."
        ),
    )


class MarkingForm(forms.Form):
    """Accept the marking, for the page that showed marking `version`."""

    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)


class ToggleForm(MarkingForm):
    """Mark the chain at a point ('D4') dead or alive again."""

    point = forms.CharField(max_length=8, label=gettext_lazy("Stone"))


class ContactForm(forms.Form):
    """A message to the site staff about one game. Django's CharField refuses NUL characters
    with a clear error."""

    text = forms.CharField(
        max_length=CONTACT_MAX_LENGTH,
        label=gettext_lazy("Your message to the site staff"),
        widget=forms.Textarea(attrs={"rows": 6, "maxlength": CONTACT_MAX_LENGTH}),
        help_text=gettext_lazy(
            "For example: a bug on this page, a player who behaves badly, a clock that "
            "looks wrong. The staff see this game with your message and answer by e-mail."
        ),
    )


class SiteContactForm(forms.Form):
    """A message to the site staff about the site, no game in particular (the footer's
    contact page)."""

    text = forms.CharField(
        max_length=CONTACT_MAX_LENGTH,
        label=gettext_lazy("Your message to the site staff"),
        widget=forms.Textarea(attrs={"rows": 6, "maxlength": CONTACT_MAX_LENGTH}),
        help_text=gettext_lazy(
            "For example: a question, a bug, a player who behaves badly. About one game? "
            "Use the link on that game's page instead."
        ),
    )


class TellAFriendForm(NewGameForm):
    """Invite someone by e-mail to join and play: their address, a personal note, and the
    game (the new-game form's settings, without opponent and auto-match)."""

    email = forms.EmailField(label=gettext_lazy("Your friend's e-mail address"), max_length=254)
    note = forms.CharField(
        label=gettext_lazy("A personal note"),
        required=False,
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3, "maxlength": 500}),
        help_text=gettext_lazy("It goes into the invitation mail, under your name."),
    )
    field_order = ["email", "note"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for name in ("opponent", "auto_match", "message"):
            del self.fields[name]
