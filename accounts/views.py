"""Site pages owned by the accounts app. Thin: forms validate, services write, selectors read."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import CsrfViewMiddleware
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from accounts import selectors, services
from accounts.api import tokens as api_tokens
from accounts.forms import (
    ApiTokenForm,
    PlayerSearchForm,
    PreferencesForm,
    ProfileForm,
    RelationForm,
)
from accounts.locale import language_codes
from accounts.models import RelationKind
from core.confirmations import confirmation_given, confirmation_page
from core.refusals import refusal_form, refusal_message

PAGE_SIZE = 25


def home(request: HttpRequest) -> HttpResponse:
    """The front page: what Badux is, and the way in (sign up / log in) or on."""
    return render(request, "home.html")


@csrf_exempt
@require_POST
def language_set(request: HttpRequest) -> HttpResponse:
    """The footer's language switcher: Django's `set_language` (the cookie, then back to
    `next`); a logged-in player's choice is stored too, so it follows them to their other
    devices and into their mails. POST only, works without JavaScript.

    Visitors' pages carry no CSRF token (they are kept and shared, games.pages.tags), so the
    cookie is set without one: another site could at most switch a visitor's language. A
    player's stored choice changes only with a valid token (their footer form has one)."""
    response = set_language(request)
    language = request.POST.get("language", "")
    if (
        request.user.is_authenticated
        and language in language_codes()
        and CsrfViewMiddleware(set_language).process_view(request, set_language, (), {}) is None
    ):
        services.user_language_set(user=request.user, language=language)
    return response


def profile_detail(request: HttpRequest, username: str) -> HttpResponse:
    """A player's public profile, with buddy / ignore buttons for other logged-in players."""
    profile = selectors.user_get_by_username(username=username)
    context = {
        "profile": profile,
        "country_name": selectors.country_name(code=profile.country),
        "online": selectors.user_is_online(user=profile, now=timezone.now()),
        "is_self": request.user.pk == profile.pk,
        "relation": selectors.relation_kind_get(owner=request.user, target=profile),
    }
    return render(request, "accounts/profile_detail.html", context)


@login_required
def profile_edit(request: HttpRequest) -> HttpResponse:
    """Edit your own display name, country and bio."""
    user = request.user
    status = 200
    if request.method == "POST":
        form = ProfileForm(request.POST)
        if form.is_valid():
            try:
                services.profile_update(user=user, **form.cleaned_data)
            except ValidationError as error:
                status = refusal_form(form, error)
            else:
                messages.success(request, _("Your profile was saved."))
                return redirect("profile_detail", username=user.username)
    else:
        form = ProfileForm(
            initial={"display_name": user.display_name, "country": user.country, "bio": user.bio}
        )
    return render(request, "accounts/profile_edit.html", {"form": form}, status=status)


@login_required
def preferences_edit(request: HttpRequest) -> HttpResponse:
    """Edit notifications, board appearance and time zone."""
    user = request.user
    prefs = selectors.preferences_get(user=user)
    status = 200
    if request.method == "POST":
        form = PreferencesForm(request.POST)
        if form.is_valid():
            try:
                prefs = services.preferences_update(
                    user=user, now=timezone.now(), **form.cleaned_data
                )
            except ValidationError as error:
                status = refusal_form(form, error)
            else:
                messages.success(request, _("Your preferences were saved."))
                return redirect("preferences_edit")
    else:
        modes = selectors.notify_modes_get(user=user)
        form = PreferencesForm(
            initial=PreferencesForm.initial_for(
                prefs=prefs, modes=modes, time_zone=user.time_zone, language=user.language
            )
        )
    board = selectors.board_appearance_get(user=user)
    return render(
        request,
        "accounts/preferences.html",
        {"form": form, "board": board, **_token_context(user, ApiTokenForm())},
        status=status,
    )


def _token_context(user, token_form: ApiTokenForm) -> dict:
    return {
        "token_form": token_form,
        "api_tokens": api_tokens.api_tokens_list(user=user),
        "tokens_most": api_tokens.tokens_per_user(),
    }


@login_required
@require_POST
def api_token_create(request: HttpRequest) -> HttpResponse:
    """Create a personal access token and show it, once: the page answering this POST is the
    only place it ever appears (it is not stored, only its hash)."""
    user = request.user
    form = ApiTokenForm(request.POST)
    status = 400
    if form.is_valid():
        try:
            token, raw = api_tokens.api_token_create(
                user=user,
                name=form.cleaned_data["name"],
                scope=form.cleaned_data["scope"],
                now=timezone.now(),
            )
        except ValidationError as error:
            status = refusal_form(form, error)
        else:
            response = render(
                request, "accounts/api_token_created.html", {"token": token, "raw": raw}
            )
            response["Cache-Control"] = "no-store"
            return response
    return render(
        request,
        "accounts/api_token_form.html",
        _token_context(user, form),
        status=status,
    )


@login_required
@require_POST
def api_token_revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    """Revoke one of your tokens, after asking (core.confirmations); it stops working at
    once."""
    token = (
        api_tokens.api_tokens_list(user=request.user)
        .filter(pk=token_id, revoked__isnull=True)
        .first()
        if token_id < 2**63
        else None
    )
    if token is not None and not confirmation_given(request):
        return confirmation_page(
            request,
            question=_("Revoke the token %(name)s?") % {"name": token.name},
            consequences=[
                _("Programs using it are refused from then on."),
                _("A revoked token never works again; you can make a new one."),
            ],
            button=_("Yes, revoke it"),
            back=f"{reverse('preferences_edit')}#api-tokens",
        )
    if api_tokens.api_token_revoke(user=request.user, token_id=token_id, now=timezone.now()):
        messages.success(request, _("The token was revoked; programs using it are now refused."))
    else:
        messages.error(request, _("That token was not found or was already revoked."))
    return redirect(f"{reverse('preferences_edit')}#api-tokens")


@login_required
def contacts(request: HttpRequest) -> HttpResponse:
    """Your buddy list and your ignore list."""
    return render(
        request,
        "accounts/contacts.html",
        {
            "buddies": selectors.relations_list(owner=request.user, kind=RelationKind.BUDDY),
            "ignored": selectors.relations_list(owner=request.user, kind=RelationKind.IGNORE),
        },
    )


@login_required
@require_POST
def relation_change(request: HttpRequest, username: str) -> HttpResponse:
    """Add `username` to, or remove them from, your buddy or ignore list."""
    target = selectors.user_get_by_username(username=username)
    form = RelationForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("That list change was not understood; nothing was changed."))
    else:
        kind, action = form.cleaned_data["kind"], form.cleaned_data["action"]
        buddy = kind == RelationKind.BUDDY
        if action == "add":
            try:
                services.relation_set(
                    owner=request.user, target=target, kind=kind, now=timezone.now()
                )
            except ValidationError as error:
                messages.error(request, refusal_message(error))
            else:
                done = (
                    _("%(name)s is now on your buddy list.")
                    if buddy
                    else _("%(name)s is now on your ignore list.")
                )
                messages.success(request, done % {"name": target.username})
        else:
            services.relation_remove(owner=request.user, target=target, kind=kind)
            done = (
                _("%(name)s is no longer on your buddy list.")
                if buddy
                else _("%(name)s is no longer on your ignore list.")
            )
            messages.success(request, done % {"name": target.username})
    next_url = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(
        next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return redirect(next_url)
    return redirect("profile_detail", username=target.username)


def who_is_here(request: HttpRequest) -> HttpResponse:
    """Players seen in the last 15 minutes, most recent first."""
    page = Paginator(selectors.users_online(now=timezone.now()), PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    return render(
        request,
        "accounts/who_is_here.html",
        {
            "page": page,
            "buddy_ids": selectors.buddy_ids_get(owner=request.user),
            "window_minutes": int(selectors.ONLINE_WINDOW.total_seconds() // 60),
        },
    )


def player_search(request: HttpRequest) -> HttpResponse:
    """Search players by name and country; no filter lists everyone. Pages go by username
    (`?after=` / `?before=`, see `selectors.users_search_page`), uncounted."""
    form = PlayerSearchForm(request.GET or None)
    page = None
    if not form.is_bound or form.is_valid():
        filters = form.cleaned_data if form.is_bound else {"name": "", "country": ""}
        page = selectors.users_search_page(
            name=filters["name"],
            country=filters["country"],
            after=request.GET.get("after", ""),
            before=request.GET.get("before", ""),
            size=PAGE_SIZE,
        )
    return render(request, "accounts/search.html", {"form": form, "page": page})
