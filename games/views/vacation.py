"""Vacation: the balance, and starting or stopping a vacation."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone

from .. import clock, selectors
from ..errors import GameActionError
from ..services import vacations
from .common import error_message as _message
from .common import sentence as _sentence


@login_required
def vacation(request: HttpRequest) -> HttpResponse:
    """Your vacation balance; start or stop a vacation (POST action=start|stop). While you
    are on vacation your clocks stop in every game that allows it."""
    if request.method == "POST":
        action = request.POST.get("action")
        act = {"start": vacations.vacation_start, "stop": vacations.vacation_stop}.get(action)
        if act is None:
            messages.error(request, "Choose to start or to stop your vacation.")
        else:
            try:
                act(user=request.user, now=timezone.now())
            except (GameActionError, ValidationError) as error:
                messages.error(request, _sentence(_message(error)))
            else:
                messages.success(
                    request,
                    "Your vacation has started: your clocks are stopped."
                    if action == "start"
                    else "Welcome back: your clocks run again.",
                )
        return redirect("games:vacation")
    now = timezone.now()
    state = selectors.vacation_state(user=request.user, now=now)
    return render(
        request,
        "games/vacation.html",
        {
            "state": state,
            "balance": selectors.duration_label(state.balance),
            "stopped_games": selectors.games_stopped_for(user=request.user) if state.active else [],
            "days_per_year": clock.VACATION_DAYS_PER_YEAR,
            "cap_days": clock.VACATION_CAP_DAYS,
            "initial_days": clock.VACATION_INITIAL_DAYS,
        },
    )
