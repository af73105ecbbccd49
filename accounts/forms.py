"""Forms for the accounts pages. They validate input; services do the writing."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.text import format_lazy
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from accounts.locale import language_codes
from accounts.models import BoardTheme, Preferences, RelationKind, TokenScope
from accounts.notifications import FIELD_PREFIX, kinds_list
from accounts.selectors import country_choices, time_zone_choices
from accounts.services import BIO_MAX_LENGTH, user_language_set, user_time_zone_set


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
        label=_("Display name"),
        help_text=_("Shown next to your username. Leave empty to show your username only."),
    )
    country = forms.ChoiceField(required=False)
    bio = forms.CharField(
        label=_("About you"),
        required=False,
        max_length=BIO_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=format_lazy(
            _("Plain text, at most {count} characters. Line breaks are kept."), count=BIO_MAX_LENGTH
        ),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["country"] = _country_field(label=_("Country"), empty_label=_("Not telling"))


class SignupExtraForm(forms.Form):
    """What Badux asks at sign-up beside allauth's fields (settings.ACCOUNT_SIGNUP_FORM_CLASS):
    the time zone, filled in from the browser by static/accounts/signup.js and editable."""

    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        initial="UTC",
        required=False,  # left out (a script, an old form): UTC, as before
        help_text=_(
            "Taken from your browser. Deadlines and weekend pauses follow it; you can change it "
            "later in your preferences."
        ),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = [(name, name) for name in time_zone_choices()]

    def signup(self, request, user) -> None:  # noqa: ANN001  (allauth's hook, called after save)
        """Store the chosen time zone on the new account, and the language the sign-up page
        was in (Accept-Language or the switcher) when it is not the default, so the player's
        mails, written outside any request, speak it too."""
        if self.cleaned_data.get("time_zone"):
            user_time_zone_set(user=user, time_zone=self.cleaned_data["time_zone"])
        language = get_language()
        if language in language_codes() and language != settings.LANGUAGE_CODE:
            user_language_set(user=user, language=language)


class PreferencesForm(_Form):
    """Time zone, board appearance and how each kind of event is notified.

    One select per registered notification kind, named `notify_<kind>`, offering only the
    modes that kind allows. `cleaned_data["notify"]` maps kind names to the chosen modes, so
    `cleaned_data` is exactly the arguments of `accounts.services.preferences_update`.
    """

    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        help_text=_("Deadlines and “last seen” times are shown in this zone."),
    )
    language = forms.ChoiceField(
        label=_("Language"),
        required=False,
        help_text=_("The site and the mails you get are in this language."),
    )
    board_theme = forms.ChoiceField(
        label=_("Theme"), choices=BoardTheme.choices, widget=forms.RadioSelect
    )
    show_coordinates = forms.BooleanField(
        required=False, label=_("Show coordinates around the board")
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = [(name, name) for name in time_zone_choices()]
        # Each language by its own name (settings.LANGUAGES), so a reader finds theirs.
        self.fields["language"].choices = [("", _("Your browser’s language")), *settings.LANGUAGES]
        # A kind with one mode (site only, e.g. mail not delivered) has nothing to choose.
        self.kinds = [kind for kind in kinds_list() if len(kind.modes) > 1]
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
        *, prefs: Preferences, modes: dict[str, str], time_zone: str, language: str = ""
    ) -> dict[str, object]:
        """Initial values from stored preferences, the notification modes (by kind name, as
        `accounts.selectors.notify_modes_get` returns them), the user's time zone and language."""
        initial: dict[str, object] = {f"{FIELD_PREFIX}{name}": mode for name, mode in modes.items()}
        initial.update(
            time_zone=time_zone,
            language=language,
            board_theme=prefs.board_theme,
            show_coordinates=prefs.show_coordinates,
        )
        return initial


class PlayerSearchForm(_Form):
    """Filters on the player search page; all optional."""

    name = forms.CharField(
        label=_("Name"),
        required=False,
        max_length=150,
        help_text=_(
            "Finds names that contain what you type; one or two letters find names that start"
            " with them."
        ),
        widget=forms.TextInput(
            attrs={"type": "search", "placeholder": _("username or display name")}
        ),
    )
    country = forms.ChoiceField(required=False)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["country"] = _country_field(label=_("Country"), empty_label=_("Any country"))


class RelationForm(_Form):
    """Add or remove a player on one of your lists (hidden inputs of the page's buttons)."""

    kind = forms.ChoiceField(choices=RelationKind.choices, widget=forms.HiddenInput)
    action = forms.ChoiceField(
        choices=[("add", _("Add")), ("remove", _("Remove"))], widget=forms.HiddenInput
    )


class ApiTokenForm(_Form):
    """A new personal access token for the public API: a name and a scope."""

    name = forms.CharField(
        max_length=60,
        label=_("Name"),
        help_text=_("What will use it, e.g. “my bot” or “phone app”."),
    )
    scope = forms.ChoiceField(
        choices=TokenScope.choices,
        initial=TokenScope.READ,
        widget=forms.RadioSelect,
        label=_("Scope"),
        help_text=_(
            "Read: see your games and notifications. Read and play: also move, pass, "
            "resign and answer challenges."
        ),
    )
