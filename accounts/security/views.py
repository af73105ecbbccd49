"""Pages of account security beside allauth's: the overview the preferences page links to, and
ending one session from allauth.usersessions' list. Thin: selectors read, services write."""

from __future__ import annotations

from allauth.usersessions.models import UserSession
from allauth.usersessions.views import list_usersessions
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from accounts.security import selectors, services
from core.confirmations import confirmation_given, confirmation_page


@login_required
def security_overview(request: HttpRequest) -> HttpResponse:
    """Where each part of the player's account security stands (second factor, sessions,
    e-mail address, password) with a link to the page that changes it."""
    user = request.user
    kinds = selectors.second_factor_kinds(user=user)
    context = {
        "totp_active": "totp" in kinds,
        "webauthn_active": "webauthn" in kinds,
        "recovery_codes_active": "recovery_codes" in kinds,
        "second_factor_required": selectors.second_factor_required(user=user),
        "sessions_count": selectors.user_sessions_count(user=user),
    }
    return render(request, "accounts/security.html", context)


@login_required
@require_POST
def user_session_end(request: HttpRequest, session_id: int) -> HttpResponse:
    """End one of the player's sessions (asked first): that browser is logged out at its next
    request; ending the current one logs out here."""
    session = UserSession.objects.filter(user_id=request.user.pk, pk=session_id).first()
    back = reverse("usersessions_list")
    if session is not None and not confirmation_given(request):
        return confirmation_page(
            request,
            question=_("End this session?"),
            consequences=[
                _("The browser %(browser)s (IP address %(ip)s) will be logged out.")
                % {
                    "browser": selectors.user_agent_name(user_agent=session.user_agent)
                    or session.user_agent
                    or _("unknown"),
                    "ip": session.ip,
                },
            ],
            button=_("Yes, end it"),
            back=back,
        )
    if services.user_session_end(request=request, user=request.user, session_id=session_id):
        messages.success(request, _("The session was ended."))
    if not request.user.is_authenticated:
        return redirect("account_login")
    return redirect(back)


@login_required
@require_POST
def user_sessions_end_others(request: HttpRequest) -> HttpResponse:
    """End every session of the player but this one (asked first)."""
    if not confirmation_given(request):
        return confirmation_page(
            request,
            question=_("End all your other sessions?"),
            consequences=[_("Every other browser logged in to your account will be logged out.")],
            button=_("Yes, end them"),
            back=reverse("usersessions_list"),
        )
    ended = services.user_sessions_end_others(request=request, user=request.user)
    messages.success(
        request,
        ngettext("%(count)d session was ended.", "%(count)d sessions were ended.", ended)
        % {"count": ended},
    )
    return redirect("usersessions_list")


@login_required
def user_sessions_list(request: HttpRequest) -> HttpResponse:
    """allauth.usersessions' list at its own address (/accounts/sessions/, routed here before
    allauth's URLs). Its POST, allauth's "end the other sessions", asks first like the list's
    own button: it is `user_sessions_end_others`, whose confirmation posts back here."""
    if request.method == "POST":
        return user_sessions_end_others(request)
    return list_usersessions(request)
