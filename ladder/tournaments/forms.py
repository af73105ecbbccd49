"""The create-a-tournament form. It checks shape and choices; the service checks the rules."""

from __future__ import annotations

from django import forms

from games.forms import GAME_CHOICES, settings_build
from games.game_settings import CLOCK_DAYS, DEFAULT_CLOCK_DAYS, GameSettings

from .models import Format, HandicapRule
from .services import MAX_PLAYERS, MAX_ROUND_ROBIN_PLAYERS, MAX_ROUNDS


class TournamentForm(forms.Form):
    name = forms.CharField(max_length=80)
    description = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), required=False,
                                  max_length=2000)  # fmt: skip
    format = forms.ChoiceField(choices=Format.choices, initial=Format.ROUND_ROBIN)
    game = forms.ChoiceField(choices=GAME_CHOICES, initial="square-19")
    clock_days = forms.TypedChoiceField(
        label="Days per move",
        choices=[(d, f"{d} day{'s' if d > 1 else ''}") for d in CLOCK_DAYS],
        coerce=int,
        initial=DEFAULT_CLOCK_DAYS,
    )
    rated = forms.BooleanField(required=False, initial=True)
    vacation_allowed = forms.BooleanField(
        label="Clocks stop during vacations", required=False, initial=False
    )
    rounds = forms.IntegerField(
        min_value=1, max_value=MAX_ROUNDS, required=False, initial=4,
        help_text="Swiss and McMahon only: the other formats' rounds follow from the players.",
    )  # fmt: skip
    mcmahon_bar = forms.CharField(label="McMahon bar", max_length=4, required=False,
                                  initial="1d", help_text="McMahon only.")  # fmt: skip
    mcmahon_floor = forms.CharField(label="McMahon floor", max_length=4, required=False,
                                    initial="20k", help_text="McMahon only.")  # fmt: skip
    handicap_rule = forms.ChoiceField(
        label="Handicap", choices=HandicapRule.choices, initial=HandicapRule.NONE,
        help_text="By McMahon score: McMahon only; every other format plays even games.",
    )  # fmt: skip
    player_limit = forms.IntegerField(
        min_value=2, max_value=MAX_PLAYERS, initial=16,
        help_text=f"Up to {MAX_PLAYERS}; a round robin up to {MAX_ROUND_ROBIN_PLAYERS}.",
    )  # fmt: skip
    rank_min = forms.CharField(label="Weakest rank allowed", max_length=4, required=False,
                               help_text="30k to 9d; empty for no limit.")  # fmt: skip
    rank_max = forms.CharField(label="Strongest rank allowed", max_length=4, required=False,
                               help_text="30k to 9d; empty for no limit.")  # fmt: skip
    start_when_full = forms.BooleanField(required=False, initial=True)

    def clean(self) -> dict:
        data = super().clean()
        for name in ("name", "description", "mcmahon_bar", "mcmahon_floor", "rank_min", "rank_max"):
            if "\x00" in (data.get(name) or ""):
                self.add_error(name, "That text holds a character that is not allowed.")
        return data

    def settings(self) -> GameSettings | None:
        """The tournament's GameSettings, or None after adding the refusal to the form."""
        return settings_build(self, self.cleaned_data)
