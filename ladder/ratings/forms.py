"""Forms of the rating pages: the search by rating range and the declared rank."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy

from ladder.ratings import ranks
from ladder.ratings.models import Family


class RatingSearchForm(forms.Form):
    family = forms.ChoiceField(
        label=gettext_lazy("Game"), choices=Family.choices, initial=Family.GO
    )
    low = forms.IntegerField(
        label=gettext_lazy("From rating"), required=False, min_value=0, max_value=5000
    )
    high = forms.IntegerField(
        label=gettext_lazy("To rating"), required=False, min_value=0, max_value=5000
    )


class DeclareForm(forms.Form):
    family = forms.ChoiceField(label=gettext_lazy("Game"), choices=Family.choices)
    rank = forms.CharField(
        label=gettext_lazy("Rank"),
        max_length=8,
        help_text=gettext_lazy("30k to 1k, or 1d to 9d"),
    )

    def clean_rank(self) -> str:
        rank = self.cleaned_data["rank"]
        try:
            ranks.parse_rank(rank)
        except ValueError as error:
            raise ValidationError(
                gettext_lazy("“%(rank)s” is not a rank: use 30k to 1k or 1d to 9d."),
                code="not_a_rank",
                params={"rank": rank},
            ) from error
        return rank
