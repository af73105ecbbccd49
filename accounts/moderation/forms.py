"""Moderation's forms: a report's reason, a moderator's decision, a lift, the player's appeal."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.moderation.models import REASON_MAX_LENGTH, GamesChoice, SanctionKind

# How long a mute, suspension or ban lasts, in hours; "" until a moderator lifts it.
DURATIONS = [
    ("1", _("1 hour")),
    ("24", _("1 day")),
    ("72", _("3 days")),
    ("168", _("1 week")),
    ("720", _("30 days")),
    ("", _("Until lifted")),
]


class ReportForm(forms.Form):
    """Why a player reports something to the moderators."""

    reason = forms.CharField(
        label=_("Why do you report it?"),
        max_length=REASON_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("For example: insults, cheating, spam. The moderators read every report."),
    )


class SanctionForm(forms.Form):
    """A moderator's decision about the reported player."""

    kind = forms.ChoiceField(
        label=_("Decision"),
        choices=[(k, label) for k, label in SanctionKind.choices if k != SanctionKind.LIFT],
    )
    reason = forms.CharField(
        label=_("Reason (the player reads it)"),
        max_length=REASON_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    duration = forms.ChoiceField(
        label=_("For a mute, suspension or ban: how long"),
        choices=DURATIONS,
        required=False,
        initial="24",
    )
    # Grouped by the decision each choice fits (accounts.moderation.services.GAMES_CHOICES),
    # so that the list says, without JavaScript, which choice goes with which decision.
    games = forms.ChoiceField(
        label=_("Their running games"),
        choices=[
            (GamesChoice.NONE, GamesChoice.NONE.label),
            (
                _("For a suspension"),
                [(c, c.label) for c in (GamesChoice.STOP, GamesChoice.ADJOURN)],
            ),
            (_("For a ban"), [(c, c.label) for c in (GamesChoice.RESIGN, GamesChoice.ANNUL)]),
        ],
        required=False,
        help_text=_(
            "Only for a suspension or a ban. Adjourned games wait, clocks stopped, until the "
            "suspension ends, and the opponent may annul them; annulled games end with no "
            "result."
        ),
    )

    def clean(self) -> dict:
        """A choice about running games only with the decision it fits."""
        data = super().clean()
        kind, games = data.get("kind"), data.get("games") or ""
        fits = {
            SanctionKind.SUSPEND: (GamesChoice.STOP, GamesChoice.ADJOURN),
            SanctionKind.BAN: (GamesChoice.RESIGN, GamesChoice.ANNUL),
        }
        if games and games not in fits.get(kind, ()):
            self.add_error("games", _("That choice does not fit this decision."))
        return data

    def ends_at(self, now: dt.datetime) -> dt.datetime | None:
        """The end the chosen duration gives, from `now`; None until lifted."""
        hours = self.cleaned_data.get("duration")
        return now + dt.timedelta(hours=int(hours)) if hours else None


class LiftForm(forms.Form):
    """Why a moderator ends a restriction early."""

    reason = forms.CharField(
        label=_("Why lift it?"),
        max_length=REASON_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class AppealForm(forms.Form):
    """The player's one answer to a decision."""

    text = forms.CharField(
        label=_("Your answer to the moderators"),
        max_length=REASON_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("You can answer each decision once; it goes back to the moderators."),
    )
