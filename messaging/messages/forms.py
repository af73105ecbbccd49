"""Forms of private messages: a new conversation and a reply."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from messaging.messages.models import BODY_MAX_LENGTH, SUBJECT_MAX_LENGTH


class ThreadForm(forms.Form):
    """A new conversation: subject and first message. Django's CharField already refuses NUL
    characters with a clear error."""

    subject = forms.CharField(
        label=gettext_lazy("Subject"), max_length=SUBJECT_MAX_LENGTH, strip=True
    )
    body = forms.CharField(
        label=gettext_lazy("Message"),
        max_length=BODY_MAX_LENGTH,
        strip=True,
        widget=forms.Textarea(attrs={"rows": 8, "maxlength": BODY_MAX_LENGTH}),
    )


class ReplyForm(forms.Form):
    """A reply in a thread."""

    body = forms.CharField(
        label=gettext_lazy("Reply"),
        max_length=BODY_MAX_LENGTH,
        strip=True,
        widget=forms.Textarea(attrs={"rows": 5, "maxlength": BODY_MAX_LENGTH}),
    )
