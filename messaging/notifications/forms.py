"""Forms of the notifications page."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext


class MarkReadForm(forms.Form):
    """Mark one notification (`notification`) or all of them (`all`) read. The page sends
    these as hidden inputs of its buttons."""

    notification = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)
    all = forms.BooleanField(required=False, widget=forms.HiddenInput)
    # The key of the page the button was on (core.keyset: after= or, reached by Newer,
    # before=), to go back to it.
    after = forms.CharField(required=False, max_length=80, widget=forms.HiddenInput)
    before = forms.CharField(required=False, max_length=80, widget=forms.HiddenInput)

    def clean(self) -> dict:
        data = super().clean()
        if not data.get("all") and not data.get("notification"):
            raise forms.ValidationError(gettext("Say which notification to mark read."))
        return data
