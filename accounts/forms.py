"""Forms for the accounts pages. They validate input; services do the writing."""

from __future__ import annotations

from django import forms

from .models import NOTIFY_FIELDS, BoardTheme, Preferences, RelationKind, notify_choices
from .selectors import country_choices, time_zone_choices
from .services import BIO_MAX_LENGTH


def _country_field(*, label: str, empty_label: str) -> forms.ChoiceField:
    return forms.ChoiceField(
        label=label, required=False, choices=[("", empty_label), *country_choices()]
    )


class _Form(forms.Form):
    """Labels without a trailing colon, as on the rest of the site."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)


class ProfileForm(_Form):
    """The public profile: display name, country and bio."""

    display_name = forms.CharField(
        max_length=50,
        required=False,
        help_text="Shown next to your username. Leave empty to show your username only.",
    )
    country = forms.ChoiceField(required=False)
    bio = forms.CharField(
        label="About you",
        required=False,
        max_length=BIO_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=f"Plain text, at most {BIO_MAX_LENGTH} characters. Line breaks are kept.",
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["country"] = _country_field(label="Country", empty_label="Not telling")


class PreferencesForm(_Form):
    """Time zone, board appearance and how each kind of event is notified."""

    time_zone = forms.ChoiceField(
        help_text="Deadlines and “last seen” times are shown in this zone."
    )
    board_theme = forms.ChoiceField(choices=BoardTheme.choices, widget=forms.RadioSelect)
    show_coordinates = forms.BooleanField(required=False, label="Show coordinates around the board")
    notify_your_turn = forms.ChoiceField()
    notify_game_over = forms.ChoiceField()
    notify_challenge = forms.ChoiceField()
    notify_challenge_answered = forms.ChoiceField()
    notify_timeout_warning = forms.ChoiceField()
    notify_dispute = forms.ChoiceField()
    notify_chat = forms.ChoiceField()
    notify_message = forms.ChoiceField()

    NOTIFY_FIELDS = NOTIFY_FIELDS

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = [(name, name) for name in time_zone_choices()]
        for name in self.NOTIFY_FIELDS:
            self.fields[name].label = Preferences._meta.get_field(name).verbose_name
            self.fields[name].choices = notify_choices(name)

    def notify_fields(self) -> list[forms.BoundField]:
        """The notification fields, for the table on the preferences page."""
        return [self[name] for name in self.NOTIFY_FIELDS]

    @classmethod
    def initial_for(cls, *, prefs: Preferences, time_zone: str) -> dict[str, object]:
        """Initial values from stored preferences and the user's time zone."""
        initial: dict[str, object] = {name: getattr(prefs, name) for name in cls.NOTIFY_FIELDS}
        initial.update(
            time_zone=time_zone,
            board_theme=prefs.board_theme,
            show_coordinates=prefs.show_coordinates,
        )
        return initial


class PlayerSearchForm(_Form):
    """Filters on the player search page; all optional."""

    name = forms.CharField(
        label="Name",
        required=False,
        max_length=150,
        widget=forms.TextInput(attrs={"type": "search", "placeholder": "username or display name"}),
    )
    country = forms.ChoiceField(required=False)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["country"] = _country_field(label="Country", empty_label="Any country")


class RelationForm(_Form):
    """Add or remove a player on one of your lists."""

    kind = forms.ChoiceField(choices=RelationKind.choices)
    action = forms.ChoiceField(choices=[("add", "Add"), ("remove", "Remove")])
