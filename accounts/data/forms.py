"""The form of the closing page: the player's password again (re-authentication), counted by
allauth's own "reauthenticate" rate limit."""

from __future__ import annotations

from allauth.core import ratelimit
from django import forms
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _


class AccountCloseForm(forms.Form):
    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        help_text=_("To be sure it is you, type your password again."),
    )

    def __init__(self, *args, request: HttpRequest, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.request = request

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        user = self.request.user
        if not ratelimit.consume(self.request, action="reauthenticate", user=user):
            raise forms.ValidationError(_("Too many attempts. Wait a minute and try again."))
        if not user.check_password(password):
            raise forms.ValidationError(_("That is not your password."))
        return password
