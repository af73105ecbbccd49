"""The player's answer to returned mail: their mailbox works again."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from messaging.bounces.services import address_health_reset


@login_required
@require_POST
def bounces_retry(request: HttpRequest) -> HttpResponse:
    """Mail the player's current address again, then back to the page they came from."""
    if address_health_reset(user=request.user, email=request.user.email):
        messages.success(
            request,
            gettext("The site will mail %(address)s again.") % {"address": request.user.email},
        )
    back = request.META.get("HTTP_REFERER", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = "preferences_edit"
    return redirect(back)
