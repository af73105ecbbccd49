"""The create-a-tournament form. It checks shape and choices; the service checks the rules."""

from __future__ import annotations

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy

from games.forms import GameSettingsForm
from games.game_settings import GameSettings
from ladder.tournaments.models import PAIRED_BY_ROUND, Format, HandicapRule
from ladder.tournaments.services import MAX_PLAYERS, MAX_ROUND_ROBIN_PLAYERS, MAX_ROUNDS


def _player_limit_help() -> str:
    return gettext("Up to %(MAX_PLAYERS)s; a round robin up to %(MAX_ROUND_ROBIN_PLAYERS)s.") % {
        "MAX_PLAYERS": MAX_PLAYERS,
        "MAX_ROUND_ROBIN_PLAYERS": MAX_ROUND_ROBIN_PLAYERS,
    }


def _for_formats(*formats: str) -> dict[str, str]:
    """Widget attributes: shown only for these formats (static/games/new_game.js)."""
    return {"data-formats": " ".join(formats)}


class TournamentForm(GameSettingsForm):
    """A tournament: its name and format, every game setting (GameSettingsForm: board, rules,
    komi, clock, weekends, vacations, rated; no fixed handicap, see `handicap_rule`) and its
    registration. The fields of one format only show with it (`data-formats`)."""

    name = forms.CharField(label=gettext_lazy("Name"), max_length=80)
    description = forms.CharField(label=gettext_lazy("Description"),
                                  widget=forms.Textarea(attrs={"rows": 3}), required=False,
                                  max_length=2000)  # fmt: skip
    format = forms.ChoiceField(
        label=gettext_lazy("Format"), choices=Format.choices, initial=Format.ROUND_ROBIN
    )
    handicap = None  # games are even, or handicapped by McMahon score (handicap_rule)
    rounds = forms.IntegerField(
        label=gettext_lazy("Rounds"), min_value=1, max_value=MAX_ROUNDS, required=False, initial=4,
        help_text=gettext_lazy(
            "Swiss and McMahon only: the other formats' rounds follow from the players."
        ),
        widget=forms.NumberInput(attrs=_for_formats(*PAIRED_BY_ROUND)),
    )  # fmt: skip
    mcmahon_bar = forms.CharField(label=gettext_lazy("McMahon bar"), max_length=4, required=False,
                                  initial="1d", help_text=gettext_lazy("McMahon only."),
                                  widget=forms.TextInput(attrs=_for_formats(Format.MCMAHON)),
                                  )  # fmt: skip
    mcmahon_floor = forms.CharField(label=gettext_lazy("McMahon floor"), max_length=4,
                                    required=False, initial="20k",
                                    help_text=gettext_lazy("McMahon only."),
                                    widget=forms.TextInput(attrs=_for_formats(Format.MCMAHON)),
                                    )  # fmt: skip
    handicap_rule = forms.ChoiceField(
        label=gettext_lazy("Handicap"), choices=HandicapRule.choices, initial=HandicapRule.NONE,
        required=False,
        help_text=gettext_lazy(
            "By McMahon score: McMahon only; every other format plays even games."
        ),
        widget=forms.Select(attrs=_for_formats(Format.MCMAHON)),
    )  # fmt: skip
    player_limit = forms.IntegerField(
        label=gettext_lazy("Player limit"), min_value=2, max_value=MAX_PLAYERS, initial=16,
        help_text=lazy(_player_limit_help, str)(),  # in the page's language, not import's
    )  # fmt: skip
    rank_min = forms.CharField(label=gettext_lazy(
        "Weakest rank allowed"
    ), max_length=4, required=False,
                               help_text=gettext_lazy(
                                   "30k to 9d; empty for no limit."
                               ))  # fmt: skip
    rank_max = forms.CharField(label=gettext_lazy(
        "Strongest rank allowed"
    ), max_length=4, required=False,
                               help_text=gettext_lazy(
                                   "30k to 9d; empty for no limit."
                               ))  # fmt: skip
    start_when_full = forms.BooleanField(
        label=gettext_lazy("Start when full"), required=False, initial=True
    )
    field_order = ["name", "description", "format", "rounds", "mcmahon_bar", "mcmahon_floor",
                   "handicap_rule", "game"]  # fmt: skip

    join = forms.BooleanField(
        label=gettext_lazy("I play in it too"),
        required=False,
        initial=True,
        help_text=gettext_lazy(
            "Registers you as its first player; you may leave before it starts."
        ),
    )

    def __init__(self, *args, editing: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # A tournament's clocks run through vacations unless the organiser allows them.
        self.fields["vacation_allowed"].initial = False
        if editing:  # the organiser joins or leaves with the page's buttons
            del self.fields["join"]

    def clean(self) -> dict:
        data = super().clean()
        for name in ("name", "description", "mcmahon_bar", "mcmahon_floor", "rank_min", "rank_max"):
            if "\x00" in (data.get(name) or ""):
                self.add_error(name, gettext("That text holds a character that is not allowed."))
        if data.get("format") != Format.MCMAHON:  # hidden for the other formats
            data["handicap_rule"] = HandicapRule.NONE
        data["handicap_rule"] = data.get("handicap_rule") or HandicapRule.NONE
        return self.settings_clean(data)

    def settings(self) -> GameSettings | None:
        """The tournament's GameSettings (None after adding the refusal to the form)."""
        return self.cleaned_data.get("settings")
