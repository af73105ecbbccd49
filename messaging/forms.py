"""Forms of the notifications page and of private messages."""

from __future__ import annotations

from django import forms

from .models import BODY_MAX_LENGTH, SUBJECT_MAX_LENGTH


class MarkReadForm(forms.Form):
    """Mark one notification (`notification`) or all of them (`all`) read."""

    notification = forms.IntegerField(required=False, min_value=1)
    all = forms.BooleanField(required=False)
    page = forms.IntegerField(required=False, min_value=1)

    def clean(self) -> dict:
        data = super().clean()
        if not data.get("all") and not data.get("notification"):
            raise forms.ValidationError("Say which notification to mark read.")
        return data


class ThreadForm(forms.Form):
    """A new conversation: subject and first message. Django's CharField already refuses NUL
    characters with a clear error."""

    subject = forms.CharField(max_length=SUBJECT_MAX_LENGTH, strip=True)
    body = forms.CharField(
        label="Message",
        max_length=BODY_MAX_LENGTH,
        strip=True,
        widget=forms.Textarea(attrs={"rows": 8, "maxlength": BODY_MAX_LENGTH}),
    )


class ReplyForm(forms.Form):
    """A reply in a thread."""

    body = forms.CharField(
        label="Reply",
        max_length=BODY_MAX_LENGTH,
        strip=True,
        widget=forms.Textarea(attrs={"rows": 5, "maxlength": BODY_MAX_LENGTH}),
    )
