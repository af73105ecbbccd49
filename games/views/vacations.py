"""Vacations: the balance, and starting or stopping a vacation."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext

from core.refusals import refusal_kinds
from games import clock
from games.selectors import play as selectors
from games.selectors import status as status_selectors
from games.selectors import vacations as vacations_selectors
from games.services import vacations
from games.views.common import error_message as _message


@login_required
def vacation(request: HttpRequest) -> HttpResponse:
    """Your vacation balance; start or stop a vacation (POST action=start|stop). While you
    are on vacation your clocks stop in every game that allows it."""
    if request.method == "POST":
        action = request.POST.get("action")
        act = {"start": vacations.vacation_start, "stop": vacations.vacation_stop}.get(action)
        if act is None:
            messages.error(request, gettext("Choose to start or to stop your vacation."))
        else:
            try:
                act(user=request.user, now=timezone.now())
            except refusal_kinds() as error:
                messages.error(request, _message(error))
            else:
                messages.success(
                    request,
                    gettext("Your vacation has started: your clocks are stopped.")
                    if action == "start"
                    else gettext("Welcome back: your clocks run again."),
                )
        return redirect("games:vacation")
    now = timezone.now()
    state = vacations_selectors.vacation_state(user=request.user, now=now)
    return render(
        request,
        "games/vacations.html",
        {
            "state": state,
            "balance": selectors.duration_label(state.balance),
            "stopped_games": status_selectors.games_stopped_for(user=request.user)
            if state.active
            else [],
            "days_per_year": clock.VACATION_DAYS_PER_YEAR,
            "cap_days": clock.VACATION_CAP_DAYS,
            "initial_days": clock.VACATION_INITIAL_DAYS,
        },
    )
