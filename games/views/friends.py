"""\"Tell a friend\": the invitation form, the page the mailed link opens, and the "never invite
me again" link. Thin: the writes are in `games.services.friends`."""

from __future__ import annotations

from urllib.parse import urlencode

from allauth.account.adapter import get_adapter
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from core.refusals import refusal_form
from games.forms import TellAFriendForm
from games.selectors import friends as friends_selectors
from games.services import friends


@login_required
def friend_invite(request: HttpRequest) -> HttpResponse:
    """Invite a friend by e-mail to join Badux and play the game you choose."""
    form = TellAFriendForm(request.POST or None)
    refused = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            invite = friends.friend_invite_send(
                inviter=request.user,
                email=data["email"],
                note=data["note"],
                settings=data["settings"],
                creator_colour=data["colour"],
                now=timezone.now(),
            )
        except ValidationError as error:
            refused = refusal_form(form, error)
        else:
            messages.success(
                request,
                gettext(
                    "Invitation sent to %(email)s. When they join, your game invitation is "
                    "waiting for them."
                )
                % {"email": invite.email},
            )
            return redirect("games:invite_friend")
    status = refused or (400 if form.errors else 200)
    context = {"form": form, "invites": friends_selectors.friend_invites_list(inviter=request.user)}
    return render(request, "games/friend_invite.html", context, status=status)


def invite_landing(request: HttpRequest, token: str) -> HttpResponse:
    """The page an invitation mail links to: who invites you to what, and a sign-up button.
    Opening it vouches for the address the link was mailed to, so signing up with it needs no
    second confirmation mail (allauth's stashed verified e-mail)."""
    try:
        invite = friends.invite_from_token(token)
    except friends.BadInviteLink as error:
        return render(request, "games/invite_bad.html", {"error": error}, status=400)
    joined = invite.invitee_id is not None
    if not joined and not request.user.is_authenticated:
        get_adapter(request).stash_verified_email(request, invite.email)
    signup_url = f"{reverse('account_signup')}?{urlencode({'email': invite.email})}"
    context = {"invite": invite, "joined": joined, "signup_url": signup_url}
    return render(request, "games/invite_landing.html", context)


@csrf_exempt  # mail clients post RFC 8058 one-click requests without a CSRF token
@require_http_methods(["GET", "POST"])
def invite_never(request: HttpRequest, token: str) -> HttpResponse:
    """GET: ask to confirm. POST (the button, or a mail client's one-click request): never
    send an invitation to this address again. No login: the signed token names the address."""
    try:
        email = friends.opt_out_token_read(token)
    except friends.BadInviteLink as error:
        return render(request, "games/invite_bad.html", {"error": error}, status=400)
    if request.method == "POST":
        friends.invite_opt_out(email=email, now=timezone.now())
        return render(request, "games/invite_never.html", {"email": email, "done": True})
    return render(request, "games/invite_never.html", {"email": email, "token": token})
