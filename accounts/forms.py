"""Forms for the accounts pages. They validate input; services do the writing."""

from __future__ import annotations

from django import forms

from .models import BoardTheme, Preferences, RelationKind, TokenScope
from .notifications import FIELD_PREFIX, kinds_list
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
    """Time zone, board appearance and how each kind of event is notified.

    One select per registered notification kind, named `notify_<kind>`, offering only the
    modes that kind allows. `cleaned_data["notify"]` maps kind names to the chosen modes, so
    `cleaned_data` is exactly the arguments of `accounts.services.preferences_update`.
    """

    time_zone = forms.ChoiceField(
        help_text="Deadlines and “last seen” times are shown in this zone."
    )
    board_theme = forms.ChoiceField(choices=BoardTheme.choices, widget=forms.RadioSelect)
    show_coordinates = forms.BooleanField(required=False, label="Show coordinates around the board")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = [(name, name) for name in time_zone_choices()]
        self.kinds = kinds_list()
        for kind in self.kinds:
            self.fields[kind.field_name] = forms.ChoiceField(
                label=kind.label, help_text=kind.help_text, choices=kind.choices()
            )

    def clean(self) -> dict:
        data = super().clean()
        data["notify"] = {
            kind.name: data.pop(kind.field_name) for kind in self.kinds if kind.field_name in data
        }
        return data

    def notify_groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        """(group heading, fields) in page order, for the table on the preferences page."""
        groups: list[tuple[str, list[forms.BoundField]]] = []
        for kind in self.kinds:
            if not groups or groups[-1][0] != kind.group:
                groups.append((kind.group, []))
            groups[-1][1].append(self[kind.field_name])
        return groups

    @staticmethod
    def initial_for(
        *, prefs: Preferences, modes: dict[str, str], time_zone: str
    ) -> dict[str, object]:
        """Initial values from stored preferences, the notification modes (by kind name, as
        `accounts.selectors.notify_modes_get` returns them) and the user's time zone."""
        initial: dict[str, object] = {f"{FIELD_PREFIX}{name}": mode for name, mode in modes.items()}
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


class ApiTokenForm(_Form):
    """A new personal access token for the public API: a name and a scope."""

    name = forms.CharField(
        max_length=60,
        help_text="What will use it, e.g. “my bot” or “phone app”.",
    )
    scope = forms.ChoiceField(
        choices=TokenScope.choices,
        initial=TokenScope.READ,
        widget=forms.RadioSelect,
        help_text="Read: see your games and notifications. Read and play: also move, pass, "
        "resign and answer challenges.",
    )
