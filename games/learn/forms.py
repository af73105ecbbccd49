"""The answer form of an exercise: one text field, a point ("D4") or, for a count, a number."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

MAX_ANSWER_LENGTH = 8


class AnswerForm(forms.Form):
    """`point` is the answer as typed (or filled in by a click); judge reads any text safely."""

    point = forms.CharField(max_length=MAX_ANSWER_LENGTH, strip=True)

    def __init__(self, *args, counting: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["point"]
        if counting:
            field.label = _("Black's area")
            field.help_text = _(
                "A whole number: black stones plus the points only Black surrounds."
            )
            field.widget.attrs.update({"inputmode": "numeric", "autocomplete": "off"})
        else:
            field.label = _("Your answer")
            field.help_text = _("A point, like D4: click it on the board or type it here.")
            field.widget.attrs.update(
                {"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
            )
        field.error_messages["required"] = _("Type an answer first.")
        field.error_messages["max_length"] = _("That answer is too long.")
