"""\"Contact the site about this game\": the form on every game page; and the site-wide
contact page the footer links when no CONTACT_EMAIL is set."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext

from core.refusals import refusal_form
from games.forms import ContactForm, SiteContactForm
from games.services import contact
from games.views.common import board_redirect, viewable_game


@login_required
def contact_staff(request: HttpRequest, game_id: int) -> HttpResponse:
    """Write to the site staff about this game (anyone who may see the game)."""
    game = viewable_game(request, game_id)
    form = ContactForm(request.POST or None)
    refused = None
    if request.method == "POST" and form.is_valid():
        try:
            contact.game_contact_create(
                game_id=game.pk,
                user=request.user,
                text=form.cleaned_data["text"],
                now=timezone.now(),
            )
        except ValidationError as error:
            refused = refusal_form(form, error)
        else:
            messages.success(
                request, gettext("Your message was sent to the site staff; they answer by e-mail.")
            )
            return board_redirect(game.pk)
    status = refused or (400 if form.errors else 200)
    return render(request, "games/contact.html", {"game": game, "form": form}, status=status)


@login_required
def site_contact(request: HttpRequest) -> HttpResponse:
    """Write to the site staff about anything (signed-in players, under the "contact" limit)."""
    form = SiteContactForm(request.POST or None)
    refused = None
    if request.method == "POST" and form.is_valid():
        try:
            contact.site_contact_create(
                user=request.user, text=form.cleaned_data["text"], now=timezone.now()
            )
        except ValidationError as error:
            refused = refusal_form(form, error)
        else:
            messages.success(
                request, gettext("Your message was sent to the site staff; they answer by e-mail.")
            )
            return redirect("home")
    status = refused or (400 if form.errors else 200)
    return render(request, "games/site_contact.html", {"form": form}, status=status)
