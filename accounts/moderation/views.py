"""Moderation's pages: a player reports a player or their profile; the moderators' queue, a
report with its decision form, the staff log; a player's page of the decisions about them,
with their one appeal and (for moderators) the lift of a restriction; a decision opened from
its mail's signed link, logged out too (a banned player), with the same one appeal."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts.models import User
from accounts.moderation import links, selectors, services
from accounts.moderation.forms import AppealForm, LiftForm, ReportForm, SanctionForm
from accounts.moderation.models import GamesChoice, Report, ReportKind, Sanction, SanctionKind
from accounts.selectors import user_get_by_username
from core.confirmations import confirmation_given, confirmation_page
from core.refusals import refusal_answer, refusal_form, refusal_kinds


def _moderator_required(request: HttpRequest) -> None:
    if not selectors.moderator_is(user=request.user):
        raise PermissionDenied(_("Only the site's moderators can see this page."))


def profile_snapshot(*, user: User) -> str:
    """A copy of what a player's profile says, kept with a report about it."""
    return _("Name: %(name)s\nDisplay name: %(display)s\nCountry: %(country)s\nAbout:\n%(bio)s") % {
        "name": user.username,
        "display": user.display_name,
        "country": user.country,
        "bio": user.bio,
    }


@login_required
def moderation_report_player(request: HttpRequest, username: str) -> HttpResponse:
    """Report a player (their behaviour) or their profile (what it says) to the moderators:
    the form (GET), then the report (POST, with a copy of the profile as it reads now)."""
    reported = user_get_by_username(username=username)
    back = reported.get_absolute_url()
    form = ReportForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            kind = (
                ReportKind.PROFILE if request.POST.get("what") == "profile" else ReportKind.PLAYER
            )
            try:
                services.report_create(
                    reporter=request.user,
                    reported_user=reported,
                    kind=kind,
                    snapshot=profile_snapshot(user=reported),
                    reason=form.cleaned_data["reason"],
                    url=request.build_absolute_uri(back),
                    target=reported,
                )
            except refusal_kinds() as error:
                status = refusal_form(form, error)
            else:
                messages.success(request, _("Your report was sent to the moderators."))
                return redirect(back)
    context = {"reported": reported, "form": form, "back": back}
    return render(request, "accounts/moderation/report_player.html", context, status=status)


@login_required
def moderation_queue(request: HttpRequest) -> HttpResponse:
    """The moderators' queue: every open report, oldest first."""
    _moderator_required(request)
    context = {"reports": selectors.reports_open()}
    return render(request, "accounts/moderation/queue.html", context)


@login_required
def moderation_log(request: HttpRequest) -> HttpResponse:
    """The staff log: every decision, newest first."""
    _moderator_required(request)
    return render(request, "accounts/moderation/log.html", {"entries": selectors.staff_log()})


def _decision_asked(request: HttpRequest, form: SanctionForm, player: User) -> HttpResponse | None:
    """The page asking first before a suspension or a ban (core.confirmations); None when
    nothing needs asking."""
    kind = form.cleaned_data["kind"]
    if kind not in (SanctionKind.SUSPEND, SanctionKind.BAN) or confirmation_given(request):
        return None
    names = {"name": player.username}
    if kind == SanctionKind.BAN:
        question = _("Ban %(name)s?") % names
        said = [_("Their account is closed: they cannot log in until the ban ends.")]
        button = _("Yes, ban")
    else:
        question = _("Suspend %(name)s?") % names
        said = [_("They cannot play, chat or write to other players until it ends.")]
        button = _("Yes, suspend")
    if form.cleaned_data["games"]:
        choice = GamesChoice(form.cleaned_data["games"]).label
        said.append(_("Their running games: %(choice)s.") % {"choice": choice})
    return confirmation_page(
        request, question=question, consequences=said, button=button, back=request.path
    )


@login_required
def moderation_report(request: HttpRequest, report_id: int) -> HttpResponse:
    """One report: what was reported (the copy), by whom, why; the player's earlier reports
    and decisions; and the decision form (POST), which asks first before a suspension or a
    ban."""
    _moderator_required(request)
    report = get_object_or_404(
        Report.objects.select_related("reporter", "reported_user"), pk=report_id
    )
    player = report.reported_user
    form = SanctionForm(request.POST or None)
    status = 200
    if request.method == "POST" and player is not None:
        status = 400
        if form.is_valid():
            asked = _decision_asked(request, form, player)
            if asked is not None:
                return asked
            now = timezone.now()
            try:
                services.sanction_take(
                    moderator=request.user,
                    user=player,
                    kind=form.cleaned_data["kind"],
                    reason=form.cleaned_data["reason"],
                    ends_at=form.ends_at(now),
                    games=form.cleaned_data["games"] or "",
                    report_ids=(report.pk,),
                    now=now,
                )
            except refusal_kinds() as error:
                status = refusal_form(form, error)
            else:
                messages.success(request, _("The decision is taken and logged."))
                return redirect("moderation_queue")
    context = {
        "report": report,
        "player": player,
        "form": form,
        "history": selectors.reports_about(user_id=player.pk).exclude(pk=report.pk)[:20]
        if player
        else [],
        "sanctions": selectors.sanctions_of(user_id=player.pk)[:20] if player else [],
    }
    return render(request, "accounts/moderation/report.html", context, status=status)


@login_required
def moderation_player(request: HttpRequest, username: str) -> HttpResponse:
    """The decisions about a player, with their reasons: the player's own page (with the
    appeal form for each decision not answered yet), or any player's for a moderator (with
    the lift form for a restriction in force)."""
    player = user_get_by_username(username=username)
    moderator = selectors.moderator_is(user=request.user)
    if player.pk != request.user.pk and not moderator:
        raise PermissionDenied(_("This page is the player's own."))
    now = timezone.now()
    context = {
        "player": player,
        "sanctions": selectors.sanctions_of(user_id=player.pk),
        "in_force": {s.pk for s in selectors.sanctions_in_force(user_id=player.pk, now=now)},
        "is_self": player.pk == request.user.pk,
        "moderator": moderator,
    }
    return render(request, "accounts/moderation/player.html", context)


@login_required
@require_POST
def moderation_appeal(request: HttpRequest, sanction_id: int) -> HttpResponse:
    """The player's one answer to a decision about them; it goes to the queue."""
    back = reverse("moderation_player", args=[request.user.username])
    form = AppealForm(request.POST)
    try:
        if not form.is_valid():
            return _form_refused(request, form, back)
        services.appeal_file(
            user=request.user,
            sanction_id=sanction_id,
            text=form.cleaned_data["text"],
            now=timezone.now(),
        )
    except refusal_kinds() as error:
        return refusal_answer(request, error, back=back)
    messages.success(request, _("Your answer was sent to the moderators."))
    return redirect(back)


@login_required
@require_POST
def moderation_lift(request: HttpRequest, sanction_id: int) -> HttpResponse:
    """A moderator ends a mute, suspension or ban now."""
    _moderator_required(request)
    sanction = get_object_or_404(Sanction.objects.select_related("user"), pk=sanction_id)
    back = reverse("moderation_player", args=[sanction.user.username])
    form = LiftForm(request.POST)
    if not form.is_valid():
        return _form_refused(request, form, back)
    try:
        services.sanction_lift(
            moderator=request.user,
            sanction_id=sanction.pk,
            reason=form.cleaned_data["reason"],
            now=timezone.now(),
        )
    except refusal_kinds() as error:
        return refusal_answer(request, error, back=back)
    messages.success(request, _("Lifted, and logged."))
    return redirect(back)


def _form_refused(request: HttpRequest, form, back: str) -> HttpResponse:
    for errors in form.errors.values():
        for error in errors:
            messages.error(request, error)
    return redirect(back)


@require_http_methods(["GET", "POST"])
def moderation_decision_link(request: HttpRequest, token: str) -> HttpResponse:
    """A decision opened from the link its mail carries (accounts.moderation.links), logged out
    too (a banned player cannot log in): the decision, its reason and end date, and the
    player's one answer. Only a valid, unexpired token opens it (else 403, nothing shown)."""
    try:
        sanction = links.decision_from_token(token=token)
    except links.DecisionLinkInvalid as error:
        return refusal_answer(request, error, back=reverse("home"))
    form = AppealForm(request.POST if request.method == "POST" else None)
    status = 200
    if form.is_bound:
        status = 400
        if form.is_valid():
            try:
                services.appeal_file(
                    user=sanction.user,
                    sanction_id=sanction.pk,
                    text=form.cleaned_data["text"],
                    now=timezone.now(),
                )
            except refusal_kinds() as error:
                status = refusal_form(form, error)
            else:
                messages.success(request, _("Your answer was sent to the moderators."))
                return redirect(request.path)
    context = {
        "sanction": sanction,
        "form": form,
        "in_force": sanction.restricts and sanction.ended is None,
    }
    return render(request, "accounts/moderation/decision_link.html", context, status=status)
